"""Barbu events run through the API: 8 players, two tables, a full game each."""

from __future__ import annotations

import random

import pytest
from barbu_play import barbu_event_post
from django.urls import reverse

from games.barbu import Contract
from tournaments.barbu.demo import random_record
from tournaments.models import BarbuDeal, BarbuScore

pytestmark = pytest.mark.django_db

CHOICES = {Contract.TRUMP: {"trump": "H"}, Contract.REUSSITE: {"height": "8"}}
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eva", "Fox", "Gil", "Hal"]


def create(api, players: int = 8, **settings) -> dict:
    response = barbu_event_post(api, NAMES[:players], **settings)
    assert response.status_code == 201, response.json()
    return response.json()


def enter(api, event, data, status=201):
    url = reverse("api-barbu-deals", args=[event["section"]])
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()


def test_a_barbu_event_of_two_tables_ranks_every_player(api):
    event = create(api)
    assert (event["kind"], event["tables"], event["rounds"]) == ("barbu", 2, 4)
    # Round 1, table 1: Ann N (declarer), Ben E, Cat S, Dan W, as entered.
    # The rule book's doubles example on Tricks: tricks 5, 4, 3, 1 (-2 each):
    # base -10, -8, -6, -2; S and W double N, W doubles E and S.
    deal = enter(
        api,
        event,
        {
            "round": 1,
            "table": 1,
            "contract": "tricks",
            "record": {"tricks": {"N": 5, "E": 4, "S": 3, "W": 1}},
            "doubles": [["S", "N", 1], ["W", "N", 1], ["W", "E", 1], ["W", "S", 1]],
        },
    )
    assert deal["points"] == {"N": -22, "E": -14, "S": -6, "W": 16}
    names = {p["number"]: p["name"] for p in event["players"]}
    assert [names[deal["players"][seat]] for seat in "NESW"] == [
        "Ann", "Ben", "Cat", "Dan",
    ]  # fmt: skip
    rng = random.Random(7)
    for round_number in range(1, 5):
        for table in (1, 2):
            for contract in Contract:
                if (round_number, table, contract) == (1, 1, Contract.TRICKS):
                    continue
                declarer = "NESW"[round_number - 1]
                # The compulsory doubles: everyone doubles the declarer on
                # Trump and Réussite.
                positive = contract in (Contract.TRUMP, Contract.REUSSITE)
                enter(
                    api,
                    event,
                    {
                        "round": round_number,
                        "table": table,
                        "contract": contract,
                        "record": random_record(contract, rng),
                        "doubles": [[s, declarer, 1] for s in "NESW" if s != declarer]
                        if positive
                        else [],
                    }
                    | CHOICES.get(contract, {}),
                )
    assert BarbuDeal.objects.count() == 4 * 2 * 7
    ranking = api.get(reverse("api-barbu-ranking", args=[event["id"]])).json()
    assert len(ranking) == 8 and all(row["deals"] == 28 for row in ranking)
    # Each manche's seven contracts total -20-30-24-26-30+65+65 = 0.
    assert sum(row["points"] for row in ranking) == 0
    points = [row["points"] for row in ranking]
    assert points == sorted(points, reverse=True)
    totals = {s.entrant.number: s.points for s in BarbuScore.objects.all()}
    deals = BarbuDeal.objects.all()
    for number, total in totals.items():
        assert total == sum(
            deal.points()[seat]
            for deal in deals
            for seat, entrant in deal.players().items()
            if entrant.number == number
        )


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"contract": "poker", "record": {}}, "contract"),
        ({"contract": "queens", "record": {"queens": {"N": 3}}}, "record"),
        ({"contract": "barbu", "record": {"king": "N"}, "doubles": [["N", "E", 1]]},
         "doubles"),
        ({"contract": "barbu", "record": {"king": "N"}, "round": 9}, "round"),
    ],
)  # fmt: skip
def test_bad_deals_name_the_field_and_store_nothing(api, data, field):
    event = create(api)
    body = enter(api, event, {"round": 1, "table": 1} | data, status=400)
    assert field in body
    assert not BarbuDeal.objects.exists()


def test_a_contract_twice_in_a_manche_is_a_correction(api):
    event = create(api, 4)
    first = {"round": 1, "table": 1, "contract": "barbu", "record": {"king": "E"}}
    enter(api, event, first)
    deal = enter(api, event, first | {"record": {"king": "S"}})
    assert deal["points"] == {"N": 0, "E": 0, "S": -20, "W": 0}
    assert BarbuDeal.objects.count() == 1


def test_players_not_filling_tables_of_four_sit_out_in_turn(api):
    # Six players: one table, two sit out each round, in turn: 1-2, 3-4, 5-6,
    # then 1-2 again.
    event = create(api, 6)
    assert (event["tables"], event["rounds"]) == (1, 4)
    deal = enter(
        api,
        event,
        {"round": 3, "table": 1, "contract": "barbu", "record": {"king": "N"}},
    )
    assert sorted(deal["players"].values()) == [1, 2, 3, 4]
