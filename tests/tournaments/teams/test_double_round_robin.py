"""A double round robin: each pair of teams meets twice, seats swapped (issue 22)."""

from __future__ import annotations

import re
from collections import Counter
from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from teams_play import create, enter, enter_contract, matches

from tournaments.models import Event, Pair, Session
from tournaments.movements.round_robin import berger_rounds, double_round_robin

FLAT = {"contract": "3NT", "result": "="}


@pytest.mark.parametrize("teams", [2, 3, 4, 5, 6, 8])
def test_every_pair_meets_twice_once_each_way(teams):
    rounds = double_round_robin(teams)
    berger = berger_rounds(teams)
    assert len(rounds) == 2 * len(berger)
    assert rounds[: len(berger)] == berger
    met = Counter((home, away) for played in rounds for home, away in played if away)
    for one in range(1, teams + 1):
        for other in range(one + 1, teams + 1):
            # Once with each team at home (North-South in the open room).
            assert met[one, other] == met[other, one] == 1
    for played in rounds:
        seated = [t for match in played for t in match if t is not None]
        assert sorted(seated) == list(range(1, teams + 1))
    byes = Counter(home for played in rounds for home, away in played if not away)
    assert byes == (Counter(dict.fromkeys(range(1, teams + 1), 2)) if teams % 2 else {})


def test_the_second_half_swaps_the_seats():
    assert double_round_robin(4)[3:] == [
        [(4, 1), (3, 2)],
        [(3, 4), (2, 1)],
        [(4, 2), (1, 3)],
    ]


@pytest.mark.django_db
def test_a_two_team_double_round_robin_through_the_api(api):
    """Round 1 (boards 1-4), Aces at home: board 1 (none vul.) 4S= +420 open,
    4S-1 -50 closed: 470, 10 IMPs to Aces: 15.00 - 5.00 on the WBF scale for
    4 boards (10 + 10 x (1 - t^(3 x 10 / 30)) / (1 - t^3), t = 0.618034).
    Round 2 (boards 5-8), Kings at home: board 8 (none vul.) 2S+1 +140 open
    (Kings NS), 2S-1 -50 closed (Aces NS): 190, 5 IMPs to Kings: 12.80 - 7.20.
    Aces 15.00 + 7.20 = 22.20, Kings 5.00 + 12.80 = 17.80."""
    event = create(api, 2, format="double-round-robin", boards_per_match=4)
    assert (event["format"], event["rounds"]) == ("double-round-robin", 2)
    one, two = matches(api, event["id"])
    assert [(m["round"], m["home"], m["away"]) for m in (one, two)] == [
        (1, 1, 2),
        (2, 2, 1),
    ]
    # Round 2's open room: Kings North-South, Aces East-West at table 1.
    section = Session.objects.get(event_id=event["id"], number=2).sections.get()
    assert Pair.objects.filter(section=section).count() == 4
    enter_contract(api, one, 1, "4S", "=", "-1")
    for board in (2, 3, 4):
        enter(api, one, board, FLAT, FLAT)
    for board in (5, 6, 7):
        enter(api, two, board, FLAT, FLAT)
    enter_contract(api, two, 8, "2S", "+1", "-1")
    done = {
        m["round"]: (m["home_points"], m["away_points"])
        for m in matches(api, event["id"])
    }
    assert done == {1: (15.0, 5.0), 2: (12.8, 7.2)}
    rows = api.get(reverse("api-event-standings", args=[event["id"]])).json()
    assert [(r["team"], r["points"], r["played"], r["rank"]) for r in rows] == [
        (1, pytest.approx(22.2), 2, "1"),
        (2, pytest.approx(17.8), 2, "2"),
    ]
    Event.objects.filter(pk=event["id"]).update(published=True)
    html = api.get(reverse("results:event", args=[event["id"]])).content.decode()
    assert "Cross-table" in html and "15.00 7.20" in html and "5.00 12.80" in html
    workbook = load_workbook(
        BytesIO(api.get(reverse("results:excel", args=[event["id"]])).content)
    )
    cross = list(workbook["Cross-table"].values)
    assert cross[1][2] == "15.00 7.20" and cross[2][1] == "5.00 12.80"
    assert re.search(r"Double round robin", html)
