"""Butler and cross-IMPs of every board of whole-point scores at once.

The lines are given as their board's index and their NS score in whole
points.  Integers throughout where the line scorer's floats hold whole
numbers, so the answers are its figures to the last bit whatever the order
of the sums: ``scoring.imp_columns`` sends here every board of plain scores
and scores the others (weighted, fractional points) board by board.
"""

from __future__ import annotations

import numpy as np

from scoring.field import round_like_python
from scoring.imp_settings import ImpSettings
from scoring.imps import IMP_BAND_EDGES, DatumRounding, datum_drop

_EDGES = np.asarray(IMP_BAND_EDGES, dtype=np.float64)
_WIDEST = IMP_BAND_EDGES[-1]


def cross_imps_field(
    board: np.ndarray, whole: np.ndarray, settings: ImpSettings
) -> np.ndarray:
    """Cross-IMPs of whole-point plain scores, every board at once.

    The keys (board, score) are sorted once as distinct values with their
    counts; for each band edge e a score gains the lines of its board at or
    below s - e and loses those at or above s + e.  A board's keys are
    ``span`` apart from the next board's, wider than any score plus the
    widest edge, so a search never crosses into another board.  All in
    integers; an average divides by the board's comparisons, n - 1.
    """
    edges = IMP_BAND_EDGES[: settings.cross_imps_cap or len(IMP_BAND_EDGES)]
    low = int(whole.min())
    span = int(whole.max()) - low + _WIDEST + 1
    keys, inverse, counts = np.unique(
        board * span + (whole - low), return_inverse=True, return_counts=True
    )
    below = np.concatenate(([0], np.cumsum(counts)))
    per_board = np.bincount(board)
    starts = np.concatenate(([0], np.cumsum(per_board)))
    key_board = keys // span
    first, last = starts[key_board], starts[key_board + 1]
    won = np.zeros(len(keys), dtype=np.int64)
    for edge in edges:
        won += below[np.searchsorted(keys, keys - edge, "right")] - first
        won -= last - below[np.searchsorted(keys, keys + edge, "left")]
    line_won = won[inverse.reshape(-1)].astype(np.float64)
    n = per_board[board]
    if not settings.cross_imps_total:
        with np.errstate(divide="ignore", invalid="ignore"):
            line_won = line_won / (n - 1).astype(np.float64)
    return np.where(n < 2, 0.0, line_won)


def butler_field(
    board: np.ndarray, whole: np.ndarray, values: np.ndarray, settings: ImpSettings
) -> tuple[np.ndarray, np.ndarray]:
    """Butler IMPs of whole-point plain scores, every board at once, and the
    datum of each board (NaN for a board without such scores).

    Each board's scores sorted, the datum is the sum of the kept middle
    (integer prefix sums: exact, as the line scorer's float sum of whole
    numbers is) over their count, rounded by :func:`round_datums`.
    """
    order = np.lexsort((whole, board))
    prefix = np.concatenate(([0], np.cumsum(whole[order])))
    per_board = np.bincount(board)
    starts = np.concatenate(([0], np.cumsum(per_board)))
    drops = {
        int(count): datum_drop(
            int(count),
            drop=settings.drop,
            drop_fraction=settings.drop_fraction,
            keep_middle=settings.keep_middle,
        )
        for count in np.unique(per_board[per_board > 0]).tolist()
    }
    cut = np.asarray([drops.get(count, 0) for count in per_board.tolist()], np.int64)
    has = np.flatnonzero(per_board)
    kept_from, kept_to = starts[has] + cut[has], starts[has + 1] - cut[has]
    means = (prefix[kept_to] - prefix[kept_from]).astype(np.float64) / (
        kept_to - kept_from
    ).astype(np.float64)
    datum = np.full(len(per_board), np.nan)
    datum[has] = round_datums(means, settings.rounding)
    difference = values - datum[board]
    won = np.searchsorted(_EDGES, np.abs(difference), "right").astype(np.float64)
    return np.where(difference >= 0, won, -won), datum


def round_datums(means: np.ndarray, rounding: DatumRounding) -> np.ndarray:
    """:func:`scoring.imps.round_datum` of each mean, the same operations
    on arrays (nine decimals of tens first, then to the ten)."""
    if rounding is DatumRounding.NONE:
        return means
    with np.errstate(invalid="ignore"):
        tens = round_like_python(means / 10, 9)
    if rounding is DatumRounding.HALF_EVEN:
        return np.rint(tens) * 10
    if rounding is DatumRounding.TRUNCATE:
        return np.trunc(tens) * 10
    return np.copysign(np.floor(np.abs(tens) + 0.5), tens) * 10
