"""Score a whole field at once with numpy: national simultaneous pairs sizes.

The per-board functions of :mod:`scoring.matchpoints` and
:mod:`scoring.ranking` take Python lists, one board at a time.  Here the input
is the flat list of traveller lines of the whole event, as numpy arrays: the
board id and the NS score (points) of each line, in any order.  The results
are the same numbers as the per-board functions give, computed with one sort
of the lines and O(n) array work, without a Python loop over lines or boards.
"""

from __future__ import annotations

import numpy as np

from scoring.ranking import DEFAULT_NDIGITS

# Combined (board, score) sort keys stay below this, so that they never
# overflow int64 whatever the arithmetic on them.
_KEY_LIMIT = 2**62

# Pair ids that are non-negative integers no larger than this beyond the number
# of entries are summed with np.bincount directly, skipping a sort of the ids.
_DIRECT_ID_SLACK = 2**16

# Powers of ten up to 10**22 are exact doubles, which is what makes
# np.rint(x * 10**d) / 10**d agree with Python's round() off the halfway points.
_MAX_EXACT_DIGITS = 22


def matchpoint_field(
    boards: np.ndarray,
    scores: np.ndarray,
    *,
    top_per_beat: float = 2,
    expected: int | np.ndarray | None = None,
) -> np.ndarray:
    """Return each line's NS matchpoints against the other lines of its board.

    ``boards`` holds the board id (an integer) of each traveller line and
    ``scores`` its NS score in points; the lines may come in any order and the
    board ids need not be contiguous.  A line gets ``top_per_beat`` matchpoints
    for each other line of the same board that it beats and half that for each
    tie, exactly as :func:`scoring.matchpoints.matchpoints`, so a board played
    n times has a top of ``top_per_beat * (n - 1)``.  East-West's matchpoints
    are the top minus North-South's.

    With ``expected`` the matchpoints are Neuberg-factored as by
    :func:`scoring.matchpoints.neuberg` up to that number of results: an int
    for every board (for a simultaneous pairs, the largest number of times any
    board was played), or an array giving each line's own figure.  Every
    line is then on the top ``top_per_beat * (expected - 1)``.  ``None``, the
    default, leaves the matchpoints unfactored.

    Returns a float64 array aligned with the input lines.  One argsort of the
    n lines, then O(n): O(n log n) in all.  Scores that are not whole numbers
    cost one more sort, to rank them.
    """
    boards = np.asarray(boards)
    scores = np.asarray(scores)
    _check_lines(boards, scores)
    n = len(scores)
    half = top_per_beat / 2
    if n == 0:
        return np.zeros(0, dtype=np.float64)

    key, span = _board_score_keys(boards, scores)
    # Stability is not needed, but on these keys, with many ties, numpy's
    # stable sort measured about twice as fast as its default introsort.
    order = np.argsort(key, kind="stable")
    ordered = key[order]

    # A run is the lines of one board with one score, [start, end) in sorted
    # order; every line of a run gets the same matchpoints.
    change = np.flatnonzero(ordered[1:] != ordered[:-1]) + 1
    starts = np.concatenate(([0], change))
    ends = np.concatenate((change, [n]))
    run_board = ordered[starts] // span
    first_runs = np.flatnonzero(
        np.concatenate(([True], run_board[1:] != run_board[:-1]))
    )
    runs_per_board = np.diff(np.concatenate((first_runs, [len(starts)])))
    board_start = np.repeat(starts[first_runs], runs_per_board)
    board_end = np.repeat(ends[first_runs + runs_per_board - 1], runs_per_board)

    below = starts - board_start
    at_or_below = ends - board_start
    # beaten * top_per_beat + (ties - 1) * half == (below + at_or_below - 1) * half
    run_mp = (below + at_or_below - 1) * half
    run_lengths = ends - starts
    played = board_end - board_start

    if expected is None or np.ndim(expected) == 0:
        if expected is not None:
            run_mp = _neuberg(run_mp, played, expected, half)
        ordered_mp = np.repeat(run_mp, run_lengths)
    else:
        wanted = np.asarray(expected)
        if wanted.shape != (n,):
            raise ValueError(
                f"expected must be an int or hold one figure per line ({n}), "
                f"got shape {wanted.shape}"
            )
        ordered_mp = _neuberg(
            np.repeat(run_mp, run_lengths),
            np.repeat(played, run_lengths),
            wanted[order],
            half,
        )

    result = np.empty(n, dtype=np.float64)
    result[order] = ordered_mp
    return result


def pair_totals(
    pairs: np.ndarray, values: np.ndarray, tops: np.ndarray | float | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Return the distinct pair ids, ascending, and each pair's total.

    ``pairs[i]`` is the pair that scored ``values[i]`` (matchpoints, IMPs...);
    to total both directions, concatenate the NS pairs with their matchpoints
    and the EW pairs with the top minus those.  Without ``tops`` a pair's total
    is the sum of its values.  With ``tops``, the top of each entry (an array
    aligned with ``values``, or one number for all entries), the total is the
    percentage 100 * sum of values / sum of tops, NaN for a pair whose tops
    sum to zero (it played only boards with a single result).  Pairs that
    have no entry are not listed.
    """
    pairs = np.asarray(pairs)
    values = np.asarray(values, dtype=np.float64)
    if pairs.ndim != 1 or values.shape != pairs.shape:
        raise ValueError(
            "pairs and values must be 1-D arrays of the same length, got shapes "
            f"{pairs.shape} and {values.shape}"
        )
    ids, slots, kept, entries = _pair_slots(pairs)
    # An empty np.bincount comes back as int64 whatever the weights.
    totals = np.bincount(slots, weights=values).astype(np.float64)[kept]
    if tops is None:
        return ids, totals
    if np.ndim(tops) == 0:
        top_totals = entries * float(tops)
    else:
        tops = np.asarray(tops, dtype=np.float64)
        if tops.shape != values.shape:
            raise ValueError(
                f"tops must be one number or hold one per entry, got {tops.shape}"
            )
        top_totals = np.bincount(slots, weights=tops).astype(np.float64)[kept]
    percentages = np.full(len(ids), np.nan)
    np.divide(100 * totals, top_totals, out=percentages, where=top_totals != 0)
    return ids, percentages


def rank_field(
    totals: np.ndarray,
    *,
    higher_is_better: bool = True,
    ndigits: int = DEFAULT_NDIGITS,
) -> np.ndarray:
    """Return each total's place, 1 for the best; ties share the better place.

    The same numbers as :func:`scoring.ranking.places`: totals are compared
    after rounding to ``ndigits`` decimals, and totals 60, 55, 55, 50 take
    places 1, 2, 2, 4.  Returns an int64 array aligned with ``totals``.  One
    stable argsort, then O(n).
    """
    values = np.asarray(totals, dtype=np.float64)
    if values.ndim != 1:
        raise ValueError(f"totals must be a 1-D array, got shape {values.shape}")
    if np.isnan(values).any():
        raise ValueError("totals must not hold NaN: a NaN total has no place")
    n = len(values)
    keys = round_like_python(values, ndigits)
    order = np.argsort(-keys if higher_is_better else keys, kind="stable")
    ordered = keys[order]
    # A place is the position of the first of its run of equal totals.
    first = np.concatenate(([True], ordered[1:] != ordered[:-1]))
    ordered_places = np.maximum.accumulate(np.where(first, np.arange(1, n + 1), 0))
    result = np.empty(n, dtype=np.int64)
    result[order] = ordered_places
    return result


def _check_lines(boards: np.ndarray, scores: np.ndarray) -> None:
    """Raise unless boards and scores describe the same traveller lines."""
    if boards.ndim != 1 or scores.shape != boards.shape:
        raise ValueError(
            "boards and scores must be 1-D arrays of the same length, got shapes "
            f"{boards.shape} and {scores.shape}"
        )
    if not np.issubdtype(boards.dtype, np.integer):
        raise TypeError(f"board ids must be integers, got dtype {boards.dtype}")
    if not (
        np.issubdtype(scores.dtype, np.integer)
        or np.issubdtype(scores.dtype, np.floating)
    ):
        raise TypeError(f"scores must be real numbers, got dtype {scores.dtype}")
    if np.issubdtype(scores.dtype, np.floating) and not np.isfinite(scores).all():
        raise ValueError("scores must be finite numbers")


def _board_score_keys(boards: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, int]:
    """Return int keys ordering lines by board, then score, and their span.

    key = board code * span + score code, where both codes are order-preserving
    maps to 0, 1, 2...: an offset when the values are integers in a small
    enough range (bridge scores always are), the rank among the distinct
    values (an extra sort) otherwise.
    """
    board_codes, board_span = _codes(boards)
    score_codes, span = _codes(scores)
    if board_span * span > _KEY_LIMIT:
        board_codes, board_span = _ranks(boards)
    if board_span * span > _KEY_LIMIT:
        score_codes, span = _ranks(scores)
    # int32 keys sort about a fifth faster than int64 ones.
    dtype = np.int32 if board_span * span <= np.iinfo(np.int32).max else np.int64
    key = board_codes.astype(dtype) * dtype(span) + score_codes.astype(dtype)
    return key, span


def _codes(values: np.ndarray) -> tuple[np.ndarray, int]:
    """Map values to int64 codes 0..span-1 keeping their order; return the span.

    Whole numbers less than 2**62 apart get ``value - min``; others their rank.
    """
    low, high = values.min(), values.max()
    integral = np.issubdtype(values.dtype, np.integer) or (
        abs(low) < 2**53 and abs(high) < 2**53 and (values == np.trunc(values)).all()
    )
    if not integral or int(high) - int(low) >= _KEY_LIMIT:
        return _ranks(values)
    if np.issubdtype(values.dtype, np.unsignedinteger) and int(high) > 2**63 - 1:
        return _ranks(values)
    return values.astype(np.int64) - np.int64(low), int(high) - int(low) + 1


def _ranks(values: np.ndarray) -> tuple[np.ndarray, int]:
    """Return each value's rank among the distinct values, and how many there are."""
    distinct, inverse = np.unique(values, return_inverse=True)
    return inverse.astype(np.int64), len(distinct)


def _pair_slots(
    pairs: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return the distinct ids, entry slots, slots used and entries per id.

    An entry's slot is its np.bincount bin; the slots used, in id order, pick
    the bins of the ids that occur.  Small non-negative integer ids are their
    own slots, which spares a sort of the entries; other ids (negative,
    sparse, strings) are ranked.
    """
    if (
        np.issubdtype(pairs.dtype, np.integer)
        and len(pairs)
        and pairs.min() >= 0
        and pairs.max() <= len(pairs) + _DIRECT_ID_SLACK
    ):
        entries = np.bincount(pairs)
        kept = np.flatnonzero(entries)
        return kept.astype(pairs.dtype), pairs, kept, entries[kept]
    ids, slots, entries = np.unique(pairs, return_inverse=True, return_counts=True)
    return ids, slots, np.arange(len(ids)), entries


def _neuberg(
    mp: np.ndarray, played: np.ndarray, expected: int | np.ndarray, half: float
) -> np.ndarray:
    """Apply Neuberg's formula as :func:`scoring.matchpoints.neuberg` does."""
    if np.any(np.asarray(expected) < played):
        raise ValueError("expected must be at least the number of results played")
    # Same operations in the same order as neuberg(), for identical floats.
    return (mp + half) * (expected / played) - half


def round_like_python(values: np.ndarray, ndigits: int) -> np.ndarray:
    """Return ``[round(v, ndigits) for v in values]`` as an array, vectorised.

    round() rounds the exact value of x * 10**d half to even, np.rint that
    product once rounded to a double.  The rounded product is the double
    nearest the exact one, so it can only cross a halfway point by landing on
    it: the two agree except where it is exactly k + 1/2.  Those values, and
    ones too large (or infinite) for the product to keep a fraction, go
    through round() itself.  k / 10**d is then correctly rounded in both.
    """
    if abs(ndigits) > _MAX_EXACT_DIGITS:
        return np.array([round(v, ndigits) for v in values.tolist()], dtype=float)
    scale = 10.0 ** abs(ndigits)
    with np.errstate(over="ignore", invalid="ignore"):
        scaled = values * scale if ndigits >= 0 else values / scale
        whole = np.rint(scaled)
        keys = whole / scale if ndigits >= 0 else whole * scale
        doubtful = ~(np.abs(scaled) < 2**50) | (scaled - np.floor(scaled) == 0.5)
    if doubtful.any():
        keys[doubtful] = [round(v, ndigits) for v in values[doubtful].tolist()]
    return keys
