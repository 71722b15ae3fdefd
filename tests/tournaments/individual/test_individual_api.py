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

from itertools import pairwise

import pytest
from django.urls import reverse

from tournaments.models import (
    Event,
    IndividualEntrant,
    IndividualScore,
    Pair,
    Result,
    Table,
)
from tournaments.services.tokens import issue_table_token

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
    # By hand, from the committed 12-player schedule (7 rounds, 1 board):
    # player 1 sits E at table 3 (4), W at 1 (0), E at 2 (2), E at 2 (2),
    # N at 2 (2), W at 3 (4), W at 1 (0): 14 of 28 = 50 %, fifth with
    # players 4, 7 and 12.  Player 2: N at 1 (4), E at 3 (4), N at 1 (4),
    # S at 2 (2), E at 3 (4), W at 1 (0), N at 3 (0): 18 = 64.29 %, second
    # with 5 and 11.  Player 3 is alone first on 24 = 85.71 %; player 6 last
    # on 6 = 21.43 %.
    by_number = {line["player"]: line for line in ranking}
    expected = {1: (14, 50.0, "5="), 2: (18, 64.29, "2="), 3: (24, 85.71, "1"),
                6: (6, 21.43, "12")}  # fmt: skip
    for number, (mp, pct, rank) in expected.items():
        line = by_number[number]
        assert (line["mp"], line["pct"], line["rank"]) == (mp, pct, rank)


def test_an_individual_of_16_through_the_tablets(api, client):
    """16 players, 4 tables, 4 boards a round shared by the four tables (each
    plays all four, passing them on): 28 boards, each played once at every
    table, top 6.  A player plays 7 rounds x 4 boards = 28 boards, top
    28 x 6 = 168.  By the table rule, a player's MP is 4 x (his side's MP at
    each table he sat at), e.g. N at table 1 in every round would score
    7 x 4 x 6 = 168 = 100 %."""
    event = create(api, 16, boards_per_round=4)
    assert event["tables"] == 4
    rows = play(api, client, event)
    assert len(rows) == 28 and Result.objects.count() == 28 * 4
    board = Result.objects.filter(board__number=5).order_by("table__number")
    # Board 5 (round 2), 3NT by N: 11, 9, 8, 7 tricks at tables 1-4.
    assert [(r.table.number, r.score_ns, r.mp_ns, r.mp_ew) for r in board] == [
        (1, 660, 6, 0),  # board 5: NS vulnerable, 3NT+2 = 660
        (2, 600, 4, 2),
        (3, -100, 2, 4),
        (4, -200, 0, 6),
    ]
    ns_mp, ew_mp = {1: 6, 2: 4, 3: 2, 4: 0}, {1: 0, 2: 2, 3: 4, 4: 6}
    scores = list(
        IndividualScore.objects.select_related("entrant").order_by("position")
    )
    assert len(scores) == 16
    for score in scores:
        assert score.boards == 28 and score.top == 168
        assert score.mp == player_mp(rows, score.entrant_id, ns_mp, ew_mp)
        assert score.pct == round(100 * score.mp / 168, 2)
    # Ranking: percentages never rise down the list; equal ones share a rank
    # written with "=", the next rank skips.
    pcts = [s.pct for s in scores]
    assert pcts == sorted(pcts, reverse=True)
    # By hand, from the committed 16-player schedule (4 boards a round):
    # player 1 sits S at table 2 (4 x 4 = 16), E at 3 (16), W at 1 (0), N at 1
    # (24), S at 2 (16), E at 3 (16), E at 1 (0): 88 of 168 = 52.38 %, fifth
    # with players 3, 6 and 11; player 2 S at 3 (8), N at 3 (8), S at 4 (0),
    # N at 3 (8), W at 1 (0), W at 3 (16), N at 4 (0): 40 = 23.81 %, last;
    # players 8 and 15 share first on 128 = 76.19 %.
    by_number = {s.entrant.number: s for s in scores}
    expected = {1: (88, 52.38, "5="), 2: (40, 23.81, "16"), 8: (128, 76.19, "1="),
                15: (128, 76.19, "1=")}  # fmt: skip
    for number, (mp, pct, rank) in expected.items():
        score = by_number[number]
        assert (score.mp, score.pct, score.rank) == (mp, pct, rank)
    for before, after in pairwise(scores):
        if before.pct == after.pct:
            assert before.rank == after.rank and before.rank.endswith("=")


def test_thirteen_players_one_sits_out_each_round(api, client):
    """13 players: 3 tables and one player out each round (7 sit-outs, so 7
    players sit out once and 6 never).  3 boards a round shared by the three
    tables; a board has 3 lines, top 4.  A player who sat out once played 6
    rounds = 18 boards, top 72; one who never sat out 21 boards, top 84; the
    sit-out boards count for nothing."""
    event = create(api, 13, boards_per_round=3)
    rows = play(api, client, event)
    out = [p for row in rows for p in row["sitting_out"]]
    assert len(out) == 7 and len(set(out)) == 7
    ns_mp, ew_mp = {1: 4, 2: 2, 3: 0}, {1: 0, 2: 2, 3: 4}
    for score in IndividualScore.objects.all():
        expected_boards = 18 if score.entrant_id in out else 21
        assert score.boards == expected_boards
        assert score.top == expected_boards * 4
        assert score.mp == player_mp(rows, score.entrant_id, ns_mp, ew_mp)
        assert score.pct == round(100 * score.mp / score.top, 2)


def test_a_tablet_writes_only_its_own_table_and_partnerships(api, client):
    event = create(api, 12, boards_per_round=3)
    rows = {(r["round"], r["table"]): r for r in assignments(api, event)}
    url = reverse("api-section-results", args=[event["section"]])
    mine, theirs = rows[1, 1], rows[1, 2]
    line = {"board": theirs["boards"][0], "ns": theirs["ns"], "ew": theirs["ew"],
            "contract": "3NT", "declarer": "N", "tricks": 9}  # fmt: skip
    # Table 1's tablet writing table 2's partnerships: refused, nothing stored.
    response = client.post(
        url, line, content_type="application/json",
        headers=tablet(client, event["section"], 1),
    )  # fmt: skip
    assert response.status_code in (400, 403)
    # Its own board under another table's partnerships: refused, naming ns.
    swapped = line | {"ns": theirs["ns"], "ew": mine["ew"], "board": mine["boards"][0]}
    response = client.post(
        url, swapped, content_type="application/json",
        headers=tablet(client, event["section"], 1),
    )  # fmt: skip
    assert response.status_code == 400 and "ns" in response.json()
    # A partnership of round 2 in round 1: refused.
    later = line | {"ns": rows[2, 1]["ns"], "ew": rows[2, 1]["ew"],
                    "board": mine["boards"][0]}  # fmt: skip
    response = client.post(
        url, later, content_type="application/json",
        headers=tablet(client, event["section"], 1),
    )  # fmt: skip
    assert response.status_code in (400, 403)
    # Another event's table token: 403 on this section.
    other = create(api, 8, boards_per_round=2)
    response = client.post(
        url, line, content_type="application/json",
        headers=tablet(client, other["section"], 1),
    )  # fmt: skip
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_a_club_player_of_another_club_is_refused_naming_players(
    client, django_user_model
):
    """A club's director names a member of another club: 400 on players."""
    from tournaments.models import Club, Player

    own = Club.objects.create(name="Own club")
    director = django_user_model.objects.create_user(
        "own", password="pw", is_staff=True
    )
    own.directors.add(director)
    elsewhere = Club.objects.create(name="Elsewhere")
    stranger = Player.objects.create(
        first_name="Ann", last_name="Other", club=elsewhere
    )
    client.force_login(director)
    body = {
        "name": "x", "date": "2026-11-25", "boards_per_round": 3, "club": own.pk,
        "players": [{"player": stranger.pk}] + [{"name": n} for n in NAMES[:11]],
    }  # fmt: skip
    response = client.post(
        reverse("api-individual-event-new"), body, content_type="application/json"
    )
    assert response.status_code == 400 and "players" in response.json()
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("players", "settings", "field"),
    [
        (7, {}, "players"),
        (29, {}, "players"),
        (12, {"rounds": 8}, "rounds"),
        (12, {"rounds": 4}, "rounds"),
        (9, {"boards_per_round": 1}, "boards_per_round"),
        (12, {"boards_per_round": 0}, "boards_per_round"),
    ],
)
def test_bad_settings_are_a_400_naming_the_field(api, players, settings, field):
    body = {
        "name": "x", "date": "2026-11-25", "boards_per_round": 3,
        "players": [{"name": f"P{n}"} for n in range(players)],
    } | settings  # fmt: skip
    response = api.post(reverse("api-individual-event-new"), body, "application/json")
    assert response.status_code == 400 and field in response.json()
    assert not Event.objects.exists()


def test_only_a_director_creates_an_individual(client):
    body = {"name": "x", "date": "2026-11-25",
            "players": [{"name": n} for n in NAMES[:12]]}  # fmt: skip
    response = client.post(
        reverse("api-individual-event-new"), body, content_type="application/json"
    )
    assert response.status_code in (401, 403)
    assert not Event.objects.exists()


def test_two_long_names_still_make_a_partnership(api):
    """Players' names of 120 letters (the most a name holds): the partnership's
    printed names are cut to fit (a pair's names hold 200), not a 500."""
    long = [{"name": f"{n:02d}" + "x" * 118} for n in range(12)]
    body = {"name": "Long names", "date": "2026-11-25", "boards_per_round": 3,
            "players": long}  # fmt: skip
    response = api.post(reverse("api-individual-event-new"), body, "application/json")
    assert response.status_code == 201
    names = Pair.objects.filter(section_id=response.json()["section"])
    assert names.count() == 42
    assert all(len(pair.names) == 200 for pair in names)
    assert names.get(number=1).names.startswith("N ")
