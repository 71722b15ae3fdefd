"""Procedural penalties on a hand-worked session: exact totals, percentages, ranks.

The session: three NS and three EW pairs, two boards played three times
(top 4).  Board 1: 1NS +420, 2NS +450, 3NS +400; board 2: 1NS -100,
2NS -50, 3NS +110.  NS: 2NS 6 MP (75 %), 3NS 4 MP (50 %), 1NS 2 MP (25 %).
By cross-IMPs (average per comparison): 3NS +3.0, 3EW +2.5, 2EW +2.0,
2NS +0.5, 1NS -3.5, 1EW -4.5.
"""

from __future__ import annotations

import pytest

from scoring.imp_session import ImpMethod, ImpSettings, score_imp_session
from scoring.penalties import (
    Penalty,
    PenaltyUnit,
    penalise_imp_standings,
    penalise_standings,
    penalty_mp,
    section_top,
)
from scoring.session import TravellerLine, score_session

LINES = [
    TravellerLine(1, "1NS", "1EW", 420),
    TravellerLine(1, "2NS", "2EW", 450),
    TravellerLine(1, "3NS", "3EW", 400),
    TravellerLine(2, "1NS", "2EW", -100),
    TravellerLine(2, "2NS", "3EW", -50),
    TravellerLine(2, "3NS", "1EW", 110),
]
GROUPS = {p: p[1:] for p in ("1NS", "2NS", "3NS", "1EW", "2EW", "3EW")}


def mp_rankings():
    return score_session(LINES, groups=GROUPS).rankings


def table(rankings, group):
    return [(s.pair, s.mp, s.pct, s.rank, s.penalty) for s in rankings[group]]


def test_without_penalty_the_ranking_is_the_scored_one():
    assert table(penalise_standings(mp_rankings(), [], 4.0), "NS") == [
        ("2NS", 6.0, 75.0, "1", 0.0),
        ("3NS", 4.0, 50.0, "2", 0.0),
        ("1NS", 2.0, 25.0, "3", 0.0),
    ]


def test_a_matchpoint_penalty_lowers_that_pair_only_and_its_rank():
    ranked = penalise_standings(mp_rankings(), [Penalty("2NS", "mp", 3)], 4.0)
    assert table(ranked, "NS") == [
        ("3NS", 4.0, 50.0, "1", 0.0),
        ("2NS", 3.0, 37.5, "2", 3.0),
        ("1NS", 2.0, 25.0, "3", 0.0),
    ]
    assert table(ranked, "EW") == table(mp_rankings(), "EW")


def test_a_quarter_top_is_a_quarter_of_the_board_top():
    ranked = penalise_standings(mp_rankings(), [Penalty("2NS", "top_pct", 25)], 4.0)
    assert table(ranked, "NS")[0] == ("2NS", 5.0, 62.5, "1", 1.0)


def test_several_penalties_add_up_and_ties_share_the_place():
    penalties = [Penalty("2NS", "top_pct", 25), Penalty("2NS", PenaltyUnit.MP, 1)]
    ranked = penalise_standings(mp_rankings(), penalties, 4.0)
    assert table(ranked, "NS") == [
        ("2NS", 4.0, 50.0, "1=", 2.0),
        ("3NS", 4.0, 50.0, "1=", 0.0),
        ("1NS", 2.0, 25.0, "3", 0.0),
    ]


def test_an_imp_penalty_lowers_the_total_and_the_rank():
    scored = score_imp_session(LINES, settings=ImpSettings(method=ImpMethod.CROSS_IMPS))
    ranked = penalise_imp_standings(scored.rankings, [Penalty("3NS", "imps", 3)])
    assert [(s.pair, s.imps, s.rank, s.penalty) for s in ranked[None]] == [
        ("3EW", 2.5, "1", 0.0),
        ("2EW", 2.0, "2", 0.0),
        ("2NS", 0.5, "3", 0.0),
        ("3NS", 0.0, "4", 3.0),
        ("1NS", -3.5, "5", 0.0),
        ("1EW", -4.5, "6", 0.0),
    ]


def test_the_section_top_is_the_most_common_one_then_the_higher():
    assert section_top([10, 10, 10, 8, 8]) == 10
    assert section_top([8, 8, 8, 10]) == 8
    assert section_top([8, 10]) == 10
    assert section_top([11.9999999999, 12.0000000001, 10]) == 12
    assert section_top([]) == 0.0
    assert penalty_mp(Penalty(1, "top_pct", 10), 12) == pytest.approx(1.2)


@pytest.mark.parametrize(
    ("unit", "amount", "field"),
    [
        ("points", 1, "unit"),
        ("mp", 0, "amount"),
        ("mp", -2, "amount"),
        ("mp", float("nan"), "amount"),
        ("mp", float("inf"), "amount"),
        ("mp", "3", "amount"),
        ("mp", True, "amount"),
    ],
)
def test_bad_penalties_are_refused_naming_the_field(unit, amount, field):
    with pytest.raises(ValueError, match=rf"^{field}:"):
        Penalty("1NS", unit, amount)


def test_a_penalty_in_the_other_method_s_unit_is_refused():
    with pytest.raises(ValueError, match=r"^unit:"):
        penalise_standings(mp_rankings(), [Penalty("2NS", "imps", 3)], 4.0)
    scored = score_imp_session(LINES)
    with pytest.raises(ValueError, match=r"^unit:"):
        penalise_imp_standings(scored.rankings, [Penalty("2NS", "mp", 3)])


def test_a_penalty_on_a_pair_not_ranked_is_refused():
    with pytest.raises(ValueError, match=r"^pair:"):
        penalise_standings(mp_rankings(), [Penalty("9NS", "mp", 3)], 4.0)
