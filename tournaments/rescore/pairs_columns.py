"""A matchpoint rescore on columns: the field's lines read as plain rows,
turned into numpy arrays, scored by ``scoring.columns.score_columns``, and
the changed figures written back, without a model instance or a
``TravellerLine`` per line.

On 1,000,000 lines, ``score_session`` took about 5 s plus 1.4 s to build its
``TravellerLine`` inputs; the columns take a fraction of a second
(``bench/scoring.py``).  The rows come from one ``values_list`` in
``lines.LINE_ORDER`` (``LINE_ROW``): every column numeric, NULLs read as
``NULL_FIGURE`` so that each converts with ``np.fromiter``; a flag marks the
few lines that are not plain scores (an adjusted mark or a weighted score),
and only those are turned into the scorer's objects, by ``lines``'
conversions (``special``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter

import numpy as np
from django.db.models import Case, F, FloatField, IntegerField, Q, Value, When
from django.db.models.functions import Coalesce

from scoring.columns import SpecialResult
from tournaments.models import Result, Section
from tournaments.rescore.lines import (
    LINE_ORDER,
    StoredLine,
    artificial,
    compared_score,
)
from tournaments.rescore.pairs_store import LINE_FIELDS

# A stored figure that is NULL, as the arrays hold it: no figure the scorer
# works out is infinite, and it converts with the others (NaN would not
# compare equal to itself, nor pass through SQLite).
NULL_FIGURE = -np.inf

# The row a line is read as: its key, board number, pairs, the NS score (0
# when none: an adjusted line), whether it is a special line, the figures
# stored last (``LINE_FIELDS``), then the adjusted marks and the weighted
# parts (read for the special lines only).
PK, BOARD, NS, EW, SCORE, SPECIAL = range(6)
FIGURES = slice(6, 6 + len(LINE_FIELDS))
ADJUSTED_NS, ADJUSTED_EW, ABSENT, WEIGHTED = range(
    FIGURES.stop, FIGURES.stop + 4
)  # fmt: skip


@dataclass(frozen=True)
class FieldColumns:
    """A field's lines as arrays, in ``LINE_ORDER``: what ``score_columns``
    takes and what the store compares (``figures``: one row a line field,
    ``NULL_FIGURE`` for NULL)."""

    pk: np.ndarray
    board: np.ndarray
    ns: np.ndarray
    ew: np.ndarray
    score: np.ndarray
    special: dict[int, SpecialResult]
    figures: np.ndarray

    def __len__(self) -> int:
        return len(self.pk)


def field_rows(sections: list[Section]) -> list[tuple]:
    """The lines of the field's sections in ``LINE_ORDER``, as ``LINE_ROW``
    tuples (one query)."""
    null = Value(float(NULL_FIGURE), output_field=FloatField())
    special = Case(
        When(~Q(adjusted_ns="") | Q(weighted__isnull=False), then=Value(1)),
        default=Value(0),
        output_field=IntegerField(),
    )
    figures = {f"_{name}": Coalesce(F(name), null) for name in LINE_FIELDS}
    return list(
        Result.objects.filter(board__section__in=sections)
        .annotate(
            _score=Coalesce(F("score_ns"), Value(0)), _special=special, **figures
        )
        .order_by(*LINE_ORDER)
        .values_list(
            "pk", "board__number", "ns_pair_id", "ew_pair_id", "_score",
            "_special", *figures, "adjusted_ns", "adjusted_ew", "absent",
            "weighted",
        )
    )  # fmt: skip


def line_columns(rows: Sequence[tuple]) -> FieldColumns:
    """``field_rows``' rows as arrays, one ``np.fromiter`` a column; the
    special lines' results built from their rows alone."""
    n = len(rows)

    def column(index: int, dtype: type) -> np.ndarray:
        return np.fromiter(map(itemgetter(index), rows), dtype, n)

    figures = np.empty((len(LINE_FIELDS), n), dtype=np.float64)
    for row, index in enumerate(range(FIGURES.start, FIGURES.stop)):
        figures[row] = column(index, np.float64)
    special: dict[int, SpecialResult] = {}
    for index in np.flatnonzero(column(SPECIAL, np.int64)).tolist():
        result = special_result(rows[index])
        if result is not None:
            special[index] = result
    return FieldColumns(
        pk=column(PK, np.int64),
        board=column(BOARD, np.int64),
        ns=column(NS, np.int64),
        ew=column(EW, np.int64),
        score=column(SCORE, np.int64),
        special=special,
        figures=figures,
    )


def special_result(row: tuple) -> SpecialResult | None:
    """The scorer's result of a special line (``lines``' conversions): its
    artificial or weighted score; None when it is a plain score after all
    (an empty weighted list)."""
    line = StoredLine(
        row[PK], row[BOARD], row[NS], row[EW], row[SCORE], row[WEIGHTED],
        row[ADJUSTED_NS], row[ADJUSTED_EW], row[ABSENT], (),
    )  # fmt: skip
    if line.is_adjusted:
        return artificial(line)
    result = compared_score(line)
    return None if isinstance(result, int) or result is None else result


def load_columns(sections: list[Section]) -> FieldColumns:
    """The field's lines as arrays (``field_rows`` then ``line_columns``)."""
    return line_columns(field_rows(sections))
