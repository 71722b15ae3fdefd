"""The API's reads of traveller lines and pairs: one by id or by label, with
what a line's answer prints (its board, section, pairs, round and table).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, QuerySet

from tournaments.models import Board, Pair, Penalty, Result, Section
from tournaments.selectors.lookups import found

Line = TypeVar("Line", bound=Model)

# What a line's answer and its permission check read, down to the event's club.
LINE_WITH_EVENT = (
    "board__section__session__event",
    "ns_pair",
    "ew_pair",
    "round",
    "table",
)
# The same down to the session only: the tablet's answer and the director's
# resolution read the session's state, not the event.
LINE_WITH_SESSION = ("board__section__session", "ns_pair", "ew_pair", "round", "table")


def lines_with_event() -> QuerySet[Result]:
    """Every line with its board, section, session, event, pairs, round and
    table joined: a line read or changed over the API."""
    return Result.objects.select_related(*LINE_WITH_EVENT)


def lines_with_session() -> QuerySet[Result]:
    """Every line with its board, section, session, pairs, round and table
    joined: a line answered by a tablet or resolved by the director."""
    return Result.objects.select_related(*LINE_WITH_SESSION)


def lines_in_sections(
    lines: QuerySet[Result], sections: QuerySet[Section]
) -> QuerySet[Result]:
    """``lines`` of the ``sections`` (those the requester may read)."""
    return lines.filter(board__section__in=sections)


def line_among(lines: QuerySet[Line], pk: object) -> Line:
    """The line ``pk`` of ``lines`` (a game's lines too: a Whiz line is
    resolved the same way); 404 if it is not there."""
    return found(lines, pk=pk)


def line_afresh(pk: int) -> Result:
    """The stored line ``pk`` afresh, with what the serializers read."""
    return lines_with_event().get(pk=pk)


def board_line(board: Board, pk: object) -> Result | None:
    """The line ``pk`` of ``board`` with its section and round joined, or
    None: a fix of several lines names the one at fault itself."""
    return board.results.select_related("board__section", "round").filter(pk=pk).first()


def pairs_numbered(
    section: Section, number: int, direction: str | None, side: str
) -> list[Pair]:
    """Up to two pairs of the section numbered ``number``: of ``direction``
    when given, else of any direction, and of ``side`` ("ns", "ew") when
    both directions have that number (two: the label is ambiguous)."""
    pairs = section.pairs.filter(number=number)
    if direction:
        pairs = pairs.filter(direction=direction.upper())
    elif len(pairs) > 1:
        pairs = pairs.filter(direction=side.upper())
    return list(pairs[:2])


def numbered_row(rows: Any, number: int) -> Any:
    """The first of ``rows`` (a section's boards, rounds or tables) numbered
    ``number``, or None: the caller names the missing one."""
    return rows.filter(number=number).first()


def pair_with_event(pk: object) -> Pair:
    """The pair ``pk`` with its section, session and event joined; 404 if none."""
    return found(Pair.objects.select_related("section__session__event"), pk=pk)


def pair_or_none(pk: object) -> Pair | None:
    """The pair ``pk``, or None: a penalty's input names a missing pair (400)
    apart from another section's (404)."""
    return Pair.objects.filter(pk=pk).first()


def penalty_by_id(pk: object) -> Penalty:
    """The penalty ``pk``; 404 if none."""
    return found(Penalty, pk=pk)
