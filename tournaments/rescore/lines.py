"""A pairs line as a rescore reads it: a plain tuple, not a model instance.

On 52,000 lines, building ``Result`` instances (with their boards) took
about 1.5 s of a 2.3 s load; reading the same columns as tuples takes a
tenth of that.  ``StoredLine`` carries what the scorer compares (the score,
the weighted parts, the artificial marks), who played it, the board's
number, and the figures stored last (``LINE_FIELDS``, so that only the
changed ones are written back).
"""

from __future__ import annotations

from typing import NamedTuple

from django.db.models import QuerySet

from scoring.board import ArtificialScore, WeightedScore
from scoring.session import TravellerLine
from tournaments.models import Result
from tournaments.rescore.pairs_store import LINE_FIELDS

# Field, then board, then section, then NS pair order.
LINE_ORDER = ("board__number", "board__section_id", "ns_pair__number", "id")


class StoredLine(NamedTuple):
    """One stored traveller line, as ``stored_lines`` reads it."""

    pk: int
    number: int
    ns_pair_id: int
    ew_pair_id: int
    score_ns: int | None
    weighted: list | None
    adjusted_ns: str
    adjusted_ew: str
    absent: str
    figures: tuple

    @property
    def is_adjusted(self) -> bool:
        return bool(self.adjusted_ns)

    @classmethod
    def of(cls, result: Result) -> StoredLine:
        """A loaded ``Result`` (its board selected) as a stored line."""
        return cls(
            result.pk,
            result.board.number,
            result.ns_pair_id,
            result.ew_pair_id,
            result.score_ns,
            result.weighted,
            result.adjusted_ns,
            result.adjusted_ew,
            result.absent,
            tuple(getattr(result, name) for name in LINE_FIELDS),
        )


COLUMNS = (
    "pk",
    "board__number",
    "ns_pair_id",
    "ew_pair_id",
    "score_ns",
    "weighted",
    "adjusted_ns",
    "adjusted_ew",
    "absent",
    *LINE_FIELDS,
)
_FIGURES = len(COLUMNS) - len(LINE_FIELDS)


def stored_lines(results: QuerySet[Result]) -> list[StoredLine]:
    """The lines of ``results`` in ``LINE_ORDER``, as tuples."""
    return [
        StoredLine(*row[:_FIGURES], row[_FIGURES:])
        for row in results.order_by(*LINE_ORDER).values_list(*COLUMNS)
    ]


def artificial(line: StoredLine | Result) -> ArtificialScore:
    """The scorer's form of a stored artificial adjusted score."""

    def mark(text: str) -> str | float:
        return text if text.startswith("A") else float(text)

    return ArtificialScore(
        mark(line.adjusted_ns),
        mark(line.adjusted_ew),
        absent=line.absent or None,
    )


def traveller_lines(lines: list[StoredLine]) -> list[TravellerLine]:
    """Stored lines as the pure scorer takes them."""
    return [
        TravellerLine(
            board=line.number,
            ns=line.ns_pair_id,
            ew=line.ew_pair_id,
            result=artificial(line) if line.is_adjusted else compared_score(line),
        )
        for line in lines
    ]


def compared_score(result: Result) -> int | WeightedScore | None:
    """The NS score the scorer compares: the stored one, or the weighted
    parts of an assigned score."""
    if result.weighted:
        return WeightedScore(
            tuple(
                (float(percent) / 100, score)
                for percent, *_rest, score in result.weighted
            )
        )
    return result.score_ns
