"""The rows the Whiz-Bridge pages, tablet and API read: the event and its one
section, its boards, and the table results (lines) as each page shows them.

Each query keeps the shape its page needs (what it joins, how it orders);
a missing row is the page's 404 through ``selectors.lookups.found``.
Nothing here writes.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import QuerySet

from tournaments.models import (
    Board,
    Event,
    Section,
    Table,
    WhizEntrant,
    WhizResult,
    WhizScore,
)
from tournaments.selectors.lookups import found

ENTRANT_FIELDS = {"N": "north", "E": "east", "S": "south"}


def whiz_event(pk: int) -> Event:
    """The Whiz event ``pk`` (404 if none, or if the event is of another game)."""
    return found(Event, pk=pk, kind=Event.Kind.WHIZ)


def whiz_section(event: Event) -> Section:
    """The one section of a Whiz event (a Whiz event has exactly one)."""
    return Section.objects.get(session__event=event)


def section_board(section: Section, number: int) -> Board:
    """The board ``number`` of the section (404 otherwise)."""
    return found(Board, section=section, number=number)


def ordered_boards(section: Section) -> QuerySet[Board]:
    """The section's boards by number, left lazy: a page iterates it once."""
    return section.boards.order_by("number")


def boards_by_number(section: Section) -> dict[int, Board]:
    """The section's boards by number, loaded at once for a table's rounds."""
    return {board.number: board for board in section.boards.all()}


def board_numbers(section: Section) -> list[int]:
    """The numbers of the section's boards, for the previous/next links."""
    return list(section.boards.values_list("number", flat=True))


def next_board_number(section: Section, number: int) -> int | None:
    """The lowest board number after ``number`` (None after the last); asked
    as the director's traveller did, whether one follows, then which."""
    following = section.boards.filter(number__gt=number).order_by("number")
    return following[0].number if following.exists() else None


def tables_by_number(section: Section) -> dict[int, Table]:
    """The section's tables by number, loaded at once for a board's rows."""
    return {table.number: table for table in section.table_set.all()}


def entered_counts(section: Section) -> dict[int, int]:
    """How many table results each board of the section has, by board number
    (a board with none is left out)."""
    counts: dict[int, int] = {}
    for number in WhizResult.objects.filter(board__section=section).values_list(
        "board__number", flat=True
    ):
        counts[number] = counts.get(number, 0) + 1
    return counts


def lines_by_north(board: Board) -> dict[int, WhizResult]:
    """The board's table results by their North entrant's id: the director's
    traveller finds each table's stored line by who sits North."""
    return {line.north_id: line for line in board.whiz_results.all()}


def table_line(board: Board, table: Table) -> WhizResult | None:
    """The table's stored result of the board (None before it is entered)."""
    return WhizResult.objects.filter(board=board, table=table).first()


def table_lines_by_board(section: Section, table: Table) -> dict[int, WhizResult]:
    """The table's results in the section by board id, for the tablet's rounds."""
    return {
        line.board_id: line
        for line in WhizResult.objects.filter(board__section=section, table=table)
    }


def shown_section_lines(
    section: Section, hidden: Collection[int]
) -> QuerySet[WhizResult]:
    """The section's table results but those of the ``hidden`` boards, with the
    board, round, table and players joined, by board then North entrant."""
    return (
        WhizResult.objects.filter(board__section=section)
        .exclude(board__number__in=hidden)
        .select_related(
            "board", "round", "table", "north__player", "east__player",
            "south__player",
        )
        .order_by("board__number", "north__number")
    )  # fmt: skip


def api_line(pk: int, sections: QuerySet[Section] | None = None) -> WhizResult:
    """The table result ``pk`` with its board's section, round, table and
    players joined, among the lines of ``sections`` when given (a reader's
    visible sections); 404 otherwise."""
    lines = WhizResult.objects.select_related(
        "board__section__session", "round", "table", "north__player",
        "east__player", "south__player",
    )  # fmt: skip
    if sections is not None:
        lines = lines.filter(board__section__in=sections)
    return found(lines, pk=pk)


def lines_to_resolve() -> QuerySet[WhizResult]:
    """Every table result with its board's section, round and table joined:
    the API's shared resolve looks the disputed line up in it."""
    return WhizResult.objects.select_related(
        "board__section__session", "round", "table"
    )


def line_to_keep(pk: int) -> WhizResult:
    """The table result ``pk`` with its board's section and round joined, for
    the director to keep as entered (404 otherwise)."""
    return found(WhizResult.objects.select_related("board__section__session"), pk=pk)


def traveller_lines(board: Board) -> QuerySet[WhizResult]:
    """The board's table results with the table and players joined, by North
    entrant: the public traveller's rows."""
    return board.whiz_results.select_related(
        "table", "north__player", "east__player", "south__player"
    ).order_by("north__number")


def section_entrant(section: Section, pk: int) -> WhizEntrant:
    """The player (entrant) ``pk`` of the section (404 otherwise)."""
    return found(WhizEntrant, section=section, pk=pk)


def entrant_lines(entrant: WhizEntrant) -> QuerySet[WhizResult]:
    """The table results the entrant played (in his seat: N, E or S) by board,
    with the board, table and the three entrants joined: his scorecard."""
    field = ENTRANT_FIELDS[entrant.line]
    return (
        WhizResult.objects.filter(**{field: entrant})
        .select_related("board", "table", "north", "east", "south")
        .order_by("board__number")
    )


def entrant_score(entrant: WhizEntrant) -> WhizScore | None:
    """The entrant's stored score (None before the scorer has run)."""
    return WhizScore.objects.filter(entrant=entrant).first()
