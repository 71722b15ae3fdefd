"""Score a pairs session by IMPs: Butler (against a datum) or cross-IMPs.

The input is the same as for matchpoints, the session's
:class:`~scoring.session.TravellerLine` list; the output holds each line's
IMPs for both sides (EW's are NS's negated), each board's Butler datum, and
each pair's total IMPs, boards and place, ranked within its group as the
matchpoint scorer ranks (NS and EW of a Mitchell apart, or one list).

* Butler: the datum of a board is the trimmed mean of its real NS scores,
  rounded to ten (:func:`scoring.imps.butler_datum`); each line scores the
  IMPs of its score against the datum.
* Cross-IMPs: each real line is IMPed against every other real line of the
  board; the figure published for the line is the average per comparison
  (the total divided by n - 1), as EBU, BBO and Compscore publish it, or the
  total when the club prefers; one comparison may be capped (e.g. 17 IMPs).
* A round cap limits what a pair wins or loses against one opponent in one
  round (:func:`cap_rounds`).

Pairs rank by the sum of their per-board figures, as published.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from scoring.imp_boards import Parts, butler_board, cross_imps_board
from scoring.imp_columns import (
    ImpLines,
    ImpPairColumns,
    cap_round_columns,
    imp_lines,
    rank_imp_pairs,
)
from scoring.imp_settings import ImpMethod, ImpSettings
from scoring.imp_travellers import session_columns
from scoring.ranking import DEFAULT_NDIGITS, rank
from scoring.session import (
    GROUP_ORDER,
    LineScore,
    PairKey,
    RankedPair,
    RankedSession,
    TravellerLine,
)

# The settings and the per-board scorers live in their own modules; they are
# named here too, where the IMP pairs scorer has always offered them.
__all__ = [
    "ImpMethod",
    "ImpScoredLine",
    "ImpSessionScore",
    "ImpSettings",
    "ImpStanding",
    "Parts",
    "butler_board",
    "cap_rounds",
    "cross_imps_board",
    "imp_rankings",
    "rank_imp_standings",
    "score_imp_session",
]

# IMP figures are rounded here to wash out float noise from weights (0.7 x 10
# + 0.3 x 11); nine decimals is far below any published precision.
_NDIGITS = 9


@dataclass(frozen=True)
class ImpScoredLine(LineScore):
    """A traveller line with its IMPs for both sides."""

    ns_imps: float
    ew_imps: float


@dataclass(frozen=True)
class ImpStanding(RankedPair):
    """A pair's session by IMPs: total, boards played and place."""

    imps: float
    boards: int
    rank: str = ""
    # IMPs taken off by procedural penalties (``scoring.penalties``): ``imps``
    # is after them.
    penalty: float = 0.0

    @property
    def average(self) -> float:
        """IMPs per board played (0 for a pair with no board)."""
        return self.imps / self.boards if self.boards else 0.0


@dataclass(frozen=True)
class ImpSessionScore(RankedSession[ImpScoredLine, ImpStanding]):
    """The whole session by IMPs: lines in input order, datums, rankings."""

    # Butler only: each board with a real result -> its datum (NS points).
    datums: dict[int, float] = field(default_factory=dict)


def score_imp_session(
    lines: Sequence[TravellerLine],
    *,
    settings: ImpSettings | None = None,
    groups: Mapping[PairKey, str | None] | None = None,
) -> ImpSessionScore:
    """IMP every board by Butler or cross-IMPs, then total and rank every pair.

    ``groups`` maps each pair to its ranking group as in
    :func:`scoring.session.score_session`.  Artificial lines score their
    marks' IMPs and take no part in the datum or the comparisons.  The lines
    are read once into columns and scored by ``scoring.imp_columns`` (numpy,
    every board at once); ``scoring.imp_reference`` keeps the line by line
    scorer these figures equal to the last bit.
    """
    settings = settings or ImpSettings()
    columns = session_columns(lines)
    scored = imp_lines(columns.boards, columns.scores, columns.special, settings)
    if settings.round_cap is not None:
        scored = cap_round_columns(
            scored, columns.slot, len(columns.pairs), settings.round_cap
        )
    group_of = [groups.get(pair) for pair in columns.pairs] if groups else None
    ranking = rank_imp_pairs(scored, columns.slot, columns.text_order, group_of)
    return ImpSessionScore(
        _scored_lines(lines, scored),
        imp_rankings(ranking, columns.pairs),
        scored.datums,
    )


def imp_rankings(
    ranking: ImpPairColumns, pairs: list[PairKey] | None = None
) -> dict[str | None, list[ImpStanding]]:
    """The rankings as :func:`score_imp_session` returns them, from the
    columnar scorer's (``scoring.imp_columns``): one ImpStanding per pair.

    ``pairs`` names the pair of each index in ``ranking.pair``; without it
    ``ranking.pair`` holds the pairs themselves (``score_imp_columns``' ids).
    """
    names = ranking.pair.tolist()
    if pairs is not None:
        names = [pairs[i] for i in names]
    imps, boards, places = ranking.imps.tolist(), ranking.boards.tolist(), ranking.rank
    return {
        group: [
            ImpStanding(pair, group, total, played, place)
            for pair, total, played, place in zip(
                names[start:end],
                imps[start:end],
                boards[start:end],
                places[start:end],
                strict=True,
            )
        ]
        for group, start, end in ranking.spans
    }


def _scored_lines(
    lines: Sequence[TravellerLine], scored: ImpLines
) -> list[ImpScoredLine]:
    """One ImpScoredLine per traveller line, in input order."""
    return [
        ImpScoredLine(line, ns, ew)
        for line, ns, ew in zip(
            lines, scored.ns_imps.tolist(), scored.ew_imps.tolist(), strict=True
        )
    ]


def cap_rounds(lines: Sequence[ImpScoredLine], cap: float) -> list[ImpScoredLine]:
    """Limit each pair's IMPs against one opponent in one round to +/- ``cap``.

    A round is the lines of one NS pair against one EW pair (in a Mitchell or
    a Howell two pairs meet once, in one round).  When a side's sum over those
    lines is beyond the cap either way, every line of that side in the round
    is scaled by cap / |sum|, so the round adds up to exactly +cap or -cap and
    the lines still add up to the pair's total.  Both signs are capped, so in
    Butler and cross-IMPs, where EW's IMPs are NS's negated, the round stays
    zero-sum.  The issue asks for the limit after Polish (PZBS) IMP-pairs
    practice; no rule book we could find says how a capped round is shared
    among its boards, so this is Donne's choice: it keeps every board's sign
    and proportion.  Artificial lines count in their round like any other.
    """
    rounds: dict[tuple[PairKey, PairKey], list[int]] = defaultdict(list)
    for index, scored in enumerate(lines):
        rounds[(scored.line.ns, scored.line.ew)].append(index)
    capped = list(lines)
    for indexes in rounds.values():
        ns_factor = _cap_factor(sum(lines[i].ns_imps for i in indexes), cap)
        ew_factor = _cap_factor(sum(lines[i].ew_imps for i in indexes), cap)
        for i in indexes:
            capped[i] = replace(
                lines[i],
                ns_imps=_clean(lines[i].ns_imps * ns_factor),
                ew_imps=_clean(lines[i].ew_imps * ew_factor),
            )
    return capped


def _cap_factor(total: float, cap: float) -> float:
    """The scale that brings a round's total within +/- cap (1 if it is)."""
    total = round(total, _NDIGITS)
    return cap / abs(total) if abs(total) > cap else 1.0


def _clean(value: float) -> float:
    """Round off float noise; adding 0.0 turns a -0.0 into 0.0."""
    return round(value, _NDIGITS) + 0.0


def rank_imp_standings(
    standings: Iterable[ImpStanding],
) -> dict[str | None, list[ImpStanding]]:
    """Rank pairs by total IMPs within each group, best first.

    Equal totals share a place ("2="), as :func:`scoring.ranking.rank` does.
    Also used to rank several sessions' totals added together.
    """
    grouped: dict[str | None, list[ImpStanding]] = defaultdict(list)
    for standing in standings:
        grouped[standing.group].append(standing)
    rankings = {}
    for group in sorted(grouped, key=lambda g: GROUP_ORDER.get(g, 3)):
        entries = grouped[group]
        places = rank([entry.imps for entry in entries])
        ordered = sorted(
            zip(places, entries, strict=True),
            key=lambda item: (-round(item[1].imps, DEFAULT_NDIGITS), str(item[1].pair)),
        )
        rankings[group] = [replace(entry, rank=place) for place, entry in ordered]
    return rankings
