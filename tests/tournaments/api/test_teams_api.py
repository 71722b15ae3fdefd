"""Teams events run through the API: a 6-team round robin and an 8-team Swiss.

Every result goes in at ``/api/sections/{id}/results/`` as a director would
key it; the matches, the standings and (in the Swiss) the next round's
pairing follow from the scoring tasks, eager here.
"""

from __future__ import annotations

import pytest
from django.urls import reverse
from teams_play import (
    TEAM_NAMES,
    create,
    enter,
    enter_contract,
    first_board,
    matches,
    play_match,
    play_round,
    post,
)

from tournaments.models import Board, Event, Match, Session, TeamScore
from tournaments.movements.round_robin import berger_rounds
from tournaments.teams.selectors import knockout_ties

pytestmark = pytest.mark.django_db

# The hand-checked match, round 1 match 1 of the round robin (boards 1-4):
# board 1 (none vul.)  open 4S= N +420, closed 3S+1 N +170: home +250 = +6
# board 2 (NS vul.)    open 3NT-1 N -100, closed 3NT= N +600: home -700 = -12
# board 3 (EW vul.)    open 2H= E -110, closed 2H= E -110: 0
# board 4 (both vul.)  open 1NT+1 N +120, closed 1NT= N +90: home +30 = +1
# Home 7 IMPs, away 12: the away team wins by 5 over 4 boards.  WBF 2013:
# blitz X = 15 * sqrt(4) = 30; t = (sqrt 5 - 1) / 2 = 0.618034;
# VP = 10 + 10 * (1 - t^(3*5/30)) / (1 - t^3) = 10 + 10 * 0.213849 / 0.763932
# = 12.80 for the away team, 7.20 for the home team.
CHECKED = [
    ({"contract": "4S", "result": "="}, {"contract": "3S", "result": "+1"}),
    ({"contract": "3NT", "result": "-1"}, {"contract": "3NT", "result": "="}),
    (
        {"contract": "2H", "declarer": "E", "result": "="},
        {"contract": "2H", "declarer": "E", "result": "="},
    ),
    ({"contract": "1NT", "result": "+1"}, {"contract": "1NT", "result": "="}),
]


def test_a_six_team_round_robin_runs_through_the_api(api):
    event = create(api, 6)
    assert (event["format"], event["rounds"], event["kind"]) == (
        "round-robin",
        5,
        "teams",
    )
    laid_out = matches(api, event["id"])
    assert len(laid_out) == 15  # 5 rounds of 3 matches, no bye
    schedule = berger_rounds(6)
    assert [(m["home"], m["away"]) for m in laid_out if m["round"] == 1] == list(
        schedule[0]
    )
    first = laid_out[0]
    assert (first["open_table"], first["closed_table"]) == (1, 2)

    for board, (open_line, closed_line) in enumerate(CHECKED, start=1):
        enter(api, first, board, open_line, closed_line)
    sheet = api.get(reverse("api-match", args=[first["id"]])).json()
    assert [(row["home"], row["away"]) for row in sheet["boards"]] == [
        (6, -6),
        (-12, 12),
        (0, 0),
        (1, -1),
    ]
    assert [row["open"]["score_ns"] for row in sheet["boards"]] == [
        420,
        -100,
        -110,
        120,
    ]
    assert [row["closed"]["score_ns"] for row in sheet["boards"]] == [
        170,
        600,
        -110,
        90,
    ]
    assert (sheet["home_imps"], sheet["away_imps"]) == (7, 12)
    assert (sheet["home_points"], sheet["away_points"]) == (7.20, 12.80)
    assert (sheet["boards_played"], sheet["complete"]) == (4, True)

    for number in range(1, 6):
        for match in matches(api, event["id"]):
            if match["round"] == number and match["id"] != first["id"]:
                play_match(api, match)
    done = matches(api, event["id"])
    assert all(m["complete"] for m in done)
    for m in done:
        assert m["home_points"] + m["away_points"] == pytest.approx(20)

    standings = api.get(reverse("api-event-standings", args=[event["id"]]))
    assert standings.status_code == 200
    rows = standings.json()
    assert len(rows) == 6 and all(row["played"] == 5 for row in rows)
    expected = dict.fromkeys(range(1, 7), 0.0)
    for m in done:
        expected[m["home"]] += m["home_points"]
        expected[m["away"]] += m["away_points"]
    assert {row["team"]: row["points"] for row in rows} == pytest.approx(expected)
    points = [row["points"] for row in rows]
    assert points == sorted(points, reverse=True)
    assert sum(points) == pytest.approx(15 * 20)
    assert rows[0]["rank"] == "1"
    # Nothing more to lay out in a round robin.
    assert Session.objects.filter(event_id=event["id"]).count() == 5


def test_an_eight_team_swiss_pairs_each_round_when_the_last_lands(api):
    event = create(api, 8, format="swiss", rounds=5)
    assert event["rounds"] == 5
    round_one = matches(api, event["id"])
    # Round 1 by seed: 1 v 2, 3 v 4... (no standings yet).
    assert [(m["home"], m["away"]) for m in round_one] == [
        (1, 2),
        (3, 4),
        (5, 6),
        (7, 8),
    ]

    for number in range(1, 6):
        laid_out = [m for m in matches(api, event["id"]) if m["round"] == number]
        assert len(laid_out) == 4, f"round {number}"
        play_round(api, event["id"], number)
        if number < 5:
            after = matches(api, event["id"])
            assert any(m["round"] == number + 1 for m in after)
    final = matches(api, event["id"])
    assert len(final) == 20 and max(m["round"] for m in final) == 5
    met = [frozenset((m["home"], m["away"])) for m in final]
    assert len(set(met)) == 20  # no rematch in five rounds
    for number in range(2, 6):
        # Each round pairs by the standings after the previous one.
        paired = [m for m in final if m["round"] == number]
        assert paired[0]["home"] == _leader_after(final, number - 1)

    rows = api.get(reverse("api-event-standings", args=[event["id"]])).json()
    assert all(row["played"] == 5 for row in rows)
    assert sum(row["points"] for row in rows) == pytest.approx(20 * 20)


def _leader_after(final: list[dict], rounds: int) -> int:
    """The team on top after ``rounds`` rounds: most VPs, then IMP quotient."""
    points: dict[int, float] = {}
    won: dict[int, float] = {}
    lost: dict[int, float] = {}
    for m in final:
        if m["round"] > rounds:
            continue
        for team, vp, imps_for, imps_against in (
            (m["home"], m["home_points"], m["home_imps"], m["away_imps"]),
            (m["away"], m["away_points"], m["away_imps"], m["home_imps"]),
        ):
            points[team] = points.get(team, 0) + vp
            won[team] = won.get(team, 0) + imps_for
            lost[team] = lost.get(team, 0) + imps_against
    return max(points, key=lambda t: (round(points[t], 6), won[t] / (lost[t] or 0.1)))


def test_the_swiss_next_round_waits_for_the_last_result(api):
    event = create(api, 4, format="swiss", rounds=3)
    laid_out = matches(api, event["id"])
    play_match(api, laid_out[0])
    last = laid_out[1]
    first = first_board(last)
    for board in range(first, first + 3):
        enter_contract(api, last, board, "2S", "=", "=")
    assert Session.objects.filter(event_id=event["id"]).count() == 1
    enter_contract(api, last, first + 3, "2S", "=", "+1")
    assert Session.objects.filter(event_id=event["id"]).count() == 2
    second = [m for m in matches(api, event["id"]) if m["round"] == 2]
    assert {frozenset((m["home"], m["away"])) for m in second}.isdisjoint(
        {frozenset((1, 2)), frozenset((3, 4))}
    )


def test_an_odd_round_robin_gives_a_bye_its_vps(api):
    event = create(api, 5, bye_vp=12)
    laid_out = matches(api, event["id"])
    assert event["rounds"] == 5
    byes = [m for m in laid_out if m["away"] is None]
    assert len(byes) == 5 and {m["home"] for m in byes} == {1, 2, 3, 4, 5}
    play_round(api, event["id"], 1)
    bye = next(m for m in byes if m["round"] == 1)
    rows = api.get(reverse("api-event-standings", args=[event["id"]])).json()
    line = next(row for row in rows if row["team"] == bye["home"])
    assert (line["points"], line["played"]) == (12.0, 0)


def test_only_a_director_creates_a_teams_event(client, django_user_model):
    body = {
        "name": "x",
        "date": "2026-11-20",
        "format": "swiss",
        "boards_per_match": 4,
        "teams": [],
    }
    assert post(client, reverse("api-teams-event-new"), body).status_code in (401, 403)
    client.force_login(django_user_model.objects.create_user("player"))
    assert post(client, reverse("api-teams-event-new"), body).status_code == 403
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("settings", "field"),
    [
        ({"format": "ladder"}, "format"),
        ({"boards_per_match": 0}, "boards_per_match"),
        ({"boards_per_match": 7}, "stints"),
        ({"format": "swiss", "rounds": 9}, "rounds"),
        ({"teams": [{"name": "Aces"}]}, "teams"),
        ({"teams": [{"name": "Aces"}, {"name": "Aces"}]}, "teams"),
    ],
)
def test_bad_settings_name_the_field_and_store_nothing(api, settings, field):
    body = {
        "name": "Teams night",
        "date": "2026-11-20",
        "format": "round-robin",
        "boards_per_match": 4,
        "teams": [{"name": name} for name in TEAM_NAMES[:4]],
    } | settings
    response = post(api, reverse("api-teams-event-new"), body)
    assert response.status_code == 400
    assert field in response.json()
    assert not Event.objects.exists()
    assert not Match.objects.exists() and not TeamScore.objects.exists()


def test_a_knockout_sends_the_winners_on_and_plays_off_a_tie(api):
    event = create(api, 4, format="knockout", rounds=2)
    stage_one = matches(api, event["id"])
    # Seeded bracket 1 v 4, 2 v 3, each over two segments of 4 boards.
    assert [(m["round"], m["home"], m["away"]) for m in stage_one] == [
        (1, 1, 4),
        (1, 2, 3),
        (2, 1, 4),
        (2, 2, 3),
    ]
    assert all(m["home_points"] is None for m in stage_one)
    one_four = [m for m in stage_one if m["home"] == 1]
    two_three = [m for m in stage_one if m["home"] == 2]
    level = ({"contract": "4S", "result": "="}, {"contract": "4S", "result": "="})
    # 1 v 4: seed 4 wins board 1 of segment 1 by 10 IMPs (420 v -50 the
    # other way), all else flat: team 4 goes through.
    for segment in one_four:
        first = first_board(segment)
        for board in range(first, first + 4):
            lines = level
            if board == 1:
                lines = ({"contract": "4S", "result": "-1"}, level[1])
            enter(api, segment, board, *lines)
    # 2 v 3: every board flat, a tie: extra boards are played.
    for segment in two_three:
        first = first_board(segment)
        for board in range(first, first + 4):
            enter(api, segment, board, *level)
    after = matches(api, event["id"])
    playoff = [m for m in after if m["round"] == 3]
    assert [(m["home"], m["away"]) for m in playoff] == [(2, 3)]
    assert Match.objects.get(pk=playoff[0]["id"]).segment == 3
    # 2 extra boards, numbered on (9 and 10): one-eighth of 8, at least 2.
    # Team 3 wins board 9 by 10 IMPs (-50 against +420).
    first = first_board(playoff[0])
    assert first == 9
    extra = Board.objects.filter(section_id=playoff[0]["section"])
    assert sorted(extra.values_list("number", flat=True)) == [9, 10]
    enter(api, playoff[0], first, {"contract": "4S", "result": "-1"}, level[1])
    enter(api, playoff[0], first + 1, *level)
    final = [m for m in matches(api, event["id"]) if m["round"] >= 4]
    assert [(m["round"], m["home"], m["away"]) for m in final] == [(4, 3, 4), (5, 3, 4)]
    assert {m["section"] for m in final} == set(
        Match.objects.filter(stage=2).values_list("session__sections", flat=True)
    )


def test_a_knockout_tie_goes_to_the_better_seed_when_the_rule_says_so(api):
    event = create(api, 2, format="knockout", rounds=1, tie_rule="better-seed")
    (match,) = matches(api, event["id"])
    for board in range(1, 5):
        enter_contract(api, match, board, "3NT", "=", "=")
    # A final: no stage after it, and no extra boards for the tie.
    assert Session.objects.filter(event_id=event["id"]).count() == 1
    page = api.get(reverse("results:event", args=[event["id"]]))
    assert page.status_code == 200


def test_a_director_patches_a_carry_over_and_the_public_cannot(api, client):
    event = create(api, 2, format="knockout", rounds=1, boards_per_match=2)
    (match,) = matches(api, event["id"])
    url = reverse("api-match", args=[match["id"]])
    flat = {"contract": "3NT", "result": "="}
    enter(api, match, 1, flat, flat)
    enter(api, match, 2, flat, flat)
    response = api.client.patch(
        url, {"carry_over": 2.5}, content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["carry_over"] == 2.5
    bad = api.client.patch(url, {"carry_over": "lots"}, content_type="application/json")
    assert bad.status_code == 400 and "carry_over" in bad.json()
    api.client.logout()
    denied = client.patch(url, {"carry_over": 0}, content_type="application/json")
    assert denied.status_code in (401, 403)
    assert Match.objects.get(pk=match["id"]).carry_over == 2.5


def test_an_odd_swiss_gives_each_round_s_bye_to_a_new_team(api):
    event = create(api, 5, format="swiss", rounds=3)
    for number in range(1, 4):
        play_round(api, event["id"], number)
    laid_out = matches(api, event["id"])
    byes = [m["home"] for m in laid_out if m["away"] is None]
    assert len(byes) == 3 and len(set(byes)) == 3
    assert byes[0] == 5  # round 1 by seed: the lowest seed sits out
    rows = api.get(reverse("api-event-standings", args=[event["id"]])).json()
    assert sorted(row["played"] for row in rows) == [2, 2, 2, 3, 3]


def test_a_three_team_knockout_gives_the_top_seed_a_bye_to_the_final(api):
    event = create(api, 3, format="knockout", rounds=1, boards_per_match=2)
    first = matches(api, event["id"])
    assert [(m["home"], m["away"]) for m in first] == [(2, 3), (1, None)]
    (semi,) = [m for m in first if m["away"] is not None]
    # Team 3 wins board 1 by 10 IMPs (-50 against +420 in the other room).
    enter_contract(api, semi, 1, "4S", "-1", "=")
    enter_contract(api, semi, 2, "4S", "=", "=")
    final = [m for m in matches(api, event["id"]) if m["round"] == 2]
    assert [(m["home"], m["away"]) for m in final] == [(1, 3)]


def test_a_board_a_match_round_robin_scores_one_half_or_nothing_a_board(api):
    event = create(api, 2, scoring="bam", boards_per_match=2)
    (match,) = matches(api, event["id"])
    # Board 1: +420 v -50, the home team wins the board; board 2 flat: a half each.
    enter_contract(api, match, 1, "4S", "=", "-1")
    enter_contract(api, match, 2, "4S", "=", "=")
    sheet = api.get(reverse("api-match", args=[match["id"]])).json()
    assert [(row["home"], row["away"]) for row in sheet["boards"]] == [
        (1, 0),
        (0.5, 0.5),
    ]
    assert (sheet["home_points"], sheet["away_points"]) == (1.5, 0.5)
    rows = api.get(reverse("api-event-standings", args=[event["id"]])).json()
    assert [(row["team"], row["points"]) for row in rows] == [(1, 1.5), (2, 0.5)]


def test_a_tie_after_the_extra_boards_goes_to_sudden_death(api):
    """2 teams, one segment of 8 boards, all flat: 2 extra boards (9-10), flat
    again: then one board at a time (11, then 12) until a board is won."""
    event = create(api, 2, format="knockout", rounds=1, boards_per_match=8)
    level = ({"contract": "4S", "result": "="}, {"contract": "4S", "result": "="})
    (match,) = matches(api, event["id"])
    for board in range(1, 9):
        enter(api, match, board, *level)
    extra = [m for m in matches(api, event["id"]) if m["id"] != match["id"]]
    assert len(extra) == 1
    boards = Board.objects.filter(section_id=extra[0]["section"])
    assert sorted(boards.values_list("number", flat=True)) == [9, 10]
    for board in (9, 10):
        enter(api, extra[0], board, *level)
    played = {match["id"], extra[0]["id"]}
    sudden = [m for m in matches(api, event["id"]) if m["id"] not in played]
    assert len(sudden) == 1
    assert Match.objects.get(pk=sudden[0]["id"]).segment == 3
    boards = Board.objects.filter(section_id=sudden[0]["section"])
    assert list(boards.values_list("number", flat=True)) == [11]
    enter(api, sudden[0], 11, *level)
    played.add(sudden[0]["id"])
    (second,) = [m for m in matches(api, event["id"]) if m["id"] not in played]
    assert list(
        Board.objects.filter(section_id=second["section"]).values_list(
            "number", flat=True
        )
    ) == [12]
    # Board 12 (NS vulnerable): 4S= for the home pair in the open room (+620),
    # 4S-1 for the away pair in the closed room (-100): the home team wins it,
    # and the match; nothing more is laid out.
    enter(api, second, 12, level[0], {"contract": "4S", "result": "-1"})
    assert len(matches(api, event["id"])) == 4
    (tie,) = knockout_ties(Event.objects.get(pk=event["id"]), 1)
    assert tie.winner.number == match["home"]
    page = api.get(reverse("results:event", args=[event["id"]]))
    assert page.status_code == 200
