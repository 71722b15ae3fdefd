"""Issue 18 items 3 and 5: each IMP-pairs option and the printed rounding of
matchpoints change a hand-worked board exactly as the rule says.

The boards are worked by hand in each test's docstring; the IMP scale is the
WBF one (20-40 is 1, ..., 500-590 is 11, 1500-1740 is 17, 2250-2490 is 20).
"""

from __future__ import annotations

import random

import pytest

from scoring.board import ArtificialScore, BoardSettings, WeightedScore, score_board
from scoring.imp_session import (
    ImpMethod,
    ImpScoredLine,
    ImpSettings,
    cap_rounds,
    cross_imps_board,
    score_imp_session,
)
from scoring.imps import butler, butler_datum, datum_drop, imps, round_datum
from scoring.session import SessionSettings, TravellerLine, score_session

# Seven NS scores, sorted: the sum is 2790, the mean 398.57.
SEVEN = [450, -100, 1430, 50, 400, 140, 420]


@pytest.mark.parametrize(
    ("options", "datum"),
    [
        # Compscore/EBU: drop -100 and 1430; 50+140+400+420+450 = 1460 / 5 = 292.
        ({"drop": 1}, 290.0),
        # Two at each end: 140+400+420 = 960 / 3 = 320.
        ({"drop": 2}, 320.0),
        # None dropped: 2790 / 7 = 398.57 -> 400.
        ({"drop": 0}, 400.0),
        # 30 % of 7 is 2.1, rounded down to 2 at each end: 320.
        ({"drop_fraction": 0.30}, 320.0),
        # 14 % of 7 is 0.98, rounded down to 0: the plain mean, 400.
        ({"drop_fraction": 0.14}, 400.0),
        # Keep the middle 1 (the median): drop 3 at each end, 400.
        ({"keep_middle": 1}, 400.0),
        # Keep the middle 3: drop 2 at each end, 320.
        ({"keep_middle": 3}, 320.0),
        # Keep the middle 2 of 7: (7 - 2) // 2 = 2 at each end, the middle 3 kept.
        ({"keep_middle": 2}, 320.0),
        # Keep more than there are: nothing dropped, 400.
        ({"keep_middle": 9}, 400.0),
    ],
)
def test_each_trimming_makes_the_hand_worked_datum(options, datum):
    assert butler_datum(SEVEN, **options) == datum


def test_the_middle_one_of_an_even_field_is_the_median():
    """Six scores 50 140 400 420 450 1430: (6 - 1) // 2 = 2 dropped at each end,
    the two middle ones kept: (400 + 420) / 2 = 410."""
    assert butler_datum([1430, 50, 400, 140, 420, 450], keep_middle=1) == 410.0


def test_a_percentage_at_each_end_is_rounded_down_as_acblscore_does():
    """5 % of 19 results is 0.95: none dropped; of 20 it is 1: one each end.
    29 % of 100 is 29 exactly, though 100 x 0.29 is 28.999999999999996 in floats."""
    assert datum_drop(19, drop_fraction=0.05) == 0
    assert datum_drop(20, drop_fraction=0.05) == 1
    assert datum_drop(100, drop_fraction=0.29) == 29
    assert datum_drop(3, drop=2) == 0  # never the whole field


@pytest.mark.parametrize(
    ("mean", "rounding", "datum"),
    [
        (425.0, "half-away", 430.0),
        (425.0, "half-even", 420.0),
        (425.0, "truncate", 420.0),
        (425.0, "none", 425.0),
        (437.0, "truncate", 430.0),
        (437.0, "half-away", 440.0),
        (-437.0, "truncate", -430.0),  # toward zero, not down
        (-437.0, "half-away", -440.0),
        (-425.0, "half-away", -430.0),
        (-425.0, "half-even", -420.0),
        (439.99999999999994, "truncate", 440.0),  # float noise is not a 9
    ],
)
def test_each_datum_rounding(mean, rounding, datum):
    assert round_datum(mean, rounding) == datum


def test_the_truncated_datum_changes_the_imps():
    """No trim: the mean 398.57 truncates to 390 rather than rounding to 400, so
    -100 is 490 below (10 IMPs) instead of 500 below (11 IMPs)."""
    datum, won = butler(SEVEN, drop=0, rounding="truncate")
    assert datum == 390.0
    assert won[1] == -10
    assert butler(SEVEN, drop=0)[1][1] == -11


def board_with_average_plus() -> list[TravellerLine]:
    """Board 1: 1v2 +620, 3v4 -100 (datum 260 untrimmed: +8 and -8 IMPs), and
    5v6 given Average-plus to NS, Average-minus to EW."""
    return [
        TravellerLine(1, 1, 2, 620),
        TravellerLine(1, 3, 4, -100),
        TravellerLine(1, 5, 6, ArtificialScore("A+", "A-")),
    ]


@pytest.mark.parametrize(("worth", "expected"), [(3.0, 3.0), (2.0, 2.0), (1.2, 1.2)])
@pytest.mark.parametrize("method", [ImpMethod.BUTLER, ImpMethod.CROSS_IMPS])
def test_average_plus_is_worth_the_chosen_imps(method, worth, expected):
    settings = ImpSettings(method=method, drop=0, average_plus=worth)
    scored = score_imp_session(board_with_average_plus(), settings=settings)
    adjusted = scored.lines[2]
    assert (adjusted.ns_imps, adjusted.ew_imps) == (expected, -expected)
    # The real lines do not move: Butler 360 above/below 260 is 8 IMPs; cross
    # 720 apart is 12 IMPs, one comparison each.
    real = 8.0 if method is ImpMethod.BUTLER else 12.0
    assert [line.ns_imps for line in scored.lines[:2]] == [real, -real]


def test_a_percentage_scales_with_the_chosen_average_plus():
    """60 % is Average-plus: 1.2 IMPs when A+ is 1.2; 70 % is twice that."""
    settings = ImpSettings(average_plus=1.2)
    assert settings.mark_imps(60) == pytest.approx(1.2)
    assert settings.mark_imps(70) == pytest.approx(2.4)
    assert settings.mark_imps("A-") == -1.2


def test_a_cross_imp_cap_limits_each_comparison():
    """+2210, +420 and -100.  2210 v -100 is 2310 (20 IMPs), 2210 v 420 is 1790
    (18), 420 v -100 is 520 (11).  Uncapped totals: +38, -7, -31.  Capped at 17:
    +34 (17 + 17), -6 (-17 + 11), -28 (-17 - 11); averages are half of those."""
    entries = [((1.0, 2210.0),), ((1.0, 420.0),), ((1.0, -100.0),)]
    assert cross_imps_board(entries, average=False) == [38.0, -7.0, -31.0]
    assert cross_imps_board(entries, average=False, cap=17) == [34.0, -6.0, -28.0]
    assert cross_imps_board(entries, average=True, cap=17) == [17.0, -3.0, -14.0]
    assert imps(-2310, cap=17) == -17


def test_the_capped_cross_imps_match_the_naive_sum_with_weights():
    """The vectorised cap agrees with comparing every pair of parts by hand."""
    rng = random.Random(18)
    for _ in range(200):
        cap = rng.randint(1, 24)
        entries = []
        for _ in range(rng.randint(2, 9)):
            if rng.random() < 0.2:
                entries.append(((0.7, rng.randrange(-3000, 3000, 10)),
                                (0.3, rng.randrange(-3000, 3000, 10))))  # fmt: skip
            else:
                entries.append(((1.0, rng.randrange(-5000, 5000, 10)),))
        naive = [
            sum(
                wa * wb * imps(a - b, cap)
                for j, other in enumerate(entries)
                if j != i
                for wa, a in entry
                for wb, b in other
            )
            for i, entry in enumerate(entries)
        ]
        got = cross_imps_board(entries, average=False, cap=cap)
        assert got == pytest.approx(naive)


def test_the_cross_imp_cap_reaches_the_session():
    settings = ImpSettings(method=ImpMethod.CROSS_IMPS, cross_imps_cap=17)
    lines = [TravellerLine(1, 1, 2, 2210), TravellerLine(1, 3, 4, 420),
             TravellerLine(1, 5, 6, -100)]  # fmt: skip
    scored = score_imp_session(lines, settings=settings)
    assert [line.ns_imps for line in scored.lines] == [17.0, -3.0, -14.0]
    assert scored.standing(2).imps == -17.0


def two_rounds() -> list[TravellerLine]:
    """Pair 1 (NS) meets pair 2 on boards 1 and 2, pair 3 meets pair 4.
    Board 1: +620 and -100, untrimmed unrounded datum 260: +8 / -8 IMPs.
    Board 2: +1430 and +420, datum 925: 505 either way, +11 / -11 IMPs.
    Pair 1's round is +19, pair 3's -19."""
    return [
        TravellerLine(1, 1, 2, 620),
        TravellerLine(1, 3, 4, -100),
        TravellerLine(2, 1, 2, 1430),
        TravellerLine(2, 3, 4, 420),
    ]


def test_a_round_cap_scales_the_round_to_the_cap():
    """Capped at 10: each line of the round x 10/19, so +80/19 and +110/19 for
    pair 1 (10 in all), the opposite for pair 2; pair 3 -10, pair 4 +10."""
    settings = ImpSettings(drop=0, rounding="none", round_cap=10)
    scored = score_imp_session(two_rounds(), settings=settings)
    assert [line.ns_imps for line in scored.lines] == pytest.approx(
        [80 / 19, -80 / 19, 110 / 19, -110 / 19]
    )
    assert [line.ew_imps for line in scored.lines] == pytest.approx(
        [-80 / 19, 80 / 19, -110 / 19, 110 / 19]
    )
    assert [scored.standing(p).imps for p in (1, 2, 3, 4)] == [10.0, -10.0, -10.0, 10.0]
    uncapped = score_imp_session(two_rounds(), settings=ImpSettings(drop=0))
    assert uncapped.standing(1).imps == 19.0


def test_a_round_within_the_cap_is_untouched():
    settings = ImpSettings(drop=0, rounding="none", round_cap=19)
    scored = score_imp_session(two_rounds(), settings=settings)
    assert [line.ns_imps for line in scored.lines] == [8.0, -8.0, 11.0, -11.0]


def test_the_round_cap_treats_each_side_of_an_artificial_line_apart():
    """A+/A (NS +3 IMPs, EW 0) then a real board, NS +4 / EW -4.  NS's round is
    +7, capped at 5: each NS figure x 5/7, 15/7 and 20/7.  EW's is -4, within
    the cap: 0 and -4 stay."""
    lines = [
        ImpScoredLine(TravellerLine(1, 1, 2, ArtificialScore("A+", "A")), 3.0, 0.0),
        ImpScoredLine(TravellerLine(2, 1, 2, 430), 4.0, -4.0),
    ]
    capped = cap_rounds(lines, 5)
    assert [li.ns_imps for li in capped] == pytest.approx([15 / 7, 20 / 7])
    assert [li.ew_imps for li in capped] == [0.0, -4.0]


@pytest.mark.parametrize(
    "bad",
    [
        {"average_plus": -1},
        {"average_plus": 25},
        {"cross_imps_cap": 0},
        {"cross_imps_cap": 25},
        {"round_cap": 0},
        {"round_cap": -3},
    ],
)
def test_bad_imp_settings_are_refused(bad):
    with pytest.raises(ValueError):
        ImpSettings(**bad)


@pytest.mark.parametrize("bad", [{"keep_middle": 0}, {"drop_fraction": 0.5},
                                 {"drop": -1}])  # fmt: skip
def test_bad_trims_are_refused(bad):
    with pytest.raises(ValueError):
        butler_datum(SEVEN, **bad)


def test_bad_decimals_are_refused():
    with pytest.raises(ValueError):
        BoardSettings(mp_decimals=-1)


def test_board_matchpoints_rounded_to_hundredths_before_percentages():
    """Three results of a board meant for four tables (top 6): 450, 420, 400
    score 4, 2, 0 on a top of 4; Neuberg ((mp + 1) x 4 / 3 - 1) gives 5.6667,
    3 and 0.3333.  Printed to 2 decimals: 5.67 (94.5 %), 3 (50 %), 0.33 (5.5 %);
    EW 0.33, 3, 5.67.  Exact: 94.444 %."""
    exact = score_board([450, 420, 400], expected=4)
    assert exact[0].ns_pct == pytest.approx(94.4444444)
    rounded = score_board(
        [450, 420, 400], expected=4, settings=BoardSettings(mp_decimals=2)
    )
    assert [(li.ns_mp, li.ew_mp) for li in rounded] == [
        (5.67, 0.33), (3.0, 3.0), (0.33, 5.67),
    ]  # fmt: skip
    assert [li.ns_pct for li in rounded] == [94.5, 50.0, 5.5]


def test_hundredths_round_halves_up():
    """2.675 is 2.67499999... in binary: Python's round gives 2.67, KoPS 2.68."""
    printed = BoardSettings(mp_decimals=2).printed
    assert (printed(2.675), printed(4.725), printed(1.2345)) == (2.68, 4.73, 1.23)
    assert BoardSettings().printed(2.675) == 2.675


def test_hundredths_change_the_session_total():
    """Board 1 (three of four tables) is the board above: pair 1 NS scores 5.67.
    Board 2 (four tables, top 6): its 420 beats 400 and ties the other 420,
    3 MP.  8.67 of 12 is 72.25 %; exact, 8.6667 of 12 is 72.2222 %."""
    lines = [
        TravellerLine(1, 1, 11, 450), TravellerLine(1, 2, 12, 420),
        TravellerLine(1, 3, 13, 400),
        TravellerLine(2, 1, 11, 420), TravellerLine(2, 2, 12, 450),
        TravellerLine(2, 3, 13, 400), TravellerLine(2, 4, 14, 420),
    ]  # fmt: skip
    rounded = SessionSettings(board=BoardSettings(mp_decimals=2))
    pair = score_session(lines, settings=rounded).standing(1)
    assert (pair.mp, pair.top) == (pytest.approx(8.67), 12.0)
    assert pair.pct == pytest.approx(72.25)
    assert score_session(lines).standing(1).pct == pytest.approx(72.2222222)


def test_weighted_scores_round_too():
    """70 % of 420 and 30 % of 450 against 450 and 400, three of four tables:
    the weighted line scores 0.7 x 2 + 0.3 x 3 = 2.3 of 4, factored
    (3.3 x 4 / 3 - 1) = 3.4; exact 3.4 either way, so rounding is harmless."""
    weighted = WeightedScore(((0.7, 420.0), (0.3, 450.0)))
    lines = score_board([weighted, 450, 400], expected=4,
                        settings=BoardSettings(mp_decimals=2))  # fmt: skip
    assert lines[0].ns_mp == 3.4
