"""The board scorer: real results, assigned and artificial adjusted scores."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.board import ArtificialScore, BoardSettings, WeightedScore, score_board
from tests.conftest import TEST_DATA

NO_NEUBERG = BoardSettings(neuberg=False)


def test_it_scores_a_board_of_real_results():
    lines = score_board([420, 140, 420, -50])
    assert [line.ns_mp for line in lines] == [5, 2, 5, 0]
    assert [line.ew_mp for line in lines] == [1, 4, 1, 6]
    assert [round(line.ns_pct, 2) for line in lines] == [83.33, 33.33, 83.33, 0]
    assert all(line.top == 6 for line in lines)
    assert not any(line.artificial for line in lines)


def test_it_factors_the_real_results_up_when_a_table_got_an_artificial_score():
    lines = score_board([420, 420, 450, -50, ArtificialScore("A+", "A-")])
    # Raw 3, 3, 6, 0 among four results, factored to five: (MP + 1) * 5/4 - 1.
    assert [line.ns_mp for line in lines[:4]] == [4, 4, 7.75, 0.25]
    assert lines[4].ns_mp == pytest.approx(4.8)  # 60 % of the top of 8
    assert lines[4].ew_mp == pytest.approx(3.2)
    assert (lines[4].ns_pct, lines[4].ew_pct) == (60, 40)
    assert lines[4].artificial


def test_it_keeps_the_real_results_unfactored_when_neuberg_is_off():
    lines = score_board(
        [420, 420, 450, -50, ArtificialScore("A", "A")], settings=NO_NEUBERG
    )
    assert [line.ns_mp for line in lines[:4]] == [3, 3, 6, 0]
    assert lines[4].ns_mp == 3  # 50 % of the top of the four real results
    assert lines[4].top == 6


def test_it_gives_each_side_its_own_artificial_score():
    lines = score_board(
        [100, 200, ArtificialScore(55, "A-"), ArtificialScore("A+", "A+")]
    )
    assert (lines[2].ns_pct, lines[2].ew_pct) == (55, 40)
    assert (lines[3].ns_pct, lines[3].ew_pct) == (60, 60)


def test_it_uses_the_clubs_own_average_plus_and_minus():
    settings = BoardSettings(average_plus=65, average_minus=35)
    lines = score_board([100, 200, ArtificialScore("A+", "A-")], settings=settings)
    assert (lines[2].ns_pct, lines[2].ew_pct) == (65, 35)


def test_it_matchpoints_each_part_of_a_weighted_score_with_its_weight():
    # 70 % of +420 and 30 % of +450 against a real +420 and a real +450.
    lines = score_board([420, WeightedScore(((0.7, 420), (0.3, 450))), 450])
    assert [line.ns_mp for line in lines] == pytest.approx([0.7, 1.6, 3.7])
    assert sum(line.ns_mp for line in lines) == pytest.approx(6)


def test_it_factors_to_the_expected_count_of_the_section():
    lines = score_board([420, 140], expected=3)
    # Raw 2 and 0 of two results: (2 + 1) * 3/2 - 1 and (0 + 1) * 3/2 - 1.
    assert [line.ns_mp for line in lines] == [3.5, 0.5]
    assert lines[0].top == 4


def test_a_board_played_once_without_neuberg_is_average():
    (line,) = score_board([620], settings=NO_NEUBERG)
    assert (line.ns_pct, line.ew_pct) == (50, 50)


def test_a_board_played_once_with_neuberg_is_average():
    lines = score_board([620, ArtificialScore("A", "A")])
    assert lines[0].ns_pct == 50


@pytest.mark.parametrize(
    ("result", "message"),
    [
        ("420", "score: expected a number"),
        (float("inf"), "score: expected a finite number"),
        (True, "score: expected a number"),
    ],
)
def test_it_names_the_field_of_a_bad_score(result, message):
    with pytest.raises(ValueError, match=message):
        score_board([100, result])


@pytest.mark.parametrize(
    ("ns", "ew", "message"),
    [("A++", "A", "ns: an artificial score"), ("A", 120, "ew: an artificial")],
)
def test_it_names_the_side_of_a_bad_artificial_score(ns, ew, message):
    with pytest.raises(ValueError, match=message):
        ArtificialScore(ns, ew)


def test_it_refuses_weights_that_do_not_add_up():
    with pytest.raises(ValueError, match="add up to 1"):
        WeightedScore(((0.7, 420), (0.2, 450)))


def test_it_refuses_fewer_expected_results_than_real_ones():
    with pytest.raises(ValueError, match="expected"):
        score_board([1, 2, 3], expected=2)


@given(st.lists(st.integers(-3000, 3000), min_size=2, max_size=30))
def test_ns_and_ew_percentages_add_to_100_at_every_table(scores):
    for line in score_board(scores):
        assert line.ns_pct + line.ew_pct == pytest.approx(100)
        assert line.ns_mp + line.ew_mp == pytest.approx(line.top)


@given(
    st.lists(st.integers(-3000, 3000), min_size=1, max_size=20),
    st.integers(0, 5),
)
def test_factored_matchpoints_stay_on_the_full_top(scores, absent):
    results = scores + [ArtificialScore("A", "A")] * absent
    lines = score_board(results)
    real = lines[: len(scores)]
    n = len(results)
    assert sum(line.ns_mp for line in real) == pytest.approx(len(scores) * (n - 1))


@pytest.mark.parametrize(
    "name", ["mp_pairs_mitchell.xml", "mp_pairs_howell.xml", "mp_pairs_mitchell_03.xml"]
)
def test_it_reproduces_compscore_matchpoints_line_by_line(usebio_boards, name):
    """Compscore3 USEBIO exports (abftech/cobalt test files), MP per line.

    Compscore prints raw matchpoints on a board simply played fewer times, and
    factors the real lines of a board that holds an artificial score.
    """
    for board in usebio_boards(name):
        results = [
            ArtificialScore(*line.artificial) if line.artificial else line.score
            for line in board.lines
        ]
        has_artificial = any(line.artificial for line in board.lines)
        scored = score_board(results, settings=BoardSettings(neuberg=has_artificial))
        assert [s.ns_mp for s in scored] == [line.ns_points for line in board.lines]
        assert [s.ew_mp for s in scored] == [line.ew_points for line in board.lines]


def test_the_fixture_files_are_where_the_tests_expect():
    assert TEST_DATA.is_dir()


def test_a_board_with_only_artificial_scores_is_out_of_the_full_top():
    for settings in (BoardSettings(), NO_NEUBERG):
        (line,) = score_board(
            [ArtificialScore("A+", "A-")], expected=4, settings=settings
        )
        assert line.top == 6
        assert (line.ns_mp, line.ew_mp) == (pytest.approx(3.6), pytest.approx(2.4))
