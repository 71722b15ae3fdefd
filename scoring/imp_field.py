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
# Cells (or a range of values) counted with np.bincount beyond a few per
# line: small enough for memory, large enough for any real field.
_CELLS = 2**20


def cross_imps_field(
    board: np.ndarray, whole: np.ndarray, settings: ImpSettings
) -> np.ndarray:
    """Cross-IMPs of whole-point plain scores, every board at once.

    The lines are counted per (board, distinct score) cell: a board's row of
    cumulative counts gives, for each band edge e, the lines of the board at
    or below s - e and those at or above s + e, looked up for the distinct
    scores once (searchsorted on a few dozen values).  All in integers, no
    sort of the lines; an average divides by the board's comparisons, n - 1.
    A field with too many cells (distinct scores x boards) falls back to
    :func:`_cross_imps_sorted`.
    """
    edges = IMP_BAND_EDGES[: settings.cross_imps_cap or len(IMP_BAND_EDGES)]
    n_boards = int(board.max()) + 1
    scores, rank = dense_codes(whole)
    width = len(scores)
    if n_boards * width > 4 * len(whole) + _CELLS:
        won = _cross_imps_sorted(board, whole, edges)
    else:
        cell = board * width + rank
        counts = np.bincount(cell, minlength=n_boards * width).reshape(-1, width)
        below = np.zeros((n_boards, width + 1), dtype=np.int64)
        np.cumsum(counts, axis=1, out=below[:, 1:])
        present = np.flatnonzero(counts)
        row, column = np.divmod(present, width)
        first = row * (width + 1)
        last = below[row, width]
        gained = np.zeros(len(present), dtype=np.int64)
        for edge in edges:
            at_most = np.searchsorted(scores, scores - edge, "right")
            at_least = np.searchsorted(scores, scores + edge, "left")
            gained += below.ravel()[first + at_most[column]]
            gained -= last - below.ravel()[first + at_least[column]]
        won = np.zeros(n_boards * width, dtype=np.int64)
        won[present] = gained
        won = won[cell]
    line_won = won.astype(np.float64)
    n = np.bincount(board)[board]
    if not settings.cross_imps_total:
        with np.errstate(divide="ignore", invalid="ignore"):
            line_won = line_won / (n - 1).astype(np.float64)
    return np.where(n < 2, 0.0, line_won)


def _cross_imps_sorted(
    board: np.ndarray, whole: np.ndarray, edges: tuple[int, ...]
) -> np.ndarray:
    """Each line's cross-IMP total from the sorted distinct (board, score)
    keys: a board's keys are ``span`` apart from the next board's, wider
    than any score plus the widest edge, so a search for s - e or s + e
    never crosses into another board."""
    low = int(whole.min())
    span = int(whole.max()) - low + _WIDEST + 1
    keys, inverse, counts = np.unique(
        board * span + (whole - low), return_inverse=True, return_counts=True
    )
    below = np.concatenate(([0], np.cumsum(counts)))
    starts = np.concatenate(([0], np.cumsum(np.bincount(board))))
    key_board = keys // span
    first, last = starts[key_board], starts[key_board + 1]
    won = np.zeros(len(keys), dtype=np.int64)
    for edge in edges:
        won += below[np.searchsorted(keys, keys - edge, "right")] - first
        won -= last - below[np.searchsorted(keys, keys + edge, "left")]
    return won[inverse.reshape(-1)]


def dense_codes(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct values ascending and each value's index among them: by
    np.bincount when the values span a small range (no sort), else
    np.unique."""
    if not len(values):
        return values[:0], np.zeros(0, dtype=np.int64)
    low = int(values.min())
    reach = int(values.max()) - low + 1
    if reach > 2 * len(values) + _CELLS:
        distinct, code = np.unique(values, return_inverse=True)
        return distinct, code.reshape(-1)
    present = np.bincount(values - low, minlength=reach) > 0
    code = np.cumsum(present) - 1
    return np.flatnonzero(present) + low, code[values - low]


def butler_field(
    board: np.ndarray, whole: np.ndarray, values: np.ndarray, settings: ImpSettings
) -> tuple[np.ndarray, np.ndarray]:
    """Butler IMPs of whole-point plain scores, every board at once, and the
    datum of each board (NaN for a board without such scores).

    The datum is the sum of each board's kept middle scores
    (:func:`_smallest_sums`, exact as the line scorer's float sum of whole
    numbers is) over their count, rounded by :func:`round_datums`.
    """
    per_board = np.bincount(board)
    drops = {
        int(count): datum_drop(
            int(count),
            drop=settings.drop,
            drop_fraction=settings.drop_fraction,
            keep_middle=settings.keep_middle,
        )
        for count in np.unique(per_board[per_board > 0]).tolist()
    }
    has = np.flatnonzero(per_board)
    cut = np.asarray([drops[count] for count in per_board[has].tolist()], np.int64)
    kept = per_board[has] - 2 * cut
    sums = _smallest_sums(
        board, whole, np.concatenate((has, has)), np.concatenate((cut + kept, cut))
    )
    means = (sums[: len(has)] - sums[len(has) :]).astype(np.float64) / kept.astype(
        np.float64
    )
    datum = np.full(len(per_board), np.nan)
    datum[has] = round_datums(means, settings.rounding)
    difference = values - datum[board]
    won = np.searchsorted(_EDGES, np.abs(difference), "right").astype(np.float64)
    return np.where(difference >= 0, won, -won), datum


def _smallest_sums(
    board: np.ndarray, whole: np.ndarray, boards: np.ndarray, counts: np.ndarray
) -> np.ndarray:
    """For each board of ``boards``, the sum of its ``counts`` lowest scores
    (in integers, so exact).  By (board, distinct score) cells: a board's
    row of cumulative counts and sums, the last cell partly taken; with too
    many cells, by sorting the lines and prefix sums."""
    n_boards = int(board.max()) + 1
    scores, rank = dense_codes(whole)
    width = len(scores)
    if n_boards * width > 4 * len(whole) + _CELLS:
        order = np.lexsort((whole, board))
        prefix = np.concatenate(([0], np.cumsum(whole[order])))
        starts = np.concatenate(([0], np.cumsum(np.bincount(board))))
        return prefix[starts[boards] + counts] - prefix[starts[boards]]
    cell = board * width + rank
    tally = np.bincount(cell, minlength=n_boards * width).reshape(-1, width)
    taken = np.zeros((n_boards, width + 1), dtype=np.int64)
    np.cumsum(tally, axis=1, out=taken[:, 1:])
    summed = np.zeros((n_boards, width + 1), dtype=np.int64)
    np.cumsum(tally * scores, axis=1, out=summed[:, 1:])
    # Rows offset so that the cumulative counts rise across the whole table:
    # one search finds, in each board's row, the last cell wholly taken.
    step = len(whole) + 1
    rising = (taken + (np.arange(n_boards) * step)[:, None]).ravel()
    flat = np.searchsorted(rising, counts + boards * step, "right") - 1
    column = flat - boards * (width + 1)
    rest = counts - taken.ravel()[flat]
    return summed.ravel()[flat] + rest * scores[np.minimum(column, width - 1)]


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
