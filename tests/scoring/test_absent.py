"""An award against an absent pair ("60/0 - EW absent") is not a play of the board.

Hand-worked boards: four tables, NS scores 450, 420, 400 and -50 when all four
played (top 6, two matchpoints a beat).  On board 2 the EW pair of the fourth
table never came: its NS pair is awarded 60 %, the absent pair 0 %.
"""

from __future__ import annotations

import pytest

from scoring.board import (
    ArtificialScore,
    BoardSettings,
    is_absent_award,
    plays,
    score_board,
)
from scoring.imp_session import ImpMethod, ImpSettings, score_imp_session
from scoring.session import (
    AverageRule,
    SessionSettings,
    TravellerLine,
    score_session,
)

SIXTY_NIL = ArtificialScore(60, 0, absent="EW")

SESSION = [
    TravellerLine(1, "1NS", "1EW", 450),
    TravellerLine(1, "2NS", "2EW", 420),
    TravellerLine(1, "3NS", "3EW", 400),
    TravellerLine(1, "4NS", "4EW", -50),
    TravellerLine(2, "1NS", "2EW", 420),
    TravellerLine(2, "2NS", "3EW", 400),
    TravellerLine(2, "3NS", "1EW", -50),
    TravellerLine(2, "4NS", "4EW", SIXTY_NIL),
]
DIRECTIONS = {f"{n}{d}": d for n in (1, 2, 3, 4) for d in ("NS", "EW")}


def _board(session, number):
    return [line for line in session.lines if line.line.board == number]


def test_an_absent_pairs_table_does_not_change_the_boards_top():
    """Neuberg on: board 2's three real results are factored up to the four
    tables of board 1, so both boards are out of the same top of 6."""
    session = score_session(SESSION, groups=DIRECTIONS)
    full, short = _board(session, 1), _board(session, 2)
    assert {line.top for line in full} == {6.0}
    assert {line.top for line in short} == {6.0}
    # (MP + 1) * 4 / 3 - 1 on the raw 4, 2 and 0 of three results.
    assert [line.ns_mp for line in short[:3]] == pytest.approx([17 / 3, 3, 1 / 3])
    assert [line.ew_mp for line in short[:3]] == pytest.approx([1 / 3, 3, 17 / 3])
    award = short[3]
    assert (award.ns_mp, award.ew_mp, award.ns_pct, award.ew_pct) == (
        pytest.approx(3.6),
        0,
        60,
        0,
    )


def test_a_plain_artificial_line_would_count_as_a_play():
    """The same award without an absent side is a table that played: the
    default N of a lone board then counts it (top 6 rather than 4)."""
    results = [420, 400, -50]
    absent = score_board([*results, SIXTY_NIL])
    present = score_board([*results, ArtificialScore(60, 0)])
    assert {line.top for line in absent} == {4.0}
    assert [line.ns_mp for line in absent[:3]] == [4, 2, 0]
    assert absent[3].ns_mp == pytest.approx(2.4)
    assert {line.top for line in present} == {6.0}


def test_neuberg_off_is_the_top_of_the_real_results_as_jfr():
    """JFR Pary does not factor: the three real results are out of 4."""
    settings = SessionSettings(board=BoardSettings(neuberg=False))
    session = score_session(SESSION, settings=settings, groups=DIRECTIONS)
    short = _board(session, 2)
    assert [line.top for line in short] == [4.0] * 4
    assert [line.ns_pct for line in short] == [100, 50, 0, 60]
    assert [line.ns_mp for line in short] == [4, 2, 0, pytest.approx(2.4)]
    assert short[3].ew_mp == 0


def test_the_absent_pair_scores_its_award_as_a_board():
    session = score_session(SESSION, groups=DIRECTIONS)
    absent = session.standing("4EW")
    # Board 1: -50 by NS is a top for EW (6 of 6); board 2: 0 of 6.
    assert (absent.mp, absent.top, absent.boards) == (6, 12, 2)
    assert absent.pct == 50
    present = session.standing("4NS")
    assert (present.mp, present.top) == (pytest.approx(3.6), 12)
    assert present.pct == pytest.approx(30)


def test_sixty_forty_gives_the_absent_side_forty():
    lines = [
        *SESSION[:7],
        TravellerLine(2, "4NS", "4EW", ArtificialScore(60, 40, "EW")),
    ]
    award = score_session(lines).lines[7]
    assert (award.ns_pct, award.ew_pct) == (60, 40)
    assert (award.ns_mp, award.ew_mp) == (pytest.approx(3.6), pytest.approx(2.4))


def test_average_plus_against_an_absent_side_follows_the_average_rule():
    """WBF/EBU session rule: A+ is the pair's own average when above 60 %."""
    lines = [
        *SESSION[:7],
        TravellerLine(2, "4NS", "4EW", ArtificialScore("A+", "A-", absent="EW")),
    ]
    settings = SessionSettings(average_rule=AverageRule.SESSION)
    scored = score_session(lines, settings=settings, groups=DIRECTIONS)
    award = scored.lines[7]
    # 4NS scored 0 of 6 on board 1: its A+ stays 60 %; 4EW had 100 %: A- 40 %.
    assert (award.ns_pct, award.ew_pct) == (60, 40)
    lines[0], lines[3] = (
        TravellerLine(1, "1NS", "1EW", -50),
        TravellerLine(1, "4NS", "4EW", 450),
    )
    scored = score_session(lines, settings=settings, groups=DIRECTIONS)
    # Now 4NS had a top (100 %): its A+ is lifted to 100 %.
    assert scored.lines[7].ns_pct == 100
    assert scored.lines[7].ew_pct == 0


def test_the_default_n_leaves_awards_out():
    """A 4-table session whose fourth EW pair never came: every board has three
    plays, so with no N given the boards are out of a 3-table top."""
    lines = [line for line in SESSION if line.board == 2]
    session = score_session(lines)
    assert {line.top for line in session.lines} == {4.0}
    assert plays(line.result for line in lines) == 3
    assert is_absent_award(SIXTY_NIL) and not is_absent_award(ArtificialScore(60, 0))


def test_the_movement_n_still_factors_the_board():
    """With the movement's N (four tables) the three real results are factored."""
    session = score_session([line for line in SESSION if line.board == 2], expected=4)
    assert [line.ns_mp for line in session.lines[:3]] == pytest.approx(
        [17 / 3, 3, 1 / 3]
    )


def test_a_board_of_awards_only_scores_the_percentages():
    scored = score_board([SIXTY_NIL])
    assert (scored[0].ns_pct, scored[0].ew_pct, scored[0].top) == (60, 0, 0)


@pytest.mark.parametrize("side", ["N", "XX", "", 1])
def test_the_absent_side_is_ns_or_ew(side):
    with pytest.raises(ValueError, match="absent"):
        ArtificialScore(60, 0, absent=side)


def test_the_absent_side_is_normalised():
    assert ArtificialScore(60, 0, absent=" ew ").absent == "EW"


def test_by_imps_the_award_is_not_in_the_datum():
    """Butler: the datum of board 2 is that of its three real results (one top
    and one bottom dropped: 400); the award scores its marks' IMPs."""
    board = [line for line in SESSION if line.board == 2]
    scored = score_imp_session(board, settings=ImpSettings(drop=1))
    assert scored.datums == {2: 400}
    assert [line.ns_imps for line in scored.lines[:3]] == [1, 0, -10]
    # 60 % is Average-plus (+3 IMPs); 0 % is 5 steps of 10 % below: -15.
    assert (scored.lines[3].ns_imps, scored.lines[3].ew_imps) == (3, -15)
    cross = score_imp_session(board, settings=ImpSettings(method=ImpMethod.CROSS_IMPS))
    # 420 v 400 is +1, 420 v -50 (470) is +10: 11 over two comparisons.
    assert cross.lines[0].ns_imps == 5.5
