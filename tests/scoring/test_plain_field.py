"""The numpy path for big fields gives exactly the per-board figures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.session as session
from scoring.board import ArtificialScore, BoardSettings, WeightedScore
from scoring.plain_field import score_plain_boards
from scoring.session import SessionSettings, TravellerLine, score_session

LINES = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=6),  # board
        st.integers(min_value=-5, max_value=8).map(lambda k: 10 * k),  # NS score
    ),
    min_size=1,
    max_size=60,
)


def both_ways(lines, board_settings, expected):
    """score_session board by board, then with the numpy path forced."""
    chosen = SessionSettings(board=board_settings)
    kept = session.PLAIN_FIELD_LINES
    try:
        session.PLAIN_FIELD_LINES = 10**9
        slow = score_session(lines, settings=chosen, expected=expected)
        session.PLAIN_FIELD_LINES = 0
        fast = score_session(lines, settings=chosen, expected=expected)
    finally:
        session.PLAIN_FIELD_LINES = kept
    return slow, fast


@settings(max_examples=300, deadline=None)
@given(
    lines=LINES,
    neuberg=st.booleans(),
    top_per_beat=st.sampled_from([1, 2]),
    extra=st.integers(min_value=0, max_value=5),
)
def test_the_numpy_path_gives_the_same_figures_to_the_last_bit(
    lines, neuberg, top_per_beat, extra
):
    travellers = [
        TravellerLine(board, f"{i}NS", f"{i}EW", score)
        for i, (board, score) in enumerate(lines)
    ]
    most = max(sum(1 for b, _ in lines if b == board) for board, _ in lines)
    slow, fast = both_ways(
        travellers,
        BoardSettings(top_per_beat=top_per_beat, neuberg=neuberg),
        most + extra,
    )
    assert fast == slow


def test_a_ten_table_board_by_hand():
    # 420, 420, 400, -50 on a board played 4 of 5 times (Neuberg on, 2 a beat):
    # raw MP 5, 5, 2, 0 on a top of 6; factored (MP + 1) x 5/4 - 1 on top 8.
    figures = score_plain_boards(
        [1, 1, 1, 1], [420, 420, 400, -50], settings=BoardSettings(), expected=5
    )
    assert figures.ns_mp == [6.5, 6.5, 2.75, 0.25]
    assert figures.top == [8.0] * 4
    assert figures.ew_mp == [1.5, 1.5, 5.25, 7.75]
    assert figures.ns_pct == [81.25, 81.25, 34.375, 3.125]


@pytest.mark.parametrize(
    "odd",
    [ArtificialScore("A+", "A-"), WeightedScore(((0.5, 420.0), (0.5, 450.0))), True],
)
def test_anything_but_plain_scores_goes_board_by_board(odd):
    assert (
        score_plain_boards([1, 1], [420, odd], settings=BoardSettings(), expected=2)
        is None
    )


def test_printed_rounding_goes_board_by_board():
    rounded = BoardSettings(mp_decimals=2)
    assert score_plain_boards([1], [420], settings=rounded, expected=3) is None


@settings(max_examples=200, deadline=None)
@given(
    lines=LINES,
    neuberg=st.booleans(),
    wanted=st.dictionaries(
        st.integers(min_value=1, max_value=6), st.integers(min_value=0, max_value=20)
    ),
)
def test_each_board_its_own_expected_n_both_ways(lines, neuberg, wanted):
    travellers = [
        TravellerLine(board, f"{i}NS", f"{i}EW", score)
        for i, (board, score) in enumerate(lines)
    ]
    slow, fast = both_ways(travellers, BoardSettings(neuberg=neuberg), wanted)
    assert fast == slow
    for number in {board for board, _ in lines}:
        results = [score for board, score in lines if board == number]
        alone = score_session(
            [TravellerLine(number, i, -i - 1, r) for i, r in enumerate(results)],
            settings=SessionSettings(board=BoardSettings(neuberg=neuberg)),
            expected=max(wanted.get(number, 0), len(results)),
        )
        mine = [line.ns_mp for line in slow.lines if line.line.board == number]
        assert mine == [line.ns_mp for line in alone.lines]
