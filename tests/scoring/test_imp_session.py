"""Pairs sessions scored by IMPs (Butler, cross-IMPs), by hand and against Compscore.

The hand-worked Mitchell (NS pairs 1-8 against EW pairs 1-8):

    board 1  1NS v 1EW +650   2NS v 2EW +620   3NS v 3EW +420   4NS v 4EW +400
             5NS v 5EW +100   6NS v 6EW pass   7NS v 7EW A+/A-  8NS v 8EW A/A
    board 2  1NS v 2EW -100   2NS v 1EW +110   3NS v 4EW +140

Butler, EBU/Compscore (drop the top and the bottom, round 5 away from zero):
board 1 drops +650 and the pass: (620 + 420 + 400 + 100) / 4 = 385 -> datum
390; NS IMPs +6 (260), +6 (230), +1 (30), 0 (10), -7 (-290), -9 (-390);
A+ is +3 IMPs (EW A- -3), A is 0, and neither counts in the datum.  Board 2
keeps the middle score of three: datum 110; -100 is -5 (-210), +140 is +1.

    NS totals: 2NS 6, 7NS 3, 3NS 2, 1NS 1, 4NS 0, 8NS 0, 5NS -7, 6NS -9
    EW totals: 6EW 9, 5EW 7, 8EW 0, 2EW -1 (-6 + 5), 3EW -1, 4EW -1 (0 - 1),
               7EW -3, 1EW -6

ACBLscore (5 % at each end, 5 to the even ten): 5 % of 6 results drops none,
the mean of all six is 2190 / 6 = 365 -> 360 (36.5 to the even 36).  With
the top and bottom dropped but 5 to the even ten: 385 -> 380.

Cross-IMPs on board 1, each real score against the five others:
+650: 1 + 6 + 6 + 11 + 12 = 36; +620: -1 + 5 + 6 + 11 + 12 = 33;
+420: -6 - 5 + 1 + 8 + 9 = 7; +400: -6 - 6 - 1 + 7 + 9 = 3;
+100: -11 - 11 - 8 - 7 + 3 = -34; pass: -12 - 12 - 9 - 9 - 3 = -45;
per comparison (/ 5): 7.2, 6.6, 1.4, 0.6, -6.8, -9.  Board 2: -100 is
-5 - 6 = -11 (-5.5), +110 is 5 - 1 = 4 (2), +140 is 6 + 1 = 7 (3.5).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.board import ArtificialScore, WeightedScore
from scoring.imp_session import (
    ImpMethod,
    ImpSettings,
    ImpStanding,
    cross_imps_board,
    rank_imp_standings,
    score_imp_session,
)
from scoring.imps import DatumRounding, cross_imps, imps
from scoring.session import TravellerLine

A_PLUS = ArtificialScore("A+", "A-")
AVERAGE = ArtificialScore("A", "A")
BOARD_1 = [650, 620, 420, 400, 100, 0, A_PLUS, AVERAGE]
BOARD_2 = [(1, 2, -100), (2, 1, 110), (3, 4, 140)]


def night() -> list[TravellerLine]:
    lines = [
        TravellerLine(1, f"{n}NS", f"{n}EW", result)
        for n, result in enumerate(BOARD_1, start=1)
    ]
    lines += [TravellerLine(2, f"{ns}NS", f"{ew}EW", s) for ns, ew, s in BOARD_2]
    return lines


GROUPS = {f"{n}{d}": d for n in range(1, 9) for d in ("NS", "EW")}
BUTLER = ImpSettings(method=ImpMethod.BUTLER)
CROSS = ImpSettings(method=ImpMethod.CROSS_IMPS)


def ns_imps(settings: ImpSettings, board: int = 1) -> list[float]:
    scored = score_imp_session(night(), settings=settings, groups=GROUPS)
    return [line.ns_imps for line in scored.lines if line.line.board == board]


def table(ranking: list[ImpStanding]) -> list[tuple[str, str, float]]:
    return [(entry.rank, entry.pair, round(entry.imps, 2)) for entry in ranking]


def test_butler_by_hand_drops_top_and_bottom_and_rounds_5_away_from_zero():
    scored = score_imp_session(night(), settings=BUTLER, groups=GROUPS)
    assert scored.datums == {1: 390, 2: 110}
    assert ns_imps(BUTLER) == [6, 6, 1, 0, -7, -9, 3, 0]
    assert ns_imps(BUTLER, board=2) == [-5, 0, 1]
    a_plus, average = scored.lines[6], scored.lines[7]
    assert (a_plus.ns_imps, a_plus.ew_imps, a_plus.artificial) == (3, -3, True)
    assert (average.ns_imps, average.ew_imps) == (0, 0)
    assert all(
        line.ew_imps == -line.ns_imps for line in scored.lines if not line.artificial
    )


def test_butler_by_hand_ranks_ns_and_ew_apart_with_ties():
    rankings = score_imp_session(night(), settings=BUTLER, groups=GROUPS).rankings
    assert list(rankings) == ["NS", "EW"]
    assert table(rankings["NS"]) == [
        ("1", "2NS", 6), ("2", "7NS", 3), ("3", "3NS", 2), ("4", "1NS", 1),
        ("5=", "4NS", 0), ("5=", "8NS", 0), ("7", "5NS", -7), ("8", "6NS", -9),
    ]  # fmt: skip
    assert table(rankings["EW"]) == [
        ("1", "6EW", 9), ("2", "5EW", 7), ("3", "8EW", 0), ("4=", "2EW", -1),
        ("4=", "3EW", -1), ("4=", "4EW", -1), ("7", "7EW", -3), ("8", "1EW", -6),
    ]  # fmt: skip


def test_a_pair_has_its_boards_and_an_average_per_board():
    scored = score_imp_session(night(), settings=BUTLER, groups=GROUPS)
    one = scored.standing("1NS")
    assert (one.imps, one.boards, one.average) == (1, 2, 0.5)
    assert scored.standing("8NS").boards == 1
    assert ImpStanding("x", None, 0.0, 0).average == 0
    with pytest.raises(KeyError):
        scored.standing("9NS")


@pytest.mark.parametrize(
    ("drop", "fraction", "rounding", "datum", "won"),
    [
        (1, None, DatumRounding.HALF_EVEN, 380, [7, 6, 1, 1, -7, -9]),
        (0, 0.05, DatumRounding.HALF_EVEN, 360, [7, 6, 2, 1, -6, -8]),
        (0, None, DatumRounding.NONE, 365, [7, 6, 2, 1, -6, -8]),
    ],
)
def test_butler_trimming_and_rounding_are_settings(
    drop, fraction, rounding, datum, won
):
    settings = ImpSettings(drop=drop, drop_fraction=fraction, rounding=rounding)
    scored = score_imp_session(night(), settings=settings)
    assert scored.datums[1] == datum
    assert ns_imps(settings)[:6] == won
    assert ns_imps(settings)[6:] == [3, 0]  # the marks do not move with the datum


def test_cross_imps_by_hand_are_published_per_comparison():
    assert ns_imps(CROSS) == pytest.approx([7.2, 6.6, 1.4, 0.6, -6.8, -9, 3, 0])
    assert ns_imps(CROSS, board=2) == pytest.approx([-5.5, 2, 3.5])
    scored = score_imp_session(night(), settings=CROSS, groups=GROUPS)
    assert scored.datums == {}
    assert [(r, p, pytest.approx(i)) for r, p, i in table(scored.rankings["NS"])] == [
        ("1", "2NS", 8.6), ("2", "3NS", 4.9), ("3", "7NS", 3), ("4", "1NS", 1.7),
        ("5", "4NS", 0.6), ("6", "8NS", 0), ("7", "5NS", -6.8), ("8", "6NS", -9),
    ]  # fmt: skip


def test_cross_imps_can_be_published_as_totals():
    total = ImpSettings(method=ImpMethod.CROSS_IMPS, cross_imps_total=True)
    assert ns_imps(total) == [36, 33, 7, 3, -34, -45, 3, 0]
    assert ns_imps(total, board=2) == [-11, 4, 7]
    scored = score_imp_session(night(), settings=total, groups=GROUPS)
    assert scored.standing("2NS").imps == 37


def test_a_weighted_score_is_imped_part_by_part():
    """70 % of +420 and 30 % of +450 (Law 12C1) on a board of four.

    Butler: the weighted line counts in the datum at 429; dropping 429 and
    -50, the datum is (420 + 400) / 2 = 410.  The weighted line scores
    0.7 x IMP(10) + 0.3 x IMP(40) = 0.3.
    """
    weighted = WeightedScore(((0.7, 420), (0.3, 450)))
    lines = [
        TravellerLine(1, 1, 2, 420),
        TravellerLine(1, 3, 4, weighted),
        TravellerLine(1, 5, 6, 400),
        TravellerLine(1, 7, 8, -50),
    ]
    scored = score_imp_session(lines, settings=BUTLER)
    assert scored.datums == {1: 410}
    assert [line.ns_imps for line in scored.lines] == [0, 0.3, 0, -10]
    assert scored.lines[1].ew_imps == -0.3
    # Cross-IMPs, the weighted line's parts against +420, +400 and -50:
    # 0.7 x (0 + 1 + 10) + 0.3 x (1 + 2 + 11) = 11.9; +420 meets it for
    # 0.7 x 0 + 0.3 x -1, +400 for 0.7 x -1 + 0.3 x -2, -50 for -10.3.
    total = ImpSettings(method=ImpMethod.CROSS_IMPS, cross_imps_total=True)
    crossed = score_imp_session(lines, settings=total)
    assert [line.ns_imps for line in crossed.lines] == pytest.approx(
        [-0.3 + 1 + 10, 11.9, -1 - 1.3 + 10, -10 - 10.3 - 10]
    )


def brute_force(entries):
    """Every part against every part of every other entry, weights multiplied."""
    return [
        sum(
            w * v * imps(s - t)
            for j, other in enumerate(entries)
            if j != i
            for w, s in parts
            for v, t in other
        )
        for i, parts in enumerate(entries)
    ]


scores = st.integers(-3000, 3000).map(lambda x: float(10 * (x // 10)))
entry = st.one_of(
    scores.map(lambda s: ((1.0, s),)),
    st.tuples(st.sampled_from([0.25, 0.5, 0.7]), scores, scores).map(
        lambda t: ((t[0], t[1]), (1 - t[0], t[2]))
    ),
)


@given(st.lists(entry, max_size=12))
def test_weighted_cross_imps_match_the_brute_force(entries):
    ours = cross_imps_board(entries, average=False)
    assert ours == pytest.approx(brute_force(entries), abs=1e-9)
    assert sum(ours) == pytest.approx(0, abs=1e-9)


@given(st.lists(st.integers(-760, 760).map(lambda x: 10 * x), max_size=30))
def test_plain_cross_imps_are_those_of_the_imps_module(board):
    entries = [((1.0, float(s)),) for s in board]
    assert cross_imps_board(entries, average=True) == cross_imps(board, average=True)


def test_an_artificial_percentage_is_scaled_to_imps():
    settings = ImpSettings()
    assert settings.mark_imps(60) == 3
    assert settings.mark_imps(40) == -3
    assert settings.mark_imps(55) == 1.5
    lines = [TravellerLine(1, 1, 2, ArtificialScore(60, 50))]
    (line,) = score_imp_session(lines).lines
    assert (line.ns_imps, line.ew_imps) == (3, 0)


def test_a_board_of_adjusted_scores_only_has_no_datum():
    lines = [TravellerLine(1, 1, 2, A_PLUS), TravellerLine(2, 1, 2, 420)]
    scored = score_imp_session(lines)
    assert scored.datums == {2: 420}
    assert [line.ns_imps for line in scored.lines] == [3, 0]
    assert score_imp_session([], settings=CROSS).rankings == {}


def test_a_bad_score_is_refused():
    with pytest.raises(ValueError, match="score"):
        score_imp_session([TravellerLine(1, 1, 2, "420")])


def test_several_sessions_rank_on_their_added_imps():
    ranked = rank_imp_standings(
        [
            ImpStanding("a", None, 5.0, 2),
            ImpStanding("b", None, 7.5, 2),
            ImpStanding("c", None, 5.0000001, 2),
        ]
    )
    assert [(e.rank, e.pair) for e in ranked[None]] == [
        ("1", "b"), ("2=", "a"), ("2=", "c"),
    ]  # fmt: skip


def published_pairs(path: Path) -> dict[str, tuple[float, str]]:
    """Each pair's published TOTAL_SCORE (IMPs) and PLACE of a USEBIO file."""
    root = ET.parse(path).getroot()
    return {
        pair.findtext("PAIR_NUMBER", ""): (
            float(pair.findtext("TOTAL_SCORE", "nan")),
            pair.findtext("PLACE", ""),
        )
        for pair in root.iter("PAIR")
    }


def usebio_lines(boards) -> list[TravellerLine]:
    return [
        TravellerLine(board.number, line.ns_pair, line.ew_pair, line.score)
        for board in boards
        for line in board.lines
    ]


def test_it_reproduces_a_compscore_butler_session(usebio_boards, data_dir):
    """Compscore3 Butler pairs (abftech/cobalt test file butler_howell.xml):
    every datum, every line's IMPs, every pair's total and place."""
    boards = usebio_boards("butler_howell.xml")
    scored = score_imp_session(usebio_lines(boards), settings=BUTLER)
    assert scored.datums == {board.number: board.average for board in boards}
    published = [
        (line.ns_points, line.ew_points) for board in boards for line in board.lines
    ]
    assert [(line.ns_imps, line.ew_imps) for line in scored.lines] == published
    (ranking,) = scored.rankings.values()
    ours = {entry.pair: (round(entry.imps, 2), entry.rank) for entry in ranking}
    assert ours == published_pairs(data_dir / "usebio" / "butler_howell.xml")
    assert {entry.boards for entry in ranking} == {35}


def test_it_reproduces_a_compscore_cross_imp_session(usebio_boards, data_dir):
    """Compscore3 cross-IMP pairs (abftech/cobalt test file cross_imp_howell.xml):
    each line's average per comparison to 2 decimals; each pair's total is
    the sum of its unrounded figures (30.33 for pair 2, not 30.34)."""
    boards = usebio_boards("cross_imp_howell.xml")
    scored = score_imp_session(usebio_lines(boards), settings=CROSS)
    published = [
        (line.ns_points, line.ew_points) for board in boards for line in board.lines
    ]
    assert [
        (round(line.ns_imps, 2), round(line.ew_imps, 2)) for line in scored.lines
    ] == published
    (ranking,) = scored.rankings.values()
    ours = {entry.pair: (round(entry.imps, 2), entry.rank) for entry in ranking}
    assert ours == published_pairs(data_dir / "usebio" / "cross_imp_howell.xml")
