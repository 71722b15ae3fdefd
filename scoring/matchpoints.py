"""Matchpoints for pairs events: every score against every other on a board.

Scores are raw points from North-South's side.  On the default scale a pair
gets ``top_per_beat`` (2) matchpoints for each score it beats and half that
for each tie, so a board played n times has a top of 2(n - 1) (EBU and FFB);
``top_per_beat=1`` gives the ACBL scale, top n - 1.  East-West's matchpoints
on a line are the top minus North-South's.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import overload


def top(results: int, top_per_beat: float = 2) -> float:
    """Return the matchpoint top of a board played ``results`` times."""
    return float(top_per_beat * max(results - 1, 0))


def matchpoints(scores: Sequence[float], top_per_beat: float = 2) -> list[float]:
    """Return each NS score's matchpoints against the other scores of the board.

    O(n log n): one sort, then two binary searches per score.  The sum over
    a board is ``top_per_beat * n(n - 1) / 2``.
    """
    ordered = sorted(scores)
    half = top_per_beat / 2
    # beaten * top_per_beat + (ties - 1) * half == (below + at_or_below - 1) * half
    return [
        (bisect_left(ordered, s) + bisect_right(ordered, s) - 1) * half for s in scores
    ]


def matchpoints_naive(scores: Sequence[float], top_per_beat: float = 2) -> list[float]:
    """Reference O(n^2) matchpoints, for tests and the benchmark baseline."""
    half = top_per_beat / 2
    return [
        sum(
            top_per_beat if a > b else half if a == b else 0.0
            for j, b in enumerate(scores)
            if j != i
        )
        for i, a in enumerate(scores)
    ]


@overload
def neuberg(
    mp: float, played: int, expected: int, top_per_beat: float = 2
) -> float: ...
@overload
def neuberg(
    mp: Sequence[float], played: int, expected: int, top_per_beat: float = 2
) -> list[float]: ...
def neuberg(mp, played, expected, top_per_beat=2):
    """Factor matchpoints earned among ``played`` results up to ``expected``.

    Neuberg's formula, MP' = (MP + h) * N / n - h with h = top_per_beat / 2,
    gives the matchpoints the pair would expect had the board been played the
    full N times: (35 + 1) * 22 / 21 - 1 = 36.71 on the 2-per-beat scale.
    Accepts one matchpoint figure or a list of them.
    """
    if played < 1:
        raise ValueError(f"played must be at least 1, got {played}")
    if expected < played:
        raise ValueError(f"expected ({expected}) must be at least played ({played})")
    half = top_per_beat / 2
    factor = expected / played
    if isinstance(mp, Sequence):
        return [(value + half) * factor - half for value in mp]
    return (mp + half) * factor - half
