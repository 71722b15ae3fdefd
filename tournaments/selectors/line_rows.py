"""Every traveller line of whole sections as light rows, for the PBN and
USEBIO files (issue 34).

A 2,000-table field has 52,000 lines: read as ``Result`` instances they were
most of a file's build (Django's ``Model.__init__`` and the foreign-key
descriptors, 2 s of PBN's 2.5 s).  Here each line is one ``values_list``
tuple made a ``TravellerLine``, holding the section's ``Board`` and a
``PairLabel`` a pair, both read once and shared.  A ``TravellerLine`` shows
what the writers read of a ``Result`` (``board``, ``ns_pair.label``,
``contract``, ``is_adjusted``, ``weighted_text``...), the marks' logic coming
from the same ``LineMarks`` mixin, so a file is the same byte for byte.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import CharField, QuerySet, Value

from tournaments.models import Board, Pair, Result, Section
from tournaments.models.line_marks import LineMarks
from tournaments.selectors.pairs import NO_LINES, LineRow, SectionReport, stored_reports

# What a file shows of a line, in ``TravellerLine``'s order after its pairs.
PLAYED = ("contract", "declarer", "tricks", "lead", "score_ns", "adjusted_ns",
          "adjusted_ew", "absent", "weighted")  # fmt: skip
LINKS = ("id", "board_id", "ns_pair_id", "ew_pair_id")
MARKS = ("mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew")
# Stands for ``weighted`` in the lines' query (read apart): None.
NO_WEIGHT = Value(None, output_field=CharField())
PAIR_PARTS = ("pk", "number", "direction", "names")


@dataclass(slots=True, eq=False)
class PairLabel:
    """What a traveller line shows of a pair: its number, label and names."""

    pk: int
    number: int
    direction: str
    names: str
    label: str = ""

    def __post_init__(self) -> None:
        self.label = f"{self.number}{self.direction}"


@dataclass(slots=True, eq=False)
class TravellerLine(LineMarks):
    """One stored traveller line as the files read it (a ``Result``'s fields
    and the scorer's figures), with its board and pairs shared."""

    pk: int
    board: Board
    ns_pair: PairLabel
    ew_pair: PairLabel
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    score_ns: int | None
    adjusted_ns: str
    adjusted_ew: str
    absent: str
    weighted: list[list[object]] | None
    mp_ns: float | None
    mp_ew: float | None
    pct_ns: float | None
    pct_ew: float | None
    imp_ns: float | None
    imp_ew: float | None


def line_reports(sections: Sequence[Section]) -> list[SectionReport]:
    """``stored_reports(sections)`` with each line a ``TravellerLine``: the
    same lines in the same order, in a fixed number of queries (the
    rankings', then one for the lines, one for the boards, one for the pairs)."""
    reports = stored_reports(sections, lines=NO_LINES)
    lines = traveller_lines(sections)
    return [
        dataclasses.replace(report, lines=lines[report.section.pk])
        for report in reports
    ]


def traveller_lines(sections: Sequence[Section]) -> dict[int, list[LineRow]]:
    """Every line of ``sections`` by section id, in traveller order (board,
    then NS pair number), each a ``LineRow`` holding a ``TravellerLine``."""
    by_pk = {section.pk: section for section in sections}
    in_sections = {"section__in": list(by_pk)}
    boards = {board.pk: board for board in Board.objects.filter(**in_sections)}
    for board in boards.values():
        board.section = by_pk[board.section_id]
    pairs = _pair_labels(Pair.objects.filter(**in_sections))
    results = Result.objects.filter(board__section__in=list(by_pk)).order_by(
        "board__section", "board__number", "ns_pair__number", "id"
    )
    # ``weighted`` (JSON) is read apart, for the few lines that have one: in
    # the main query its converter cost more than the rest of the row.
    read = list(results.values_list(*LINKS, *PLAYED[:-1], NO_WEIGHT, *MARKS))
    weighted = dict(
        results.filter(weighted__isnull=False).values_list("id", "weighted")
    )
    strangers = {pk for row in read for pk in row[2:4] if pk not in pairs}
    if strangers:
        # A pair of no section read: never seen in a movement, the data allows it.
        pairs.update(_pair_labels(Pair.objects.filter(pk__in=strangers)))
    rows: dict[int, list[LineRow]] = {pk: [] for pk in by_pk}
    grouped: dict[int, list[LineRow]] = defaultdict(list)
    for pk, board_pk, ns, ew, *shown in read:
        board = boards[board_pk]
        line = TravellerLine(pk, board, pairs[ns], pairs[ew], *shown)
        if weighted and pk in weighted:
            line.weighted = weighted[pk]
        grouped[board.section_id].append(LineRow(line, *shown[len(PLAYED) :]))
    rows.update(grouped)
    return rows


def _pair_labels(pairs: QuerySet[Pair]) -> dict[int, PairLabel]:
    return {row[0]: PairLabel(*row) for row in pairs.values_list(*PAIR_PARTS)}
