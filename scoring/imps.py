"""International Match Points: the WBF scale, cross-IMPs and Butler.

All scores are raw points from North-South's side; IMPs are signed, positive
when the first score is the better one for North-South.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from enum import StrEnum
from typing import TypedDict, Unpack

import numpy as np

# Lower edge of each IMP band of the WBF scale: a difference d (in points, any
# sign) is worth as many IMPs as there are edges <= |d|.  The bands are closed
# at their lower edge, so 15 is 0 IMP and 45 is 1 IMP (unrounded Butler datum).
IMP_BAND_EDGES: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

_EDGES = np.asarray(IMP_BAND_EDGES, dtype=np.float64)


def imps(difference: float, cap: int | None = None) -> int:
    """Return the signed IMPs that a score difference (in points) is worth.

    ``cap`` limits one comparison to that many IMPs either way (a cross-IMP
    cap of 17 makes a 24-IMP swing 17).
    """
    if not math.isfinite(difference):
        raise ValueError(f"difference must be a finite number, got {difference!r}")
    won = bisect_right(IMP_BAND_EDGES, abs(difference))
    if cap is not None:
        won = min(won, cap)
    return won if difference >= 0 else -won


def cross_imps(scores: Sequence[float], *, average: bool = False) -> list[float]:
    """Return, for each score, its IMPs against every other score on the board.

    With ``average`` the totals are divided by the number of comparisons
    (n - 1), as EBU, BBO and Compscore publish them (round to 2 decimals when
    displaying).  Runs in O(24 n log n): sorting the scores once, the IMPs of
    score s against the field is, for each band edge e, the number of scores
    at most s - e minus the number at least s + e.  The totals sum to zero.
    """
    n = len(scores)
    if n < 2:
        return [0.0] * n
    values = np.asarray(scores, dtype=np.float64)
    ordered = np.sort(values)
    lower = values[:, None] - _EDGES[None, :]
    upper = values[:, None] + _EDGES[None, :]
    beaten = np.searchsorted(ordered, lower, side="right").sum(axis=1)
    beaten_by = (n - np.searchsorted(ordered, upper, side="left")).sum(axis=1)
    totals = (beaten - beaten_by).astype(np.float64)
    if average:
        totals /= n - 1
    return totals.tolist()


class DatumRounding(StrEnum):
    """How a Butler datum is rounded to a multiple of ten."""

    HALF_AWAY = "half-away"  # Compscore, EBU: 5 goes away from zero
    HALF_EVEN = "half-even"  # ACBLscore: 5 goes to the even ten
    TRUNCATE = "truncate"  # toward zero to the ten: 437 -> 430, -437 -> -430
    NONE = "none"  # keep the exact mean


def round_datum(mean: float, rounding: DatumRounding | str) -> float:
    """Round a mean NS score to the nearest ten according to ``rounding``."""
    rounding = DatumRounding(rounding)
    if rounding is DatumRounding.NONE:
        return mean
    # Nine decimals wash out float noise (a weighted mean of 429.9999999999).
    tens = round(mean / 10, 9)
    if rounding is DatumRounding.HALF_EVEN:
        return float(round(tens) * 10)
    if rounding is DatumRounding.TRUNCATE:
        return float(math.trunc(tens) * 10)
    return float(math.copysign(math.floor(abs(tens) + 0.5), tens) * 10)


def datum_drop(
    n: int,
    *,
    drop: int = 1,
    drop_fraction: float | None = None,
    keep_middle: int | None = None,
) -> int:
    """How many of a board's ``n`` scores the datum leaves out at each end.

    * ``drop``: that many at each end (Compscore and the EBU: 1).
    * ``drop_fraction``: that share of the field at each end, the count
      rounded down (ACBLscore floors n x 5 %: 19 results drop 0, 20 drop 1);
      it overrides ``drop``.
    * ``keep_middle``: every score but the middle K, as the near-median datum
      of some Polish events: (n - K) // 2 at each end, so when n - K is odd
      the middle K + 1 are kept (K = 1 of an even field is the median, the
      mean of the two middle scores).  It overrides both others.

    Trimming never removes every score: with too few results nothing is left
    out and the plain mean is used.
    """
    if keep_middle is not None:
        if keep_middle < 1:
            raise ValueError(f"keep_middle must be >= 1, got {keep_middle}")
        drop = max(n - keep_middle, 0) // 2
    elif drop_fraction is not None:
        if not 0 <= drop_fraction < 0.5:
            raise ValueError(f"drop_fraction must be in [0, 0.5), got {drop_fraction}")
        # Nine decimals first: 100 x 0.29 is 28.999999999999996 in floats.
        drop = math.floor(round(n * drop_fraction, 9))
    if drop < 0:
        raise ValueError(f"drop must be >= 0, got {drop}")
    return drop if n - 2 * drop >= 1 else 0


def butler_datum(
    scores: Sequence[float],
    *,
    drop: int = 1,
    drop_fraction: float | None = None,
    rounding: DatumRounding | str = DatumRounding.HALF_AWAY,
    keep_middle: int | None = None,
) -> float:
    """Return the Butler datum of a board: the trimmed mean of its NS scores.

    The scores left out at each end are :func:`datum_drop`'s; the mean of
    the others is rounded by :func:`round_datum`.
    """
    n = len(scores)
    if n == 0:
        raise ValueError("scores must hold at least one result to make a datum")
    cut = datum_drop(n, drop=drop, drop_fraction=drop_fraction, keep_middle=keep_middle)
    ordered = sorted(scores)[cut : n - cut]
    return round_datum(sum(ordered) / len(ordered), rounding)


class DatumOptions(TypedDict, total=False):
    """How a Butler datum is taken (``butler_datum``'s keywords): the scores
    dropped at each end, or the fraction dropped, or the middle ones kept,
    and how the mean is rounded."""

    drop: int
    drop_fraction: float | None
    rounding: DatumRounding | str
    keep_middle: int | None


def butler(
    scores: Sequence[float], **options: Unpack[DatumOptions]
) -> tuple[float, list[int]]:
    """Return the board's datum and each NS score's IMPs against it."""
    datum = butler_datum(scores, **options)
    return datum, [imps(score - datum) for score in scores]


def cross_imps_naive(scores: Sequence[float]) -> list[float]:
    """Reference O(n^2) cross-IMPs, kept for tests and the benchmark baseline."""
    return [
        float(sum(imps(a - b) for j, b in enumerate(scores) if j != i))
        for i, a in enumerate(scores)
    ]


def imp_scale() -> list[tuple[int, int | None, int]]:
    """Return the WBF scale as rows (lowest difference, highest or None, IMPs).

    Differences are the multiples of ten published in the scale: 20-40 is 1.
    """
    lows = (0, *IMP_BAND_EDGES)
    highs: list[int | None] = [edge - 10 for edge in IMP_BAND_EDGES]
    return [
        (low, high, won)
        for won, (low, high) in enumerate(zip(lows, [*highs, None], strict=True))
    ]
