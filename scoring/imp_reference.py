"""The line by line IMP pairs scorer: the reference for ``scoring.imp_columns``.

:func:`scoring.imp_session.score_imp_session` reads the lines into columns
and scores every board through numpy.  This is the scorer it replaced, kept
unchanged: each board's entries through ``scoring.imp_boards``, one
ImpScoredLine per line, the round cap and the pair totals in Python.  The
property tests (``tests/scoring/test_imp_columns.py``) hold the two equal to
the last bit, and ``bench/imps.py`` times it as the "before".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scoring.board import ArtificialScore, score_parts
from scoring.imp_boards import butler_board, cross_imps_board
from scoring.imp_session import (
    ImpScoredLine,
    ImpSessionScore,
    ImpStanding,
    cap_rounds,
    rank_imp_standings,
)
from scoring.imp_settings import ImpMethod, ImpSettings
from scoring.session import PairKey, TravellerLine, lines_by_board, pair_totals

# The line scorer's rounding of every IMP figure.
_NDIGITS = 9


def score_imp_session_by_lines(
    lines: Sequence[TravellerLine],
    *,
    settings: ImpSettings | None = None,
    groups: Mapping[PairKey, str | None] | None = None,
) -> ImpSessionScore:
    """``score_imp_session``'s answer, worked out board by board and line by
    line in Python (O(n log n) per board, but a Python object per step)."""
    settings = settings or ImpSettings()
    by_board = lines_by_board(lines)

    ns_imps = [0.0] * len(lines)
    datums: dict[int, float] = {}
    for number, indexes in by_board.items():
        real = [i for i in indexes if not isinstance(lines[i].result, ArtificialScore)]
        entries = [score_parts(lines[i].result) for i in real]
        if settings.method is ImpMethod.BUTLER:
            datum, won = butler_board(entries, settings)
            if datum is not None:
                datums[number] = datum
        else:
            won = cross_imps_board(
                entries,
                average=not settings.cross_imps_total,
                cap=settings.cross_imps_cap,
            )
        for i, value in zip(real, won, strict=True):
            ns_imps[i] = value

    scored = []
    for line, value in zip(lines, ns_imps, strict=True):
        result = line.result
        if isinstance(result, ArtificialScore):
            ns, ew = settings.mark_imps(result.ns), settings.mark_imps(result.ew)
        else:
            ns, ew = value, -value
        scored.append(ImpScoredLine(line, _clean(ns), _clean(ew)))
    if settings.round_cap is not None:
        scored = cap_rounds(scored, settings.round_cap)
    return ImpSessionScore(scored, _rankings(scored, groups or {}), datums)


def _clean(value: float) -> float:
    """Round off float noise; adding 0.0 turns a -0.0 into 0.0."""
    return round(value, _NDIGITS) + 0.0


def _rankings(
    lines: list[ImpScoredLine], groups: Mapping[PairKey, str | None]
) -> dict[str | None, list[ImpStanding]]:
    """Total each pair's IMPs and boards, then rank within each group."""
    earned, played = pair_totals(
        side
        for scored in lines
        for side in ((scored.line.ns, scored.ns_imps), (scored.line.ew, scored.ew_imps))
    )
    return rank_imp_standings(
        ImpStanding(pair, groups.get(pair), earned[pair], played[pair])
        for pair in earned
    )
