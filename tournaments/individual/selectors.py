"""Read-side rows of an individual bridge event: its players by number, a
player's lines, a board and its traveller's lines.

The boards' lines are pairs lines under the round's partnership numbers
(``services.section_schedule`` says who they are); nothing here writes.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import Q, QuerySet

from tournaments.models import Board, IndividualEntrant, Result, Section
from tournaments.selectors.lookups import found


def entrant_ids(section: Section) -> dict[int, int]:
    """Each player's id by his number (the API names players by id)."""
    return dict(section.individual_entrants.values_list("number", "pk"))


def entrants_by_number(section: Section) -> dict[int, IndividualEntrant]:
    """The section's players by number, each with his player fetched (the
    schedule names the four at a table by number)."""
    return {e.number: e for e in section.individual_entrants.select_related("player")}


def board_numbers(section: Section) -> list[int]:
    """The section's board numbers in their stored order."""
    return list(section.boards.values_list("number", flat=True))


def section_board(section: Section, number: int) -> Board:
    """The section's board ``number``; 404 if it has none such."""
    return found(Board, section=section, number=number)


def partnership_lines(section: Section, numbers: Collection[int]) -> QuerySet[Result]:
    """The section's lines played by any of the partnerships ``numbers`` (a
    player's partnerships round by round), their board, round and pairs
    fetched for his scorecard."""
    return Result.objects.filter(
        Q(ns_pair__number__in=numbers) | Q(ew_pair__number__in=numbers),
        board__section=section,
    ).select_related("board", "round", "ns_pair", "ew_pair")


def board_lines(board: Board) -> QuerySet[Result]:
    """The board's lines table by table, their pairs, round and table
    fetched for the traveller."""
    return board.results.select_related("ns_pair", "round", "table").order_by(
        "table__number"
    )
