"""The API's reads of sessions, sections and their tables and boards: one
by id (or by number in its section) with what the view goes on to read.

Each selector joins what its callers read next (the session to see if it is
closed, the event for its club), so that a view makes no further query.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TypeVar

from django.db.models import QuerySet

from tournaments.models import Board, Result, Section, Session, Table
from tournaments.registry import kinds_with
from tournaments.selectors.lookups import found

# A row numbered within its section: a board or a table.
Numbered = TypeVar("Numbered", Board, Table)


def sections_with_pairs(sections: QuerySet[Section]) -> QuerySet[Section]:
    """``sections`` with their scoring joined and pairs prefetched: what the
    sections' detail prints."""
    return sections.select_related("scoring").prefetch_related("pairs")


def section_among(sections: QuerySet[Section], pk: object, **lookup: object) -> Section:
    """The section ``pk`` of ``sections`` (those the requester may read, or
    of a game's movement: ``lookup``); 404 if it is not there."""
    return found(sections, pk=pk, **lookup)


def sections_with_event() -> QuerySet[Section]:
    """Every section with its session and event joined: a writer's sections,
    whose club and session state the views check."""
    return Section.objects.select_related("session__event")


def section_with_event(pk: object) -> Section:
    """The section ``pk`` with its session and event joined; 404 if none."""
    return found(sections_with_event(), pk=pk)


def section_with_session(pk: object) -> Section:
    """The section ``pk`` with its session joined (is it closed?); 404 if none."""
    return found(Section.objects.select_related("session"), pk=pk)


def pairs_ranked_section(pk: object) -> Section:
    """The section ``pk`` of an event whose game ranks pairs, with its session
    and event joined (results mailed to pairs); 404 for any other game's."""
    return found(
        Section.objects.select_related("session__event"),
        pk=pk,
        session__event__kind__in=kinds_with("ranks_pairs"),
    )


def section_by_id(pk: object) -> Section:
    """The section ``pk`` alone; 404 if none."""
    return found(Section, pk=pk)


def section_afresh(pk: int) -> Section:
    """The section ``pk`` read again after a change, as stored now."""
    return Section.objects.get(pk=pk)


def session_by_id(pk: object) -> Session:
    """The session ``pk`` alone; 404 if none."""
    return found(Session, pk=pk)


def section_lines(section: Section, hidden: Collection[int]) -> QuerySet[Result]:
    """The section's traveller lines but those of the ``hidden`` boards, by
    board, NS pair and entry, with what a line's answer prints joined."""
    return (
        Result.objects.filter(board__section=section)
        .exclude(board__number__in=hidden)
        .select_related("board", "ns_pair", "ew_pair", "round", "table")
        .order_by("board__number", "ns_pair__number", "id")
    )


def board_numbered(section_id: object, number: object) -> Board:
    """Board ``number`` of section ``section_id``, with its section and
    session joined; 404 if none."""
    return _numbered(Board, section_id, number)


def table_numbered(section_id: object, number: object) -> Table:
    """Table ``number`` of section ``section_id``, with its section and
    session joined; 404 if none."""
    return _numbered(Table, section_id, number)


def _numbered(model: type[Numbered], section_id: object, number: object) -> Numbered:
    """The board or table ``number`` of section ``section_id`` with its
    section and session joined (what the API checks next); 404 if none."""
    return found(
        model.objects.select_related("section__session"),
        section_id=section_id,
        number=number,
    )


def board_by_id(pk: int) -> Board | None:
    """The board ``pk``, or None: a preview answers a missing board itself."""
    return Board.objects.filter(pk=pk).first()


def table_by_id(pk: int) -> Table | None:
    """The table ``pk``, or None (a token of a table since deleted)."""
    return Table.objects.filter(pk=pk).first()


def section_entrants(section: Section, entrant_set: str) -> QuerySet:
    """The section's entrants of a game (its related name, "barbu_entrants")
    with their players joined for the names."""
    return getattr(section, entrant_set).select_related("player")
