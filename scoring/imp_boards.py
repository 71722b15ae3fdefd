"""One board scored by IMPs from its real entries: Butler or cross-IMPs.

An entry is a real result as (weight, NS score) parts (one part of weight 1
for a plain score, Law 12C1's weighted parts for an assigned adjusted
score).  These are the line by line functions: ``scoring.imp_columns`` runs
every board of plain scores through numpy at once, and comes here only for a
board that holds a weighted score or a score that is not a whole number of
points, whose float sums depend on their order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from scoring.imp_settings import ImpSettings
from scoring.imps import IMP_BAND_EDGES, butler_datum, imps

_EDGES = np.asarray(IMP_BAND_EDGES, dtype=np.float64)

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
