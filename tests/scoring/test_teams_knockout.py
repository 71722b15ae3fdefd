"""Knockout matches (``scoring.knockout``): segments, carry-over and tie rules."""

from __future__ import annotations

import pytest

from scoring.knockout import (
    DecidedBy,
    KnockoutResult,
    TieRule,
    extra_boards,
    knockout_result,
)
from scoring.teams import BoardRooms, match_imps


def test_the_team_with_more_imps_wins():
    result = knockout_result([(30, 20), (25, 40)])
    assert result == KnockoutResult(55, 60, "away", DecidedBy.IMPS)
    assert result.margin == -5
    assert result.decided_by == "imps"


def test_a_positive_carry_over_goes_to_the_home_team():
    result = knockout_result([(30, 20), (25, 40)], carry_over=5.5)
    assert result == KnockoutResult(60.5, 60, "home", DecidedBy.IMPS)


def test_a_negative_carry_over_goes_to_the_away_team():
    result = knockout_result([(30, 20), (25, 40)], carry_over=-5)
    assert (result.home_total, result.away_total, result.winner) == (55, 65, "away")
    assert result.margin == -10


def test_a_token_carry_over_breaks_a_tie():
    assert knockout_result([(10, 10)], carry_over=0.1).winner == "home"


def test_a_tie_means_extra_boards_by_default():
    """Float sums are rounded: 0.1 + 0.2 IMPs ties with 0.3."""
    for result in (
        knockout_result([(20, 25), (30, 25)]),
        knockout_result([(0.1, 0.3), (0.2, 0.0)]),
        knockout_result([(40, 45)], carry_over=5),
    ):
        assert result.winner is None
        assert result.decided_by == DecidedBy.EXTRA_BOARDS == "extra-boards"
        assert result.home_total == result.away_total


def test_a_tie_can_go_to_the_better_seed():
    home = knockout_result([(20, 20)], tie_rule=TieRule.BETTER_SEED)
    away = knockout_result([(20, 20)], tie_rule="better-seed", home_seed_better=False)
    assert (home.winner, home.decided_by) == ("home", DecidedBy.BETTER_SEED)
    assert (away.winner, away.decided_by) == ("away", DecidedBy.BETTER_SEED)
    # The seed only matters in a tie.
    assert knockout_result([(21, 20)], tie_rule=TieRule.BETTER_SEED).winner == "home"


def test_a_tie_can_go_to_the_team_that_won_more_boards():
    """Home won boards 1 and 3 (620 v 420, 100 v -50: 5 + 4 IMPs), away won
    board 2 (-550 v 0: 11 IMPs), board 4 was flat: 9 + 2 carry-over = 11 all."""
    match = match_imps(
        [
            BoardRooms(1, 620, 420),
            BoardRooms(2, -550, 0),
            BoardRooms(3, 100, -50),
            BoardRooms(4, 420, 420),
        ]
    )
    assert match.board_imps == [(5, -5), (-11, 11), (4, -4), (0, 0)]
    segments = [(match.home_imps, match.away_imps)]
    assert segments == [(9, 11)]
    result = knockout_result(
        segments,
        carry_over=2,
        tie_rule=TieRule.BOARDS_WON,
        board_imps=match.board_imps,
    )
    assert result == KnockoutResult(11, 11, "home", DecidedBy.BOARDS_WON)


def test_equal_boards_won_still_needs_extra_boards():
    result = knockout_result(
        [(5, 5)], tie_rule=TieRule.BOARDS_WON, board_imps=[(5, -5), (-5, 5), (0, 0)]
    )
    assert (result.winner, result.decided_by) == (None, DecidedBy.EXTRA_BOARDS)
    away = knockout_result(
        [(5, 5)], tie_rule=TieRule.BOARDS_WON, board_imps=[(-2, 2), (-3, 3), (5, -5)]
    )
    assert away.winner == "away"


@pytest.mark.parametrize(
    ("scheduled", "extra"),
    [(1, 2), (12, 2), (16, 2), (20, 3), (32, 4), (48, 6), (64, 8)],
)
def test_extra_boards_are_an_eighth_of_the_match_at_least_two(scheduled, extra):
    assert extra_boards(scheduled) == extra


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (
            lambda: knockout_result([(1, 1)], tie_rule=TieRule.BOARDS_WON),
            r"^board_imps: the boards-won tie rule",
        ),
        (lambda: knockout_result([(1, 2, 3)]), r"^segments\[0\]: expected"),
        (lambda: knockout_result([(1, "2")]), r"^segments\[0\]: expected a number"),
        (lambda: knockout_result([], carry_over=None), r"^carry_over:"),
        (lambda: knockout_result([], tie_rule="coin"), r"'coin' is not a valid"),
        (lambda: extra_boards(0), r"^scheduled:"),
    ],
)
def test_it_rejects_bad_input_naming_the_argument(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()
