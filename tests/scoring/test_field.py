"""Tests for scoring.field: whole-field numpy scoring against the per-board code."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.field import matchpoint_field, pair_totals, rank_field
from scoring.matchpoints import matchpoints, neuberg
from scoring.ranking import places

# Two boards given out of order, with ids that are neither 1, 2 nor contiguous.
# Board 7: 420 three times, 450, -50; board 3: -100, 140 twice, 110.
HAND_BOARDS = np.array([7, 3, 7, 3, 7, 3, 7, 3, 7])
HAND_SCORES = np.array([420, -100, 450, 140, 420, 140, -50, 110, 420])
# Board 7 (top 8): 450 beats four, 8; each 420 beats -50 and ties twice, 2 + 2;
# -50 beats none.  Board 3 (top 6): each 140 beats two and ties once, 4 + 1;
# 110 beats -100, 2; -100 beats none.
HAND_MP = [4.0, 0.0, 8.0, 5.0, 4.0, 5.0, 0.0, 2.0, 4.0]
# The ACBL scale, one per beat: half of the above.
HAND_MP_ACBL = [2.0, 0.0, 4.0, 2.5, 2.0, 2.5, 0.0, 1.0, 2.0]
# Neuberg up to 6 results, (MP + 1) * 6 / n - 1: board 7 (n = 5) 450 -> 9.8,
# 420 -> 5, -50 -> 0.2; board 3 (n = 4) 140 -> 8, 110 -> 3.5, -100 -> 0.5.
HAND_NEUBERG_6 = [5.0, 0.5, 9.8, 8.0, 5.0, 8.0, 0.2, 3.5, 5.0]

# Ids and scores up to 2**61 and 2**62 apart are too far apart for a combined
# (board, score) int64 key and take the ranking path.
BOARD_IDS = [0, 1, 3, -7, 12, 2**40, -(2**40), 2**61, -(2**61)]
SCORE_VALUES = [-1430, -100, -50, 0, 110, 140, 420, 450, 1430]

whole_scores = st.sampled_from(SCORE_VALUES)
any_scores = st.one_of(
    whole_scores,
    st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
    st.sampled_from([-0.0, 0.5, 420.25, 1e15, -1e15, 2**62, -(2**62)]),
)


@st.composite
def fields(draw, scores=whole_scores):
    """Draw (boards, scores) of up to 40 lines on a handful of boards."""
    lines = draw(st.lists(st.tuples(st.sampled_from(BOARD_IDS), scores), max_size=40))
    boards = np.array([board for board, _ in lines], dtype=np.int64)
    values = [score for _, score in lines]
    dtype = np.int64 if all(isinstance(v, int) for v in values) else np.float64
    return boards, np.array(values, dtype=dtype)


def by_board(boards: np.ndarray) -> dict[int, np.ndarray]:
    """Return the line indices of each board, in line order."""
    return {b: np.flatnonzero(boards == b) for b in np.unique(boards).tolist()}


def test_hand_worked_field() -> None:
    assert matchpoint_field(HAND_BOARDS, HAND_SCORES).tolist() == HAND_MP


def test_hand_worked_field_acbl_scale() -> None:
    got = matchpoint_field(HAND_BOARDS, HAND_SCORES, top_per_beat=1)
    assert got.tolist() == HAND_MP_ACBL


def test_hand_worked_field_with_neuberg() -> None:
    got = matchpoint_field(HAND_BOARDS, HAND_SCORES, expected=6)
    assert got.tolist() == pytest.approx(HAND_NEUBERG_6, abs=1e-12)


def test_hand_worked_field_float_scores_and_lists() -> None:
    got = matchpoint_field(HAND_BOARDS.tolist(), HAND_SCORES.astype(float).tolist())
    assert got.tolist() == HAND_MP


def test_per_line_expected() -> None:
    # Board 7 already has its 5 results; board 3 is factored from 4 up to 6.
    expected = np.where(HAND_BOARDS == 7, 5, 6)
    got = matchpoint_field(HAND_BOARDS, HAND_SCORES, expected=expected)
    # Board 7 keeps HAND_MP; board 3 takes HAND_NEUBERG_6.
    want = [4.0, 0.5, 8.0, 8.0, 4.0, 8.0, 0.0, 3.5, 4.0]
    assert got.tolist() == pytest.approx(want, abs=1e-12)


def test_all_equal_scores_share_the_board() -> None:
    got = matchpoint_field(np.full(5, 9), np.full(5, 420))
    assert got.tolist() == [4.0] * 5


def test_single_result_boards_score_zero() -> None:
    got = matchpoint_field(np.array([4, 1, 2]), np.array([-50, 620, 0]))
    assert got.tolist() == [0.0, 0.0, 0.0]


def test_single_result_board_with_neuberg_gets_half_the_top() -> None:
    got = matchpoint_field(np.array([1]), np.array([420]), expected=11)
    assert got.tolist() == [10.0]


def test_empty_field() -> None:
    got = matchpoint_field(np.array([], dtype=int), np.array([]))
    assert got.shape == (0,)
    assert got.dtype == np.float64


def test_extreme_ids_and_scores() -> None:
    # Ranges too wide for a combined int64 key: ids and scores are ranked.
    big = np.iinfo(np.int64).max
    boards = np.array([big, -big, big, -big, big])
    scores = np.array([big, -big, -big, 5, big])
    assert matchpoint_field(boards, scores).tolist() == [3.0, 0.0, 0.0, 2.0, 3.0]


def test_huge_unsigned_board_ids() -> None:
    boards = np.array([2**64 - 1, 0, 2**64 - 1], dtype=np.uint64)
    scores = np.array([100, 50, 200])
    assert matchpoint_field(boards, scores).tolist() == [0.0, 0.0, 2.0]


def test_unsigned_board_ids_above_int64() -> None:
    boards = np.array([2**64 - 1, 2**64 - 2, 2**64 - 1], dtype=np.uint64)
    scores = np.array([100, 50, 200])
    assert matchpoint_field(boards, scores).tolist() == [0.0, 0.0, 2.0]


def test_seeded_club_sized_field() -> None:
    # 40 boards x 50 tables in a shuffled order, the whole bridge score range:
    # more (board, score) keys than int16 holds, so it checks the key packing.
    rng = np.random.default_rng(7)
    boards = rng.permutation(np.repeat(np.arange(101, 141), 50))
    scores = rng.choice(SCORE_VALUES, boards.size)
    got = matchpoint_field(boards, scores, expected=60)
    for lines in by_board(boards).values():
        mp = matchpoints(scores[lines].tolist())
        assert got[lines].tolist() == neuberg(mp, len(lines), 60)


def test_negative_zero_ties_with_zero() -> None:
    got = matchpoint_field(np.array([1, 1, 1]), np.array([-0.0, 0.0, 0.5]))
    assert got.tolist() == [1.0, 1.0, 4.0]


@pytest.mark.parametrize(
    ("boards", "scores", "expected", "error"),
    [
        ([1, 2], [100], None, ValueError),
        ([[1]], [[100]], None, ValueError),
        ([1.0, 2.0], [100, 200], None, TypeError),
        ([1, 2], ["100", "200"], None, TypeError),
        ([1, 1], [100, np.nan], None, ValueError),
        ([1, 1], [100, np.inf], None, ValueError),
        ([1, 1, 2], [100, 200, 300], 1, ValueError),
        ([1, 1, 2], [100, 200, 300], [2, 2], ValueError),
        ([1, 1, 2], [100, 200, 300], [1, 1, 1], ValueError),
    ],
)
def test_bad_input_is_rejected(boards, scores, expected, error) -> None:
    with pytest.raises(error):
        matchpoint_field(np.array(boards), np.array(scores), expected=expected)


@given(fields(any_scores), st.sampled_from([2, 1, 0.5, 3]))
def test_equals_per_board_matchpoints(field, top_per_beat) -> None:
    boards, scores = field
    got = matchpoint_field(boards, scores, top_per_beat=top_per_beat)
    assert got.shape == scores.shape
    for lines in by_board(boards).values():
        want = matchpoints(scores[lines].tolist(), top_per_beat)
        assert got[lines].tolist() == want


@given(fields(), st.integers(0, 5), st.sampled_from([2, 1]))
def test_neuberg_equals_per_board_neuberg(field, extra, top_per_beat) -> None:
    boards, scores = field
    boards_lines = by_board(boards)
    expected = max((len(lines) for lines in boards_lines.values()), default=1) + extra
    got = matchpoint_field(boards, scores, top_per_beat=top_per_beat, expected=expected)
    for lines in boards_lines.values():
        mp = matchpoints(scores[lines].tolist(), top_per_beat)
        want = neuberg(mp, len(lines), expected, top_per_beat)
        assert got[lines].tolist() == want


@given(fields(), st.sampled_from([2, 1]))
def test_board_sums_to_beats_times_pairs(field, top_per_beat) -> None:
    boards, scores = field
    got = matchpoint_field(boards, scores, top_per_beat=top_per_beat)
    for lines in by_board(boards).values():
        n = len(lines)
        assert got[lines].sum() == top_per_beat * n * (n - 1) / 2


@given(fields(), st.randoms(use_true_random=False))
def test_line_order_does_not_matter(field, random) -> None:
    boards, scores = field
    shuffle = np.array(random.sample(range(len(boards)), len(boards)), dtype=int)
    got = matchpoint_field(boards[shuffle], scores[shuffle])
    assert got.tolist() == matchpoint_field(boards, scores)[shuffle].tolist()


def test_pair_totals_sum() -> None:
    pairs = np.array([12, 5, 12, 40, 5])
    values = np.array([4.0, 0.0, 8.0, 5.0, 3.0])
    ids, totals = pair_totals(pairs, values)
    assert ids.tolist() == [5, 12, 40]
    assert totals.tolist() == [3.0, 12.0, 5.0]


def test_pair_totals_percentage() -> None:
    pairs = np.array([12, 5, 12, 40, 5])
    values = np.array([4.0, 0.0, 8.0, 5.0, 3.0])
    tops = np.array([8.0, 8.0, 8.0, 10.0, 4.0])
    ids, percentages = pair_totals(pairs, values, tops)
    # Pair 5: 3 of 12, pair 12: 12 of 16, pair 40: 5 of 10.
    assert ids.tolist() == [5, 12, 40]
    assert percentages.tolist() == [25.0, 75.0, 50.0]


def test_pair_totals_one_top_for_all() -> None:
    ids, percentages = pair_totals(np.array([2, 1, 2]), np.array([3.0, 6.0, 5.0]), 8)
    assert ids.tolist() == [1, 2]
    assert percentages.tolist() == [75.0, 50.0]


def test_pair_totals_zero_top_is_nan() -> None:
    _, percentages = pair_totals(np.array([1, 2]), np.array([0.0, 3.0]), [0.0, 4.0])
    assert np.isnan(percentages[0])
    assert percentages[1] == 75.0


@pytest.mark.parametrize(
    "pairs",
    [
        np.array([-3, 10**12, -3, 7]),
        np.array(["N3", "E1", "N3", "N7"]),
        np.array([3, 2**40, 3, 7], dtype=np.uint64),
    ],
)
def test_pair_totals_sparse_or_named_ids(pairs) -> None:
    ids, totals = pair_totals(pairs, np.array([1.0, 2.0, 4.0, 8.0]))
    want = dict.fromkeys(pairs.tolist(), 0.0)
    for pair, value in zip(pairs.tolist(), [1.0, 2.0, 4.0, 8.0], strict=True):
        want[pair] += value
    assert ids.tolist() == sorted(want)
    assert totals.tolist() == [want[pair] for pair in sorted(want)]


def test_pair_totals_empty() -> None:
    ids, totals = pair_totals(np.array([], dtype=int), np.array([]), 4.0)
    assert ids.shape == totals.shape == (0,)
    assert totals.dtype == np.float64


def test_pair_totals_shape_mismatch() -> None:
    with pytest.raises(ValueError):
        pair_totals(np.array([1, 2]), np.array([1.0]))
    with pytest.raises(ValueError):
        pair_totals(np.array([1, 2]), np.array([1.0, 2.0]), np.array([1.0]))


def test_rank_field_hand_example() -> None:
    assert rank_field(np.array([55.0, 60.0, 50.0, 55.0])).tolist() == [2, 1, 4, 2]


def test_rank_field_lower_is_better() -> None:
    got = rank_field(np.array([3.0, -1.0, 3.0, 7.0]), higher_is_better=False)
    assert got.tolist() == [2, 1, 2, 4]


def test_rank_field_rounds_before_comparing() -> None:
    totals = np.array([50.0000001, 50.0, 49.999])
    assert rank_field(totals).tolist() == [1, 1, 3]
    assert rank_field(totals, ndigits=7).tolist() == [1, 2, 3]


def test_rank_field_rounds_halfway_values_as_python_does() -> None:
    # 0.285 is stored just below the half, 0.675 just above, 1.005 below.
    totals = np.array([0.285, 0.28, 0.29, 1.005, 1.0, 0.675, 0.68])
    assert rank_field(totals, ndigits=2).tolist() == [6, 6, 5, 1, 1, 3, 3]
    assert rank_field(totals, ndigits=2).tolist() == places(totals.tolist(), ndigits=2)


def test_rank_field_huge_totals_stay_apart() -> None:
    # 1e303 * 10**6 overflows to inf: the rounding must not make them tie.
    totals = np.array([1e303, 2e303, 1e303, np.inf, -np.inf])
    assert rank_field(totals).tolist() == [3, 2, 3, 1, 5]


def test_rank_field_rejects_nan() -> None:
    with pytest.raises(ValueError):
        rank_field(np.array([1.0, np.nan]))


def test_rank_field_empty() -> None:
    assert rank_field(np.array([])).tolist() == []


@st.composite
def totals_and_digits(draw):
    """Draw totals and ndigits, with totals that fall halfway at those digits.

    A halfway total (k + 0.5) / 10**d is stored a hair above or below the
    half, and decides which of its neighbours k / 10**d and (k + 1) / 10**d
    it ties with; np.round gets many of these wrong.
    """
    ndigits = draw(st.one_of(st.integers(-3, 9), st.sampled_from([22, 23, 30])))
    scale = 10.0**ndigits
    halfway = st.integers(-(10**6), 10**6).map(
        lambda k: [(k + 0.5) / scale, k / scale, (k + 1) / scale]
    )
    single = st.one_of(
        st.floats(allow_nan=False),
        st.sampled_from([50.0, 55.5, 0.285, 2.675, -0.0, 0.0]),
    ).map(lambda total: [total])
    groups = draw(st.lists(st.one_of(single, halfway), max_size=15))
    return [total for group in groups for total in group], ndigits


def test_rank_field_ties_follow_python_rounding() -> None:
    # round() sees 0.015 and 0.005 stored just below and above the half, so
    # at 2 digits 0.015, 0.01 and 0.005 tie, as do 0.025 and 0.03; np.round
    # would give 0.02, 0.01, 0.0 and 0.02, 0.03.
    totals = np.array([0.015, 0.01, 0.005, 0.0, 0.025, 0.03])
    assert rank_field(totals, ndigits=2).tolist() == [3, 3, 3, 6, 1, 1]


@given(totals_and_digits(), st.booleans())
def test_rank_field_equals_places(totals_digits, higher_is_better) -> None:
    totals, ndigits = totals_digits
    got = rank_field(
        np.array(totals, dtype=float),
        higher_is_better=higher_is_better,
        ndigits=ndigits,
    )
    assert got.tolist() == places(
        totals, higher_is_better=higher_is_better, ndigits=ndigits
    )
