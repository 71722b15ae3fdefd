"""Whiz-Bridge tournaments run through the API: 4 tables (12 players) and 5 tables.

Each table's board goes in at ``/api/sections/{id}/whiz-results/``; the
scoring task (eager, run on commit) compares every board hand by hand and
stores the individual ranking.  Two boards are checked by hand.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Event, Table, WhizResult, WhizScore
from tournaments.services.tokens import issue_table_token
from tournaments.whiz.movements import whiz_movement

pytestmark = pytest.mark.django_db

NAMES = [
    "Ada", "Bea", "Cyd", "Dot", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jon", "Kim",
    "Lou", "Max", "Ned", "Oda",
]  # fmt: skip


def create(api, players: int, **settings) -> dict:
    body = {
        "name": "Whiz night",
        "date": "2026-11-20",
        "boards_per_round": 1,
        "players": [{"name": name} for name in NAMES[:players]],
    } | settings
    response = api.post(reverse("api-whiz-event-new"), body, "application/json")
    assert response.status_code == 201, response.json()
    return response.json()


def enter(api, event: dict, board: int, table: int, line: dict, status: int = 201):
    url = reverse("api-whiz-results", args=[event["section"]])
    response = api.post(
        url, {"board": board, "table": table} | line, "application/json"
    )
    assert response.status_code == status, response.json()
    return response.json()


def fill(api, event: dict, skip: int) -> None:
    """Every other board at every table: 9 of the level's suit made by N or E."""
    movement = whiz_movement(event["tables"], 1, players=len(event["players"]))
    for seating in movement.seatings:
        if seating.sits_out:
            continue
        for board in seating.boards:
            if board == skip:
                continue
            declarer = "NES"[(board + seating.table) % 3]
            tricks = 8 + (board * seating.table) % 4
            line = {"contract": "9H", "declarer": declarer, "tricks": tricks}
            enter(api, event, board, seating.table, line)


def by_table(api, event: dict, board: int) -> dict[int, dict]:
    url = reverse("api-whiz-results", args=[event["section"]])
    lines = api.get(url).json()
    return {line["table"]: line for line in lines if line["board"] == board}


def test_a_four_table_whiz_event_compares_each_hand(api):
    event = create(api, 12)
    assert (event["kind"], event["tables"], event["rounds"]) == ("whiz", 4, 4)
    labels = [p["label"] for p in event["players"]]
    assert labels[:3] == ["1N", "1E", "1S"] and len(labels) == 12
    # Board 1 (set 1) is at table 1 in round 1, then tables 4, 3 and 2.
    # Standard mark:
    #  table 1: 10S by N, 10 tricks: N 10 + game 10 = 20
    #  table 2: 10S by N, 11 tricks: N 10 + 2 + 10 = 22
    #  table 3: 9H by E, 8 tricks: one down, N and S 5 each
    #  table 4: 10SX by N, 9 tricks: one down doubled, E and S 10 each
    lines = {
        1: {"contract": "10S", "declarer": "N", "result": "="},
        2: {"contract": "10S", "declarer": "N", "result": "+1"},
        3: {"contract": "9H", "declarer": "E", "tricks": 8},
        4: {"contract": "10SX", "declarer": "N", "result": "-1"},
    }
    for table, line in lines.items():
        body = enter(api, event, 1, table, line)
    assert body["players"]["E"]["points"] == 10 and body["round"] == 2
    fill(api, event, skip=1)
    board = by_table(api, event, 1)
    points = {t: [board[t]["players"][p]["points"] for p in "NES"] for t in board}
    assert points == {1: [20, 0, 0], 2: [22, 0, 0], 3: [5, 0, 5], 4: [0, 10, 10]}
    # Top 6 (4 tables): 2 per score beaten, 1 per tie.
    # N: 20 22 5 0 -> 4 6 2 0;  E: 0 0 0 10 -> 2 2 2 6;  S: 0 0 5 10 -> 1 1 4 6
    mps = {t: [board[t]["players"][p]["mp"] for p in "NES"] for t in board}
    assert mps == {1: [4, 2, 1], 2: [6, 2, 1], 3: [2, 2, 4], 4: [0, 6, 6]}
    assert {line["top"] for line in board.values()} == {6}

    ranking = api.get(reverse("api-whiz-ranking", args=[event["id"]])).json()
    assert len(ranking) == 12
    assert all(row["boards"] == 4 for row in ranking)
    pcts = [row["pct"] for row in ranking]
    assert pcts == sorted(pcts, reverse=True)
    # Each board gives each hand 4 * 3 = 12 matchpoints: 3 hands x 4 boards.
    assert sum(row["mp"] for row in ranking) == pytest.approx(3 * 4 * 12)
    assert ranking[0]["rank"].startswith("1")


def test_a_five_table_simplified_no_overtrick_event(api):
    event = create(api, 15, mark="simplified", exact=True, boards_per_round=1)
    assert (event["tables"], event["mark"], event["exact"]) == (5, "simplified", True)
    # Simplified mark with "pas de mieux": only the exact count makes.
    #  t1 10S by N, 10 tricks: made, N 2 x 10 = 20
    #  t2 10S by N, 11 tricks: an overtrick is an undertrick, E and S 10 each
    #  t3 9NT by E, 9 tricks: E 18
    #  t4 8H by S, 7 tricks: down, N and E 8 each
    #  t5 11D by N, 11 tricks: N 22
    lines = {
        1: {"contract": "10S", "declarer": "N", "tricks": 10},
        2: {"contract": "10S", "declarer": "N", "tricks": 11},
        3: {"contract": "9NT", "declarer": "E", "tricks": 9},
        4: {"contract": "8H", "declarer": "S", "tricks": 7},
        5: {"contract": "11D", "declarer": "N", "tricks": 11},
    }
    for table, line in lines.items():
        enter(api, event, 1, table, line)
    fill(api, event, skip=1)
    board = by_table(api, event, 1)
    points = {t: [board[t]["players"][p]["points"] for p in "NES"] for t in board}
    assert points == {
        1: [20, 0, 0], 2: [0, 10, 10], 3: [0, 18, 0], 4: [8, 8, 0], 5: [22, 0, 0],
    }  # fmt: skip
    # Top 8 (5 tables).  N: 20 0 0 8 22 -> 6 1 1 4 8;  E: 0 10 18 8 0 -> 1 6 8 4 1;
    # S: 0 10 0 0 0 -> 3 8 3 3 3.
    mps = {t: [board[t]["players"][p]["mp"] for p in "NES"] for t in board}
    assert mps == {
        1: [6, 1, 3], 2: [1, 6, 8], 3: [1, 8, 3], 4: [4, 4, 3], 5: [8, 1, 3],
    }  # fmt: skip
    ranking = api.get(reverse("api-whiz-ranking", args=[event["id"]])).json()
    assert len(ranking) == 15 and all(row["boards"] == 5 for row in ranking)
    assert sum(row["mp"] for row in ranking) == pytest.approx(3 * 5 * 20)


def test_eleven_players_leave_a_table_sitting_out(api):
    event = create(api, 11)
    assert event["tables"] == 4 and len(event["players"]) == 11
    assert "4N" not in [p["label"] for p in event["players"]]
    body = enter(
        api, event, 1, 4, {"contract": "9H", "declarer": "E", "tricks": 9}, status=400
    )
    assert "table" in body
    fill(api, event, skip=0)
    scores = {s.entrant.label: s for s in WhizScore.objects.select_related("entrant")}
    # Table 4 (its North seat empty) sits out all 4 rounds: two players a
    # round, one board each.
    assert sum(s.sit_out_boards for s in scores.values()) == 8
    assert all(scores[label].boards == 4 for label in ("1N", "2N", "3N"))
    # One board each for the eight E and S players (the circuits of issue 22:
    # 4E 4S, then 2E 1S, 1E 3S, 3E 2S); on main 4E and 1S sat out two.
    moving = [f"{n}{line}" for line in "ES" for n in range(1, 5)]
    assert {label: scores[label].sit_out_boards for label in moving} == dict.fromkeys(
        moving, 1
    )


def test_a_table_token_enters_its_own_board_only(api, client):
    event = create(api, 12)
    table = Table.objects.get(section_id=event["section"], number=1)
    headers = {"Authorization": f"Table {issue_table_token(table)}"}
    url = reverse("api-whiz-results", args=[event["section"]])
    line = {"board": 1, "contract": "10S", "declarer": "N", "result": "="}
    ok = client.post(url, line, content_type="application/json", headers=headers)
    assert ok.status_code == 201 and ok.json()["table"] == 1
    same = client.post(
        url, line | {"key": "k"}, content_type="application/json", headers=headers
    )
    assert same.status_code == 200  # the same result again confirms it
    assert same.json()["disputed"] is False
    again = client.post(
        url,
        line | {"key": "k2", "result": "+1"},
        content_type="application/json",
        headers=headers,
    )
    assert again.status_code == 409  # a different second entry for the board
    other = client.post(
        url, line | {"table": 2}, content_type="application/json", headers=headers
    )
    assert other.status_code == 403
    assert WhizResult.objects.count() == 1
    assert WhizResult.objects.get().disputed is True


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ({"contract": "6S", "declarer": "N", "tricks": 9}, "contract"),
        ({"contract": "10S", "declarer": "W", "tricks": 9}, "declarer"),
        ({"contract": "10S", "declarer": "N", "result": "+4"}, "result"),
        ({"contract": "10Z", "declarer": "N", "tricks": 9}, "contract"),
        # 12 tricks bid: one over at most; 7 bid: seven under at most.
        ({"contract": "12S", "declarer": "N", "result": "+2"}, "result"),
        ({"contract": "7NT", "declarer": "E", "result": "-8"}, "result"),
        ({"contract": "12S", "declarer": "N", "result": "two"}, "result"),
        ({"contract": "12S", "declarer": "N", "tricks": 14}, "tricks"),
        ({"contract": "12S", "declarer": "N", "tricks": "x"}, "tricks"),
    ],
)
def test_bad_lines_name_the_field_and_store_nothing(api, line, field):
    event = create(api, 12)
    body = enter(api, event, 1, 1, line, status=400)
    assert list(body) == [field]
    assert not WhizResult.objects.exists()


def test_only_a_director_creates_a_whiz_event(client):
    body = {"name": "x", "date": "2026-11-20", "boards_per_round": 1, "players": []}
    response = client.post(reverse("api-whiz-event-new"), body, "application/json")
    assert response.status_code in (401, 403)
    assert not Event.objects.exists()


def test_too_few_players_is_a_400_naming_players(api):
    body = {
        "name": "x",
        "date": "2026-11-20",
        "boards_per_round": 1,
        "players": [{"name": n} for n in NAMES[:6]],
    }
    response = api.post(reverse("api-whiz-event-new"), body, "application/json")
    assert response.status_code == 400 and "players" in response.json()
    assert not Event.objects.exists()


def test_an_impossible_result_says_why(api):
    """12 tricks bid (as typed, "12s"): one over at most, so "+2" is refused."""
    event = create(api, 12)
    line = {"contract": "12s", "declarer": "N", "result": "+2"}
    body = enter(api, event, 1, 1, line, status=400)
    assert body == {"result": ["+2 is not possible in 12S."]}
    made = enter(api, event, 1, 1, line | {"result": "+1"})
    assert made["tricks"] == 13
