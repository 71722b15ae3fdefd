"""The bye credit the standings give, as a figure to print (issue 22)."""

from __future__ import annotations

import pytest

from scoring.standings import MatchOutcome, team_standings
from scoring.teams import TeamScoring


def vp(home, away, home_vp, away_vp):
    return MatchOutcome(home, away, 0, 0, home_vp, away_vp)


def test_the_average_is_credited_to_two_decimals_and_adds_up():
    """Team 1: 17.31 + 14.38 + 15.87 = 47.56 over 3 matches, 15.8533 a match:
    its bye is credited 15.85 (half up), and 47.56 + 15.85 = 63.41."""
    results = [
        vp(1, 2, 17.31, 2.69),
        vp(1, 3, 14.38, 5.62),
        vp(1, 4, 15.87, 4.13),
        MatchOutcome(1, None),
    ]
    (first, *others) = team_standings(results, [1, 2, 3, 4])
    assert (first.team, first.bye_points, first.points) == (1, (15.85,), 63.41)
    assert all(line.bye_points == () for line in others)


def test_half_a_hundredth_goes_up():
    """12.80 + 13.01 = 25.81, 12.905 a match: 12.91, total 38.72."""
    results = [vp(1, 2, 12.80, 7.20), vp(3, 1, 6.99, 13.01), MatchOutcome(1, None)]
    line = team_standings(results, [1, 2, 3])[0]
    assert (line.bye_points, line.points) == ((12.91,), pytest.approx(38.72))


def test_each_bye_is_listed_and_imps_scoring_credits_nothing():
    results = [MatchOutcome(1, None), vp(1, 2, 15, 5), MatchOutcome(1, None)]
    line = team_standings(results, [1, 2])[0]
    assert (line.bye_points, line.points) == ((15.0, 15.0), 45.0)
    imps = team_standings(
        [MatchOutcome(1, 2, 10, 0), MatchOutcome(1, None)], [1, 2], TeamScoring.IMP
    )
    assert imps[0].bye_points == (0.0,)
