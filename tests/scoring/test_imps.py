"""IMPs: the WBF scale, cross-IMPs and Butler, checked against published results."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.imps import (
    butler,
    butler_datum,
    cross_imps,
    cross_imps_naive,
    imp_scale,
    imps,
    round_datum,
)

# (difference, IMPs): both edges of every band of the WBF scale.
WBF_SCALE = [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3),
    (130, 4), (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7),
    (310, 7), (320, 8), (360, 8), (370, 9), (420, 9), (430, 10), (490, 10),
    (500, 11), (590, 11), (600, 12), (740, 12), (750, 13), (890, 13),
    (900, 14), (1090, 14), (1100, 15), (1290, 15), (1300, 16), (1490, 16),
    (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19), (2240, 19),
    (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
    (3500, 23), (3990, 23), (4000, 24), (7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("difference", "expected"), WBF_SCALE)
def test_it_converts_each_band_edge_of_the_wbf_scale(difference, expected):
    assert imps(difference) == expected
    assert imps(-difference) == -expected


@pytest.mark.parametrize(("difference", "expected"), [(15, 0), (45, 1), (19.9, 0)])
def test_it_closes_bands_at_their_lower_edge_for_unrounded_differences(
    difference, expected
):
    assert imps(difference) == expected


def test_it_refuses_a_difference_that_is_not_a_number():
    with pytest.raises(ValueError, match="difference"):
        imps(float("nan"))


def test_it_lists_the_scale_as_table_rows():
    rows = imp_scale()
    assert len(rows) == 25
    assert rows[0] == (0, 10, 0)
    assert rows[9] == (370, 420, 9)
    assert rows[-1] == (4000, None, 24)


def test_it_cross_imps_a_hand_worked_board():
    # 420 vs 420: 0, vs 170: +6 (250), vs -50: +10 (470) -> 16
    # 170 vs 420: -6, vs 420: -6, vs -50: +6 (220) -> -6
    # -50 vs 420: -10 twice, vs 170: -6 -> -26
    assert cross_imps([420, 420, 170, -50]) == [16, 16, -6, -26]
    assert cross_imps([420, 420, 170, -50], average=True) == pytest.approx(
        [16 / 3, 16 / 3, -2, -26 / 3]
    )


def test_it_gives_no_cross_imps_to_a_lone_or_empty_board():
    assert cross_imps([]) == []
    assert cross_imps([620]) == [0.0]


@given(st.lists(st.integers(-7600, 7600), max_size=40))
def test_cross_imps_sum_to_zero_and_match_the_naive_count(scores):
    totals = cross_imps(scores)
    assert sum(totals) == 0
    assert totals == cross_imps_naive(scores)


@pytest.mark.parametrize(
    ("mean", "rounding", "expected"),
    [
        (165, "half-away", 170),
        (-165, "half-away", -170),
        (155, "half-even", 160),
        (165, "half-even", 160),
        (-155, "half-even", -160),
        (164.9, "half-away", 160),
        (123.4, "none", 123.4),
    ],
)
def test_it_rounds_the_datum_to_ten_as_configured(mean, rounding, expected):
    assert round_datum(mean, rounding) == expected


def test_it_drops_the_top_and_bottom_before_taking_the_datum():
    # Drop 1430 and -200; mean of 420, 450, 450 is 440.
    assert butler_datum([420, 1430, 450, -200, 450]) == 440
    datum, won = butler([420, 1430, 450, -200, 450])
    assert datum == 440
    assert won == [-1, 14, 0, -12, 0]


def test_it_can_drop_a_share_of_the_field_as_acblscore_does():
    scores = list(range(0, 2000, 100))  # 20 scores, 5 % = 1 at each end
    assert butler_datum(scores, drop_fraction=0.05) == 950
    assert butler_datum(scores, drop_fraction=0.25, rounding="none") == 950


def test_it_keeps_every_score_when_there_are_too_few_to_trim():
    assert butler_datum([100, 200]) == 150
    assert butler_datum([420]) == 420


def test_it_refuses_an_empty_board_for_a_datum():
    with pytest.raises(ValueError, match="at least one result"):
        butler_datum([])


def test_it_reproduces_compscore_butler_datums_and_imps(usebio_boards):
    """Compscore3 Butler pairs (abftech/cobalt test file butler_howell.xml)."""
    boards = usebio_boards("butler_howell.xml")
    assert len(boards) == 35
    for board in boards:
        scores = [line.score for line in board.lines]
        datum, won = butler(scores)
        assert datum == board.average, board.number
        assert won == [line.ns_points for line in board.lines], board.number
        assert [-w for w in won] == [line.ew_points for line in board.lines]


def test_it_reproduces_compscore_cross_imps_per_comparison(usebio_boards):
    """Compscore3 cross-IMP pairs (abftech/cobalt test file cross_imp_howell.xml)."""
    boards = usebio_boards("cross_imp_howell.xml")
    assert len(boards) == 27
    for board in boards:
        scores = [line.score for line in board.lines]
        published = [line.ns_points for line in board.lines]
        ours = [round(value, 2) for value in cross_imps(scores, average=True)]
        assert ours == published, board.number
