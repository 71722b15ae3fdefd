"""The director's reads of traveller lines, their audit trail and penalties.

A line named in a URL comes with what its page or its message reads (the
board, the pairs) joined in, and a 404 when it is not there or not the
section's; the audit trail comes newest first, who changed it joined in.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet

from tournaments.models import (
    Board,
    Penalty,
    Result,
    ResultChange,
    Round,
    Section,
    Table,
)
from tournaments.selectors.lookups import found


def result_with_board(pk: int) -> Result:
    """The line ``pk`` with its board joined, or a 404: settling a dispute
    goes back to the board's traveller."""
    return found(Result.objects.select_related("board"), pk=pk)


def _lines_with_pairs() -> QuerySet[Result]:
    return Result.objects.select_related("board__section", "ns_pair", "ew_pair")


def section_line(section_id: int, pk: int) -> Result:
    """The line ``pk`` of the section ``section_id`` with its board, section
    and pairs joined (a fix's message names them), or a 404."""
    return found(_lines_with_pairs(), pk=pk, board__section_id=section_id)


def board_line(section_id: int, number: int, pk: int) -> Result:
    """The line ``pk`` of board ``number`` of the section ``section_id``,
    its board, section and pairs joined, or a 404."""
    return found(
        _lines_with_pairs(),
        pk=pk,
        board__section_id=section_id,
        board__number=number,
    )


def flagged_lines(ids: Iterable[int]) -> QuerySet[Result]:
    """The lines ``ids`` with their board and pairs, by board then NS pair:
    the console's unusual results in one query."""
    return (
        Result.objects.filter(pk__in=ids)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number", "ns_pair__number")
    )


def lines_by_pk(ids: Iterable[int]) -> dict[int, Result]:
    """The lines ``ids`` by their id, in one query."""
    return {line.pk: line for line in Result.objects.filter(pk__in=ids)}


def refused_entries(ids: Iterable[int]) -> dict[int, dict]:
    """The latest refused second entry of each line of ``ids`` (its
    ``after``), by line id: one query for every dispute of the console."""
    changes = ResultChange.objects.filter(
        result_id__in=ids, action=ResultChange.Action.REFUSE
    ).order_by("result_id", "-at", "-id")
    refused: dict[int, dict] = {}
    for result_id, after in changes.values_list("result_id", "after"):
        refused.setdefault(result_id, after or {})
    return refused


def board_lines_with_pairs(board: Board) -> QuerySet[Result]:
    """The board's lines with their pairs joined: the traveller's rows."""
    return board.results.select_related("ns_pair", "ew_pair")


def board_lines(board: Board) -> QuerySet[Result]:
    """The board's lines alone: those a saved traveller may change."""
    return board.results.all()


def section_rounds(section: Section) -> QuerySet[Round]:
    """The section's rounds (a traveller line's round is one of them)."""
    return Round.objects.filter(section=section)


def section_tables(section: Section) -> QuerySet[Table]:
    """The section's tables (a traveller line's table is one of them)."""
    return Table.objects.filter(section=section)


def board_changes(board: Board) -> QuerySet[ResultChange]:
    """The board's audit trail, newest first, its user and table joined."""
    return board.changes.select_related("user", "table").order_by("-at", "-id")


def sheet_changes(
    section: Section, table: Table | None = None
) -> QuerySet[ResultChange]:
    """The changes of the section's lines without a board (Barbu deals,
    Chinese hands), of one table or all, newest first, user and table joined."""
    changes = section.changes.filter(board__isnull=True)
    if table is not None:
        changes = changes.filter(table=table)
    return changes.select_related("user", "table").order_by("-at", "-id")


def penalty_with_pair(pk: int) -> Penalty:
    """The penalty ``pk`` with its pair joined (the message names the pair),
    or a 404."""
    return found(Penalty.objects.select_related("pair"), pk=pk)
