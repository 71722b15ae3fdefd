"""A field's standings as stored rows, ranked with numpy (no object a pair).

The board-by-board rescore ranks every pair of the field after each result
(4,000 pairs at 2,000 tables).  ``rank_standings`` builds two frozen
standings a pair and sorts them in Python; when no penalty applies, the
rows ``store_standings`` compares are built here instead, from the pairs'
totals, with the same figures and places: the percentage is
``session_percentage``'s, a place is ``scoring.ranking.rank``'s (totals
compared after Python's rounding to ``DEFAULT_NDIGITS``, ties sharing the
better place, marked "="), in the pair's group over the field and, for a
field of several sections, in its section's share of the group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from scoring.field import round_like_python
from scoring.ranking import DEFAULT_NDIGITS
from tournaments.rescore.pair_totals import FieldPair, Total


def standing_rows(
    pairs: Mapping[int, FieldPair],
    totals: Mapping[int, Total],
    groups: Mapping[int, str],
    *,
    imps: bool,
    several: bool,
) -> dict[int, tuple]:
    """Each ranked pair's ``PairScore`` values in ``STANDING_FIELDS`` order,
    as ``store_standings`` makes them of unfined rankings: MP, top and % (or
    IMPs), no penalty, boards, its place, its group, its place in the field
    (``several`` sections; else blank)."""
    ranked = list(totals)
    if imps:
        keys = [totals[pair].figures[0] for pair in ranked]
    else:
        keys = [_percentage(*totals[pair].figures) for pair in ranked]
    group_of = [groups.get(pair) or "" for pair in ranked]
    names = {name: code for code, name in enumerate(sorted(set(group_of)))}
    group_codes = np.array([names[name] for name in group_of], dtype=np.int64)
    field = places(keys, group_codes)
    if several:
        section_codes = np.array([pairs[pair].section for pair in ranked])
        subsets = section_codes * len(names) + group_codes
        own = places(keys, subsets)
    else:
        own, field = field, [""] * len(ranked)
    rows = {}
    for index, pair in enumerate(ranked):
        total = totals[pair]
        if imps:
            figures = (None, None, None, total.figures[0])
        else:
            figures = (*total.figures, keys[index], None)
        rows[pair] = (
            *figures,
            *(0.0, total.boards, own[index], group_of[index], field[index]),
        )
    return rows


def _percentage(mp: float, top: float) -> float:
    """``session_percentage`` of a pair's totals."""
    return 100 * mp / top if top else 50.0


def places(totals: Sequence[float], subsets: np.ndarray) -> list[str]:
    """Each total's printed place among the totals of its subset (a code a
    total), as ``scoring.ranking.rank`` prints them: "1", "2=", "2=", "4"."""
    count = len(totals)
    if not count:
        return []
    keys = round_like_python(np.asarray(totals, dtype=np.float64), DEFAULT_NDIGITS)
    order = np.lexsort((-keys, subsets))
    ordered, owners = keys[order], subsets[order]
    positions = np.arange(count)
    starts_subset = np.concatenate(([True], owners[1:] != owners[:-1]))
    starts_run = starts_subset | np.concatenate(([True], ordered[1:] != ordered[:-1]))
    subset_start = np.maximum.accumulate(np.where(starts_subset, positions, 0))
    run_start = np.maximum.accumulate(np.where(starts_run, positions, 0))
    run = np.cumsum(starts_run) - 1
    shared = (np.bincount(run) > 1)[run]
    numbers = (run_start - subset_start + 1).tolist()
    printed = [""] * count
    for index, number, tie in zip(
        order.tolist(), numbers, shared.tolist(), strict=True
    ):
        printed[index] = f"{number}=" if tie else str(number)
    return printed
