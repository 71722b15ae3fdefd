"""Individual bridge events played through the tablets (API): 12 and 16 players.

Every table's tablet enters its boards at ``/api/sections/{id}/results/`` with
its table token, under the partnerships the assignment rows name, and
confirms them (the same line sent again); the scoring task (eager, on commit)
matchpoints each board as pairs bridge and gives each player his side's
matchpoints.

The lines depend on the table only, so the figures work out by hand: with
3 or more tables each board set travels to every table exactly once
(set ``(t + r - 2) mod 7 + 1`` at table t in round r), so each board is
played once at each table.  Every contract is 3NT by North:

* 12 players (3 tables, 1 board a round, 7 boards): table 1 makes 11 tricks,
  table 2 nine, table 3 eight.  A board has 3 lines, top 2 x (3 - 1) = 4:
  NS score 4, 2, 0 MP at tables 1, 2, 3 and EW 0, 2, 4.
* 16 players (4 tables): tables 1 to 4 make 11, 9, 8, 7 tricks; top
  2 x 3 = 6: NS 6, 4, 2, 0 MP and EW 0, 2, 4, 6.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import (
    Event,
    IndividualEntrant,
    IndividualScore,
    Result,
    Table,
)
from tournaments.tokens import issue_table_token

pytestmark = pytest.mark.django_db

NAMES = [f"Player {n:02d}" for n in range(1, 29)]
TRICKS = {1: 11, 2: 9, 3: 8, 4: 7}


def create(api, players: int, **settings) -> dict:
    body = {
        "name": "Individual night",
        "date": "2026-11-25",
        "boards_per_round": 1,
        "rounds": 7,
        "players": [{"name": name} for name in NAMES[:players]],
    } | settings
    response = api.post(reverse("api-individual-event-new"), body, "application/json")
    assert response.status_code == 201, response.json()
    return response.json()


def assignments(api, event: dict) -> list[dict]:
    url = reverse("api-section-assignments", args=[event["section"]])
    response = api.get(url)
    assert response.status_code == 200
    return response.json()


def tablet(client, section: int, table: int) -> dict:
    token = issue_table_token(Table.objects.get(section_id=section, number=table))
    return {"Authorization": f"Table {token}"}


def play(api, client, event: dict) -> list[dict]:
    """Every table enters its boards, the opponents agreeing, round by round."""
    rows = assignments(api, event)
    url = reverse("api-section-results", args=[event["section"]])
    for row in sorted(rows, key=lambda r: (r["round"], r["table"])):
        headers = tablet(client, event["section"], row["table"])
        for board in row["boards"]:
            line = {
                "board": board, "ns": row["ns"], "ew": row["ew"],
                "contract": "3NT", "declarer": "N",
                "tricks": TRICKS[row["table"]],
            }  # fmt: skip
            with api.capture(execute=True):
                entered = client.post(
                    url, line, content_type="application/json", headers=headers
                )
                assert entered.status_code == 201, entered.json()
                confirm = reverse("api-result-confirm", args=[entered.json()["id"]])
                agreed = client.post(confirm, headers=headers)
            assert agreed.status_code == 200, agreed.json()
    return rows


def player_mp(rows: list[dict], entrant_id: int, ns_mp: dict, ew_mp: dict) -> float:
    """What the table rule gives a player: his side's MP at each table."""
    total = 0.0
    for row in rows:
        if entrant_id in (row["north"], row["south"]):
            total += ns_mp[row["table"]] * len(row["boards"])
        elif entrant_id in (row["east"], row["west"]):
            total += ew_mp[row["table"]] * len(row["boards"])
    return total


def test_an_individual_of_12_through_the_tablets(api, client):
    event = create(api, 12)
    assert event["kind"] == "individual" and event["tables"] == 3
    rows = play(api, client, event)
    # 3 tables x 7 rounds, each row with four different players of the event.
    assert len(rows) == 21
    ids = set(IndividualEntrant.objects.values_list("pk", flat=True))
    for row in rows:
        seated = {row["north"], row["east"], row["south"], row["west"]}
        assert len(seated) == 4 and seated <= ids
    assert Result.objects.count() == 21
    board_one = Result.objects.filter(board__number=1).order_by("table__number")
    assert [(r.table.number, r.mp_ns, r.mp_ew) for r in board_one] == [
        (1, 4, 0),
        (2, 2, 2),
        (3, 0, 4),
    ]
    ns_mp, ew_mp = {1: 4, 2: 2, 3: 0}, {1: 0, 2: 2, 3: 4}
    scores = {s.entrant_id: s for s in IndividualScore.objects.all()}
    assert len(scores) == 12
    for entrant_id, score in scores.items():
        # 7 boards played, top 4 each: 28 MP to win.
        assert score.boards == 7 and score.top == 28
        assert score.mp == player_mp(rows, entrant_id, ns_mp, ew_mp)
        assert score.pct == round(100 * score.mp / 28, 2)
    # By hand, from the rows: the ranking API gives the same, best first,
    # ties sharing the place.
    ranking = api.get(reverse("api-individual-ranking", args=[event["id"]])).json()
    assert [line["pct"] for line in ranking] == sorted(
        (s.pct for s in scores.values()), reverse=True
    )
    first = ranking[0]
    assert first["rank"] in ("1", "1=")
    assert first["mp"] == max(s.mp for s in scores.values())
