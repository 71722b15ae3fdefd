"""Barbu with players not a multiple of four: a sit-out each round.

Five players, two rounds, one table: player 1 sits out round 1, player 2
round 2 (``sitout_movement``). Every manche is the same sheet turned so that
its declarer holds the first role; a sit-out scores 0 for the round, the
average of a manche (every manche totals 0).
"""

from __future__ import annotations

import pytest
from barbu_play import barbu_event_post
from django.test import Client
from django.urls import reverse
from tablet_play import tablet_client

from tournaments.models import BarbuDeal, BarbuScore, Event, Section

pytestmark = pytest.mark.django_db

SEATS = "NESW"
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eva"]
# The manche of test_barbu_pages' SHEET, declared by N: with its doubles
# (E, S, W each double N twice) the declarer ends on 0+0-6-24-22+35+20 = +3,
# the next seat clockwise -20+0-16+12-14+10+45 = +17, the next
# 0-10-4-12-6+10-10 = -32 and the last 0-20-4+0+16+10+10 = +12 (sum 0).
MANCHE = [
    ("barbu", {"king": "E"}, []),
    ("last-two", {"penultimate": "S", "last": "W"}, []),
    ("hearts", {"hearts": {"N": 3, "E": 6, "S": 2, "W": 2}, "ace": "E"}, []),
    ("queens", {"queens": {"N": 2, "S": 2}}, [["E", "N", 1]]),
    (
        "tricks",
        {"tricks": {"N": 5, "E": 4, "S": 3, "W": 1}},
        [["S", "N", 1], ["W", "N", 1], ["W", "E", 1], ["W", "S", 1]],
    ),
    (
        "trump",
        {"tricks": {"N": 4, "E": 3, "S": 3, "W": 3}},
        [["E", "N", 1], ["S", "N", 1], ["W", "N", 1]],
    ),
    ("reussite", {"order": ["E", "N", "W", "S"]}, []),
]
ROLE_POINTS = (3, 17, -32, 12)


def turned(value: object, by: int) -> object:
    """The record or doubles with every seat moved ``by`` places clockwise."""
    if isinstance(value, str) and value in SEATS:
        return SEATS[(SEATS.index(value) + by) % 4]
    if isinstance(value, dict):
        return {turned(k, by): turned(v, by) for k, v in value.items()}
    if isinstance(value, list):
        return [turned(item, by) for item in value]
    return value


@pytest.fixture
def event(api) -> dict:
    response = barbu_event_post(api, NAMES, name="Barbu of five", rounds=2)
    assert response.status_code == 201, response.json()
    return response.json()


def enter_manche(api, event, round_number):
    url = reverse("api-barbu-deals", args=[event["section"]])
    by = round_number - 1  # N declares round 1, E round 2
    for order, (contract, record, doubles) in enumerate(MANCHE, start=1):
        data = {
            "round": round_number,
            "table": 1,
            "contract": contract,
            "order": order,
            "record": turned(record, by),
            "doubles": turned(doubles, by),
        }
        data |= {"trump": "S"} if contract == "trump" else {}
        data |= {"height": "9"} if contract == "reussite" else {}
        response = api.post(url, data, "application/json")
        assert response.status_code == 201, response.json()
    return response.json()["players"]


def test_five_players_one_sitting_out_each_round(api, event, director):
    assert (event["tables"], event["rounds"]) == (1, 2)
    names = {p["number"]: p["name"] for p in event["players"]}
    assert names == dict(enumerate(NAMES, start=1))
    # Round 1: 1 (Ann) sits out; N 2 declares, E 3, S 4, W 5.
    assert enter_manche(api, event, 1) == {"N": 2, "E": 3, "S": 4, "W": 5}
    # Round 2: 2 (Ben) sits out; E 1 declares (he has not yet), S 3, W 4, N 5.
    assert enter_manche(api, event, 2) == {"N": 5, "E": 1, "S": 3, "W": 4}
    ranking = api.get(reverse("api-barbu-ranking", args=[event["id"]])).json()
    totals = {row["player"]: (row["points"], row["deals"]) for row in ranking}
    # 1: declarer of round 2 (+3), 0 sitting out round 1;
    # 2: declarer of round 1 (+3), 0 sitting out round 2;
    # 3: next after the declarer twice, 17 + 17 = 34;
    # 4: -32 - 32 = -64;  5: 12 + 12 = 24.  Sum 3 + 3 + 34 - 64 + 24 = 0.
    assert totals == {
        1: (3, 7),
        2: (3, 7),
        3: (34, 14),
        4: (-64, 14),
        5: (24, 14),
    }
    # 1 and 2 tie for third place.
    ranks = {row["player"]: str(row["rank"]) for row in ranking}
    assert ranks == {3: "1", 5: "2", 1: "3=", 2: "3=", 4: "5"}, ranks
    section = Section.objects.get(pk=event["section"])
    page = director.get(reverse("director:event", args=[event["id"]]))
    html = page.content.decode()
    assert page.status_code == 200 and "Sitting out" in html
    assert "compulsory doubles of the declarer: 2 a manche" in html
    assert "1 Ann" in html and "2 Ben" in html
    Event.objects.filter(pk=event["id"]).update(published=True)
    ann = BarbuScore.objects.get(entrant__section=section, entrant__number=1)
    card = Client().get(
        reverse("results:barbu-player", args=[event["id"], ann.entrant.pk])
    )
    assert "Sat out in round 1" in card.content.decode()
    assert BarbuDeal.objects.count() == 14


def test_a_sit_out_has_no_table_on_the_tablet_or_the_cards(api, event, director):
    cards = director.get(reverse("director:barbu-cards", args=[event["id"]]))
    assert cards.status_code == 200
    html = cards.content.decode()
    assert "Round 1: 1 Ann sit(s) out." in html
    assert "Round 2: 2 Ben sit(s) out." in html
    section = Section.objects.get(pk=event["section"])
    tablet = tablet_client(section)
    page = tablet.get("/table/play/").content.decode()
    # Round 1 at table 1: Ben, Cat, Dan, Eva; Ann sits out.
    assert all(name in page for name in ("Ben", "Cat", "Dan", "Eva"))
    assert "Sitting out this round: Ann</p>" in page


@pytest.mark.parametrize("players", [1, 3, 52])
def test_fewer_than_four_or_more_than_51_players_are_refused(api, players):
    names = [f"P{n}" for n in range(players)]
    response = barbu_event_post(api, names, name="x")
    assert response.status_code == 400 and "players" in response.json()
    assert not Event.objects.exists()
