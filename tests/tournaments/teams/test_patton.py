"""Pattons: each team meets a fixed number of the others (issue 22).

The preset schedule is the fairest rounds of the Berger table; a patton
paired on the standings is a Swiss of that many rounds.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.urls import reverse
from teams_play import TEAM_NAMES, enter, matches, post

from tournaments.movements.round_robin import berger_rounds, patton_rounds

FLAT = {"contract": "3NT", "result": "="}
MADE = {"contract": "4S", "result": "="}
DOWN = {"contract": "4S", "result": "-1"}
DOUBLED_DOWN = {"contract": "4SX", "result": "-1"}
NAMES = [*TEAM_NAMES, "Sixes", "Fives", "Fours", "Treys"]


@pytest.mark.parametrize("teams", range(10, 25))
def test_each_team_meets_that_many_others_once(teams):
    most = teams - 1 if teams % 2 == 0 else teams
    for opponents in (1, 3, most // 2, most):
        rounds = patton_rounds(teams, opponents)
        assert len(rounds) == opponents
        met = Counter()
        pairs = set()
        for played in rounds:
            seated = sorted(t for match in played for t in match if t is not None)
            assert seated == list(range(1, teams + 1))
            for home, away in played:
                if away is not None:
                    assert frozenset((home, away)) not in pairs
                    pairs.add(frozenset((home, away)))
                    met[home] += 1
                    met[away] += 1
        # Even: everyone meets exactly ``opponents`` teams; odd: a bye costs one.
        low = opponents - (teams % 2)
        assert all(low <= met[t] <= opponents for t in range(1, teams + 1))


@pytest.mark.parametrize("opponents", [0, 12, True, "3"])
def test_a_patton_needs_1_to_the_round_robins_rounds(opponents):
    with pytest.raises(ValueError, match=r"^opponents must be an int from 1 to 11"):
        patton_rounds(12, opponents)


def create(api, teams: int, **settings):
    body = {
        "name": "Patton",
        "date": "2026-11-20",
        "format": "patton",
        "rounds": 3,
        "boards_per_match": 2,
        "teams": [{"name": name} for name in NAMES[:teams]],
    } | settings
    return post(api, reverse("api-teams-event-new"), body)


@pytest.mark.django_db
@pytest.mark.parametrize("rounds", [0, 12])
def test_the_api_refuses_a_patton_of_too_many_rounds(api, rounds):
    response = create(api, 12, rounds=rounds)
    assert response.status_code == 400
    assert response.json() == {
        "rounds": ["In a patton of 12 teams each team meets 1 to 11 others."]
    }


@pytest.mark.django_db
def test_a_twelve_team_patton_of_three_matches(api):
    """12 teams, each meeting 3 others over 2-board matches.  The schedule
    picks Berger rounds 1, 6 and 10 (the fairest three): R1 1-12 2-11 3-10
    4-9 5-8 6-7; R2 12-9 10-8 11-7 1-6 2-5 3-4; R3 12-11 1-10 2-9 3-8 4-7
    5-6.  The better seed wins every match on one board, the other flat:

    - 10 IMPs: 4S= +420 against 4S-1 -50 non-vulnerable, 470 (boards 1, 3, 6:
      rounds 1, 2, 3; board 5 is NS vulnerable, so round 3 swings on 6);
    - 11 IMPs in round 2's 1 v 6: 4S= +420 against 4SX-1 -100, 520 (500-590).

    WBF 2013 scale for 2 boards: X = 15 x sqrt 2 = 21.2132, t = 0.618034,
    VP = 10 + 10 (1 - t^(3M/X)) / (1 - t^3):
    M = 10: t^1.41421 = 0.50636, 10 + 10 x 0.49364 / 0.763932 = 16.46 (3.54);
    M = 11: t^1.55563 = 0.47302, 10 + 10 x 0.52698 / 0.763932 = 16.90 (3.10).

    1 beat 12, 6 (by 11) and 10: 16.46 + 16.90 + 16.46 = 49.82 (IMPs 31-0);
    2 (beat 11, 5, 9) and 3 (10, 4, 8): 3 x 16.46 = 49.38 (30-0, 2=);
    4 (beat 9, 7, lost to 3) and 5 (beat 8, 6, lost to 2): 2 x 16.46 + 3.54
    = 36.46 (20-10, 4=);
    7 (beat 11), 8 (10), 9 (12), 11 (12), losing two: 16.46 + 2 x 3.54 =
    23.54 (10-20, 6=);
    6 (beat 7, lost to 1 by 11 and to 5): 16.46 + 3.10 + 3.54 = 23.10 (10-21);
    10 and 12 lost three: 3 x 3.54 = 10.62 (0-30, 11=).
    """
    response = create(api, 12)
    assert response.status_code == 201, response.json()
    event = response.json()
    assert (event["format"], event["rounds"]) == ("patton", 3)
    every = matches(api, event["id"])
    assert len(every) == 18  # 3 rounds of 6 matches, no bye
    decisive = {1: 1, 2: 3, 3: 6}
    for match in every:
        first = 2 * match["round"] - 1
        home_better = match["home"] < match["away"]
        for board in (first, first + 1):
            if board != decisive[match["round"]]:
                enter(api, match, board, FLAT, FLAT)
            elif (match["home"], match["away"]) == (1, 6):
                enter(api, match, board, MADE, DOUBLED_DOWN)
            elif home_better:
                enter(api, match, board, MADE, DOWN)
            else:
                enter(api, match, board, DOWN, MADE)
    scored = {
        (m["home"], m["away"]): (m["home_imps"], m["away_imps"], m["home_points"])
        for m in matches(api, event["id"])
    }
    assert scored[1, 6] == (11, 0, 16.90)
    assert scored[12, 9] == (0, 10, 3.54)
    assert scored[5, 6] == (10, 0, 16.46)
    rows = api.get(reverse("api-event-standings", args=[event["id"]])).json()
    table = [
        (r["team"], r["points"], r["imps_for"], r["imps_against"], r["rank"])
        for r in rows
    ]
    assert table == [
        (1, pytest.approx(49.82), 31, 0, "1"),
        (2, pytest.approx(49.38), 30, 0, "2="),
        (3, pytest.approx(49.38), 30, 0, "2="),
        (4, pytest.approx(36.46), 20, 10, "4="),
        (5, pytest.approx(36.46), 20, 10, "4="),
        (7, pytest.approx(23.54), 10, 20, "6="),
        (8, pytest.approx(23.54), 10, 20, "6="),
        (9, pytest.approx(23.54), 10, 20, "6="),
        (11, pytest.approx(23.54), 10, 20, "6="),
        (6, pytest.approx(23.10), 10, 21, "10"),
        (10, pytest.approx(10.62), 0, 30, "11="),
        (12, pytest.approx(10.62), 0, 30, "11="),
    ]
    assert all(r["played"] == 3 for r in rows)
    # Laid out at the start: nothing more to pair once the last match lands.
    assert len(matches(api, event["id"])) == 18


def gaps(rounds, teams):
    """Each team's opponents' seeds minus their fair sum (see patton_rounds)."""
    from fractions import Fraction

    total = teams * (teams + 1) // 2
    found = {}
    for team in range(1, teams + 1):
        met = [
            other
            for played in rounds
            for home, away in played
            if away is not None and team in (home, away)
            for other in (home, away)
            if other != team
        ]
        found[team] = sum(met) - Fraction(len(met) * (total - team), teams - 1)
    return found


def test_the_twelve_team_schedule_is_fairer_than_berger_s_first_rounds():
    """3 opponents of 12 teams: fair sum 3 x (78 - t) / 11.  Berger's first
    three rounds give team 4 opponents 9, 10, 11 (30, fair 20.18: +9.82) and
    team 12 opponents 1, 7, 2 (10, fair 18: -8); the chosen rounds 1, 6, 10
    keep every team within 7 (team 1: 12 + 6 + 10 = 28, fair 21)."""
    chosen = patton_rounds(12, 3)
    berger = berger_rounds(12)
    assert chosen == [berger[0], berger[5], berger[9]]
    assert max(abs(g) for g in gaps(chosen, 12).values()) == 7
    first = gaps(berger[:3], 12)
    assert max(abs(g) for g in first.values()) == pytest.approx(9.818, abs=1e-3)


@pytest.mark.parametrize("teams", [10, 13, 16, 20, 24])
@pytest.mark.parametrize("opponents", [3, 5, 7])
def test_the_schedule_is_never_less_fair_than_the_first_rounds(teams, opponents):
    chosen = max(abs(g) for g in gaps(patton_rounds(teams, opponents), teams).values())
    first = max(abs(g) for g in gaps(berger_rounds(teams)[:opponents], teams).values())
    assert chosen <= first
