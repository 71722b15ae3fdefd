"""Each pair's totals after a board-by-board rescore, from the stored ones.

A rescore of some boards changes the totals of the pairs whose lines on
those boards changed, not the others'.  So rather than summing every line of
the field again (52,000 at 2,000 tables, most of a one-result rescore), the
pairs' stored totals (``PairScore``) are kept, and moved by the difference
between the figures the rescore wrote and those it found (``StoredLine``'s).

Figures must be the whole rescore's to the last bit, and that one sums each
pair's lines in ``lines.LINE_ORDER``: a difference added to a total gives the
same float only when every figure summed is exact in binary (a multiple of
``2 ** -GRAIN_BITS``, as matchpoints, halves and tops are when no board is
factored).  So a pair's total is summed again from its lines, in that order:

- for every pair of a section one of whose boards was written (a line may
  have been deleted, moved or given to another pair there);
- for a pair that is fined (its stored total is after the fine) or that has
  no stored total;
- for a pair with a changed line one of whose figures is not exact in
  binary (one query over the changed pairs' lines finds them).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

from django.db import connection

from tournaments.models import Pair, Result, Section
from tournaments.rescore.lines import LINE_ORDER
from tournaments.rescore.pairs_store import LINE_FIELDS, STANDING_FIELDS

# A figure is exact in binary when it is a multiple of 2 ** -GRAIN_BITS and
# below 2 ** MAGNITUDE_BITS: then any sum of a pair's figures is exact, in
# any order.
GRAIN_BITS = 10
MAGNITUDE_BITS = 36
GRAIN = 2**GRAIN_BITS

# A side's figures, as indexes in ``LINE_FIELDS``: the NS pair's, the EW's.
MP_SIDES = ((0, 4), (1, 4))  # (mp_ns, top), (mp_ew, top)
IMP_SIDES = ((5,), (6,))  # imp_ns, imp_ew
MP_TOTALS = ("mp", "top")
IMP_TOTALS = ("imps",)


class FieldPair(NamedTuple):
    """A pair of the field and its stored standing (``score`` is None for a
    pair never ranked)."""

    pk: int
    section: int
    direction: str
    score: int | None
    stored: tuple


class Total(NamedTuple):
    """A pair's totals (MP and tops, or IMPs) and its number of lines."""

    figures: tuple[float, ...]
    boards: int


def field_pairs(sections: list[Section]) -> dict[int, FieldPair]:
    """Every pair of the field with its stored standing, in one query whose
    rows are read as the database gives them (no field of the query has a
    converter: a third of the time of ``values_list`` for 4,000 pairs)."""
    columns = ("score__pk", *(f"score__{name}" for name in STANDING_FIELDS))
    rows = Pair.objects.filter(section__in=sections).values_list(
        "pk", "section_id", "direction", *columns
    )
    sql, params = rows.order_by().query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        read = cursor.fetchall()
    return {row[0]: FieldPair(row[0], row[1], row[2], row[3], row[4:]) for row in read}


def field_totals(
    pairs: Mapping[int, FieldPair],
    lines: Sequence[object],
    new: Sequence[tuple],
    *,
    written: Collection[int],
    fined: Collection[int],
    imps: bool,
) -> dict[int, Total]:
    """Every ranked pair's totals once the rescored ``lines`` (stored lines,
    their figures as found) have the figures ``new`` (in ``LINE_FIELDS``
    order), which are stored already.  ``written``: the sections whose boards
    were asked for (their pairs are summed again); ``fined``: the pairs with
    a penalty in force."""
    sides = IMP_SIDES if imps else MP_SIDES
    names = IMP_TOTALS if imps else MP_TOTALS
    index = [STANDING_FIELDS.index(name) for name in (*names, "penalty", "boards")]
    again = {pk for pk, pair in pairs.items() if pair.section in written}
    again.update(pk for pk in fined if pk in pairs)
    moved: dict[int, list[float]] = {}
    for line, figures in zip(lines, new, strict=True):
        for pair, side in zip((line.ns_pair_id, line.ew_pair_id), sides, strict=True):
            if pair in again:
                continue
            before = [line.figures[i] for i in side]
            after = [figures[i] for i in side]
            if before == after:
                continue
            known = pairs.get(pair)
            if known is None or known.score is None:
                again.add(pair)
                continue
            *stored, penalty, _ = (known.stored[i] for i in index)
            if penalty or not _exact((*before, *after, *stored)):
                again.add(pair)
                continue
            delta = moved.setdefault(pair, [0.0] * len(side))
            for position, (old, value) in enumerate(zip(before, after, strict=True)):
                delta[position] += value - old
    again.update(_inexact(set(moved) - again, sides))
    # The totals are side by side in ``STANDING_FIELDS``: MP and top, IMPs.
    first, boards = index[0], index[-1]
    last = first + len(names)
    totals: dict[int, Total] = {}
    for pk, pair in pairs.items():
        if pair.score is None or pk in again:
            continue
        stored = pair.stored
        figures = stored[first:last]
        if pk in moved:
            figures = tuple(f + d for f, d in zip(figures, moved[pk], strict=True))
        totals[pk] = Total(figures, stored[boards])
    totals.update(_summed(again | _unranked(pairs, lines, totals), sides))
    return totals


def _exact(values: Iterable[float | None]) -> bool:
    """Whether every value is a multiple of the grain, and small enough."""
    for value in values:
        if value is None:
            return False
        scaled = value * GRAIN
        if scaled != int(scaled) or abs(value) >= 2**MAGNITUDE_BITS:
            return False
    return True


def _unranked(
    pairs: Mapping[int, FieldPair], lines: Sequence[object], totals: Mapping
) -> set[int]:
    """The pairs of the rescored lines that have no total yet."""
    return {
        pair
        for line in lines
        for pair in (line.ns_pair_id, line.ew_pair_id)
        if pair not in totals
    }


def _inexact(pairs: set[int], sides: tuple) -> set[int]:
    """Those of ``pairs`` with a stored line whose figures are not all exact
    in binary: one query, the database doing the checking."""
    if not pairs:
        return set()
    quote = connection.ops.quote_name
    table = quote(Result._meta.db_table)
    ids = sorted(pairs)
    placeholders = ", ".join(["%s"] * len(ids))
    selects = []
    for owner, side in zip(("ns_pair_id", "ew_pair_id"), sides, strict=True):
        checks = " OR ".join(
            f"{column} * {GRAIN} <> CAST({column} * {GRAIN} AS BIGINT)"
            f" OR ABS({column}) >= {2**MAGNITUDE_BITS}"
            for column in (quote(LINE_FIELDS[i]) for i in side)
        )
        selects.append(
            f"SELECT {quote(owner)} FROM {table} "
            f"WHERE {quote(owner)} IN ({placeholders}) AND ({checks})"
        )
    with connection.cursor() as cursor:
        cursor.execute(" UNION ".join(selects), ids + ids)
        return {row[0] for row in cursor.fetchall()}


def _summed(pairs: set[int], sides: tuple) -> dict[int, Total]:
    """The totals of ``pairs`` summed from their stored lines, in the order
    the whole rescore sums them (``LINE_ORDER``)."""
    if not pairs:
        return {}
    columns = sorted({i for side in sides for i in side})
    fields = [LINE_FIELDS[i] for i in columns]
    where = {i: position for position, i in enumerate(columns)}
    ids = list(pairs)
    lines = Result.objects.filter(ns_pair__in=ids) | Result.objects.filter(
        ew_pair__in=ids
    )
    sums: dict[int, list[float]] = {}
    boards: dict[int, int] = {}
    rows = lines.order_by(*LINE_ORDER).values_list("ns_pair_id", "ew_pair_id", *fields)
    for ns, ew, *figures in rows:
        for pair, side in ((ns, sides[0]), (ew, sides[1])):
            if pair not in pairs:
                continue
            total = sums.setdefault(pair, [0.0] * len(side))
            for position, i in enumerate(side):
                figure = figures[where[i]]
                total[position] += 0.0 if figure is None else figure
            boards[pair] = boards.get(pair, 0) + 1
    return {pair: Total(tuple(sums[pair]), boards[pair]) for pair in sums}
