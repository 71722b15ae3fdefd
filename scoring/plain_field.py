"""Matchpoint a big field's plain lines with numpy, as ``score_board`` would.

``score_session`` matchpoints board by board in Python: about 0.6 s for
52,000 lines (2,000 tables x 26 boards).  When every line is a plain score
(points: no artificial or weighted score) and the club prints matchpoints
unrounded, the figures follow from one sort of the whole field
(:func:`scoring.field.matchpoint_field`, some milliseconds), with the same
operations in the same order as :func:`scoring.board.score_board`: Neuberg's
factor on the boards played fewer times than expected, each board's top, the
percentages, and the same rounding.  Anything else returns None and the
caller scores board by board.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from scoring.board import BoardSettings
from scoring.field import matchpoint_field, round_like_python

# score_board's rounding of the figures it returns.
_NDIGITS = 9


class PlainFigures(NamedTuple):
    """The lines' figures, one list each, aligned with the lines."""

    ns_mp: list[float]
    ew_mp: list[float]
    ns_pct: list[float]
    ew_pct: list[float]
    top: list[float]


def plain_scores(results: Sequence[object]) -> np.ndarray | None:
    """The NS scores as floats when every result is a plain finite number."""
    for result in results:
        if (
            isinstance(result, bool)
            or not isinstance(result, int | float)
            or not math.isfinite(result)
        ):
            return None
    return np.asarray(results, dtype=np.float64)


def score_plain_boards(
    boards: Sequence[int],
    results: Sequence[object],
    *,
    settings: BoardSettings,
    expected: int | dict[int, int],
) -> PlainFigures | None:
    """Each line's NS MP, EW MP, NS %, EW % and top, as ``score_board`` gives
    them on its board (played ``max(expected, its lines)`` times in full;
    ``expected`` an int, or each board number's own N), as
    five lists aligned with the lines; None when a line is not a plain score
    or matchpoints are printed rounded."""
    if settings.mp_decimals is not None:
        return None
    scores = plain_scores(results)
    if scores is None:
        return None
    numbers = np.asarray(boards, dtype=np.int64)
    if len(numbers) == 0:
        return PlainFigures([], [], [], [], [])
    distinct, where, counts = np.unique(
        numbers, return_inverse=True, return_counts=True
    )
    played = counts[where]
    if isinstance(expected, dict):
        each = np.asarray([expected.get(n, 0) for n in distinct.tolist()])
        wanted = np.maximum(played, each[where])
    else:
        wanted = np.maximum(played, expected)
    half = settings.top_per_beat / 2
    raw = matchpoint_field(numbers, scores, top_per_beat=settings.top_per_beat)
    factor = (played < wanted) if settings.neuberg else np.zeros(len(raw), bool)
    mp = np.where(factor, (raw + half) * (wanted / played) - half, raw)
    tops = (settings.top_per_beat * (np.where(factor, wanted, played) - 1)).astype(
        np.float64
    )
    with np.errstate(divide="ignore", invalid="ignore"):
        pct = np.where(tops > 0, 100 * mp / tops, 50.0)
    return PlainFigures(
        round_like_python(mp, _NDIGITS).tolist(),
        round_like_python(tops - mp, _NDIGITS).tolist(),
        round_like_python(pct, _NDIGITS).tolist(),
        round_like_python(100 - pct, _NDIGITS).tolist(),
        tops.tolist(),
    )
