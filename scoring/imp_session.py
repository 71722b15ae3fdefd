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
from enum import StrEnum

import numpy as np

from scoring.board import ArtificialScore, score_parts
from scoring.imps import IMP_BAND_EDGES, DatumRounding, butler_datum, imps
from scoring.ranking import DEFAULT_NDIGITS, rank
from scoring.session import (
    GROUP_ORDER,
    LineScore,
    PairKey,
    RankedPair,
    RankedSession,
    TravellerLine,
    lines_by_board,
    pair_totals,
)

_EDGES = np.asarray(IMP_BAND_EDGES, dtype=np.float64)

# IMP figures are rounded here to wash out float noise from weights (0.7 x 10
# + 0.3 x 11); nine decimals is far below any published precision.
_NDIGITS = 9


class ImpMethod(StrEnum):
    """How the lines of a board are compared."""

    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"


@dataclass(frozen=True)
class ImpSettings:
    """A club's choices for a pairs session scored by IMPs.

    ``drop`` and ``drop_fraction`` trim the Butler datum as
    :func:`scoring.imps.butler_datum` does (Compscore and the EBU drop the
    single top and bottom; ACBLscore 5 % at each end); ``rounding`` rounds it
    to ten; ``keep_middle`` keeps only the middle scores (near-median datum).
    ``cross_imps_total`` publishes a line's cross-IMPs as the total rather
    than the average per comparison; ``cross_imps_cap`` limits the IMPs of one
    comparison.  ``average_plus`` is the IMPs of an artificial Average-plus;
    Average-minus is its negative.  ``round_cap`` limits the IMPs a pair wins
    or loses against one opponent in one round (:func:`cap_rounds`).
    """

    method: ImpMethod = ImpMethod.BUTLER
    drop: int = 1
    drop_fraction: float | None = None
    rounding: DatumRounding = DatumRounding.HALF_AWAY
    cross_imps_total: bool = False
    # WBF and EBU practice when scoring by IMPs (teams, Butler, cross-IMPs):
    # Average-plus is +3 IMPs, Average 0 and Average-minus -3 IMPs.  Other
    # clubs give 2 or a fraction such as 1.2.
    average_plus: float = 3.0
    keep_middle: int | None = None
    cross_imps_cap: int | None = None
    round_cap: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", ImpMethod(self.method))
        object.__setattr__(self, "rounding", DatumRounding(self.rounding))
        if not 0 <= self.average_plus <= 24:
            raise ValueError(f"average_plus must be 0..24, got {self.average_plus}")
        if self.cross_imps_cap is not None and not 1 <= self.cross_imps_cap <= 24:
            raise ValueError(f"cross_imps_cap must be 1..24, got {self.cross_imps_cap}")
        if self.round_cap is not None and not self.round_cap > 0:
            raise ValueError(f"round_cap must be above 0, got {self.round_cap}")

    def mark_imps(self, mark: str | float) -> float:
        """The IMPs an artificial mark (or a percentage) is worth to its side.

        A percentage is scaled so that 50 % is Average and 60 % Average-plus
        (40 % Average-minus), the same equivalence as the matchpoint marks.
        """
        if isinstance(mark, str):
            return {"A+": self.average_plus, "A": 0.0, "A-": -self.average_plus}[mark]
        return (float(mark) - 50.0) / 10.0 * self.average_plus


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
    marks' IMPs and take no part in the datum or the comparisons.  O(n log n)
    per board.
    """
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


Parts = tuple[tuple[float, float], ...]


def butler_board(
    entries: Sequence[Parts], settings: ImpSettings
) -> tuple[float | None, list[float]]:
    """The datum of a board's real entries and each entry's IMPs against it.

    A weighted entry counts in the datum at its weighted mean score, as one
    result; its IMPs are those of each part against the datum, weighted.
    A board with no real entry has no datum (None).
    """
    if not entries:
        return None, []
    datum = butler_datum(
        [sum(w * s for w, s in parts) for parts in entries],
        drop=settings.drop,
        drop_fraction=settings.drop_fraction,
        rounding=settings.rounding,
        keep_middle=settings.keep_middle,
    )
    won = [float(sum(w * imps(s - datum) for w, s in parts)) for parts in entries]
    return datum, won


def cross_imps_board(
    entries: Sequence[Parts], *, average: bool, cap: int | None = None
) -> list[float]:
    """Each real entry's IMPs against every other entry of the board.

    Every part of an entry meets every part of every other entry, the IMPs
    multiplied by both weights (plain results are one part of weight 1, so
    this is :func:`scoring.imps.cross_imps`).  Sorting the parts once, a
    part's IMPs against the whole field is, for each band edge e, the weight
    at most s - e minus the weight at least s + e; the entry's own parts are
    then taken back out.  With ``average`` the total is divided by the number
    of comparisons, n - 1.  With ``cap`` one comparison is worth at most
    that many IMPs: only the first ``cap`` band edges count.
    """
    n = len(entries)
    if n < 2:
        return [0.0] * n
    edges = _EDGES if cap is None else _EDGES[:cap]
    weights = np.asarray([w for parts in entries for w, _ in parts])
    scores = np.asarray([s for parts in entries for _, s in parts])
    order = np.argsort(scores, kind="stable")
    ordered = scores[order]
    below = np.concatenate(([0.0], np.cumsum(weights[order])))
    total = below[-1]
    lower = np.searchsorted(ordered, scores[:, None] - edges[None, :], "right")
    upper = np.searchsorted(ordered, scores[:, None] + edges[None, :], "left")
    against_field = (below[lower] - (total - below[upper])).sum(axis=1)
    totals = []
    start = 0
    for parts in entries:
        won = 0.0
        for k, (weight, score) in enumerate(parts):
            own = sum(w * imps(score - s, cap) for w, s in parts)
            won += weight * (against_field[start + k] - own)
        totals.append(float(won))
        start += len(parts)
    if average:
        return [won / (n - 1) for won in totals]
    return totals


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
