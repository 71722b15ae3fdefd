"""A pair's personal scorecard as rows: the board, its side, the opponents,
the pair's own score and its MP and % (or IMPs) on each board.

Built from a ``SectionReport`` (``selectors.pairs.stored_report``), so a page holding
every pair's scorecard (the director's print set) reads the section once.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from tournaments.models import Pair
from tournaments.selectors.pairs import SectionReport, StandingRow

Row = dict[str, object]
HOME_ORDER = {"NS": 0, "EW": 1, "": 2}


def pairs_in_order(pairs: Iterable[Pair]) -> list[Pair]:
    """NS pairs, then EW, then a Howell's, each by number: as printed."""
    return sorted(
        pairs, key=lambda pair: (HOME_ORDER.get(pair.direction, 3), pair.number)
    )


def scorecard_rows(
    report: SectionReport, pair: Pair, hidden: Collection[int] = ()
) -> list[Row]:
    """The pair's lines in board order, each from the pair's own side; a board
    in ``hidden`` (still in play for this reader) names the opponents only."""
    rows: list[Row] = []
    for line in report.pair_lines(pair):
        result = line.result
        ns = result.ns_pair_id == pair.pk
        row: Row = {
            "line": line,
            "direction": "NS" if ns else "EW",
            "opponents": result.ew_pair if ns else result.ns_pair,
        }
        if result.board.number in hidden:
            rows.append(row | {"in_play": True})
            continue
        rows.append(
            row
            | {
                "score": None
                if result.score_ns is None
                else (result.score_ns if ns else -result.score_ns),
                "mp": line.mp_ns if ns else line.mp_ew,
                "pct": line.pct_ns if ns else line.pct_ew,
                "top": result.top,
                "imps": line.imp_ns if ns else line.imp_ew,
            }
        )
    return rows


def standings_by_pair(report: SectionReport) -> dict[int, StandingRow]:
    """Each ranked pair's standing (rank and totals), by the pair's id."""
    return {row.pair.pk: row for rows in report.rankings.values() for row in rows}
