"""Traveller lines read into the columns the IMP scorer takes.

``scoring.imp_session.score_imp_session`` takes ``TravellerLine`` objects
and scores them with ``scoring.imp_columns``: :func:`session_columns` reads
the lines once into board numbers, NS scores, the few adjusted results, and
each side's pair index, so that nothing after it walks the objects again.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np

from scoring.board import ArtificialScore, WeightedScore, score_parts
from scoring.imp_columns import pair_slots, text_order
from scoring.session import TravellerLine

_NUMBERS = {int, float}


@dataclass(frozen=True)
class SessionColumns:
    """Traveller lines as columns: board numbers, NS scores (0 where
    ``special`` holds the result), the adjusted results by line index, each
    side's pair index (NS, EW of line 0, then line 1...), the pair each
    index stands for and its place among the pairs written as text (how
    tied pairs are listed)."""

    boards: np.ndarray
    scores: np.ndarray
    special: dict[int, WeightedScore | ArtificialScore]
    slot: np.ndarray
    pairs: list[Hashable]
    text_order: np.ndarray


def session_columns(lines: Sequence[TravellerLine]) -> SessionColumns:
    """Read the lines once; a result that is no number is refused as
    ``scoring.board.score_parts`` refuses it (a bool, a text, infinity)."""
    results = [line.result for line in lines]
    special: dict[int, WeightedScore | ArtificialScore] = {}
    scores: list[object] = results
    if not set(map(type, results)) <= _NUMBERS:
        scores = []
        for index, result in enumerate(results):
            if type(result) in _NUMBERS:
                scores.append(result)
            elif isinstance(result, WeightedScore | ArtificialScore):
                special[index] = result
                scores.append(0.0)
            else:
                scores.append(score_parts(result)[0][1])
    values = np.asarray(scores, dtype=np.float64)
    for index in np.flatnonzero(~np.isfinite(values)).tolist():
        score_parts(results[index])
    slot, pairs, order = _pair_slots(
        [line.ns for line in lines], [line.ew for line in lines]
    )
    boards = np.asarray([line.board for line in lines], dtype=np.int64)
    return SessionColumns(boards, values, special, slot, pairs, order)


def _pair_slots(
    ns: list[Hashable], ew: list[Hashable]
) -> tuple[np.ndarray, list[Hashable], np.ndarray]:
    """Each side's pair index, the pair each index stands for and its
    :func:`scoring.imp_columns.text_order`: by numpy
    when every pair is a machine-sized int (database ids: ascending), else
    by a dictionary of the pairs (any hashable, "3NS": in order of first
    appearance, which orders the pairs that print alike, 1 and "1")."""
    if ns and set(map(type, ns)) | set(map(type, ew)) == {int}:
        try:
            slot, ids = pair_slots(np.asarray(ns, np.int64), np.asarray(ew, np.int64))
        except OverflowError:
            pass
        else:
            return slot, ids.tolist(), text_order(ids)
    code: dict[Hashable, int] = {}
    sides = [
        code.setdefault(pair, len(code))
        for both in zip(ns, ew, strict=True)
        for pair in both
    ]
    pairs = list(code)
    return np.asarray(sides, dtype=np.int64), pairs, text_order(pairs)
