"""Matchpoints and Neuberg on plain lists of NS scores."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.matchpoints import matchpoints, matchpoints_naive, neuberg, top

field = st.lists(st.sampled_from([-800, -100, -50, 110, 140, 420, 450, 1430]))


def test_it_gives_two_per_score_beaten_and_one_per_tie():
    # 420 beats 140 and -50 and ties 420: 2 + 2 + 1 = 5.
    assert matchpoints([420, 140, 420, -50]) == [5, 2, 5, 0]


def test_it_halves_everything_on_the_acbl_scale():
    assert matchpoints([420, 140, 420, -50], top_per_beat=1) == [2.5, 1, 2.5, 0]


def test_it_gives_a_lone_result_no_matchpoints():
    assert matchpoints([620]) == [0]
    assert matchpoints([]) == []


@pytest.mark.parametrize(("results", "expected"), [(1, 0), (2, 2), (13, 24)])
def test_it_sets_the_top_at_two_per_other_result(results, expected):
    assert top(results) == expected
    assert top(results, top_per_beat=1) == expected / 2


@given(field)
def test_a_boards_matchpoints_sum_to_n_times_n_minus_one(scores):
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


@given(field, st.sampled_from([1, 2]))
def test_it_agrees_with_the_naive_comparison(scores, top_per_beat):
    assert matchpoints(scores, top_per_beat) == matchpoints_naive(scores, top_per_beat)


def test_neuberg_factors_a_board_played_21_times_of_22():
    """The FFB/Compscore example: a raw 35 of 21 results becomes 36.71 of 22."""
    assert neuberg(35, 21, 22) == pytest.approx(36.714285714)
    assert round(neuberg(35, 21, 22), 2) == 36.71


def test_neuberg_on_the_acbl_scale_uses_half_a_matchpoint():
    assert neuberg(10, 10, 12, top_per_beat=1) == pytest.approx(
        (10 + 0.5) * 12 / 10 - 0.5
    )


def test_neuberg_leaves_a_full_board_alone_and_takes_lists():
    assert neuberg([0, 3, 6], 4, 4) == [0, 3, 6]
    assert neuberg([0, 4], 3, 4) == pytest.approx([1 / 3, 17 / 3])


def test_neuberg_keeps_average_at_average():
    # 50 % of a 20 top (n = 11) stays 50 % of the 24 top (N = 13).
    assert neuberg(10, 11, 13) == 12


@pytest.mark.parametrize(
    ("played", "expected", "message"),
    [(0, 5, "played must be at least 1"), (6, 5, "expected .* at least played")],
)
def test_neuberg_refuses_impossible_counts(played, expected, message):
    with pytest.raises(ValueError, match=message):
        neuberg(3, played, expected)
