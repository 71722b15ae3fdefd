"""The one object a request names, or a 404: the selectors' shared lookup.

Views take an id from the URL and need its row (an event, a section, a
board); a selector builds the query (what it joins, what it filters) and
answers it through ``found``, so the view holds no query and a missing row
is the page's 404, as Django's ``get_object_or_404`` gives.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from django.shortcuts import get_object_or_404

from tournaments.models import Board, Event, Section

Row = TypeVar("Row", bound=Model)


def found(rows: type[Row] | QuerySet[Row], **lookup: Any) -> Row:
    """The one row of ``rows`` matching ``lookup``; ``Http404`` if none."""
    return get_object_or_404(rows, **lookup)


def section_with_event(pk: int) -> Section:
    """The section ``pk`` with its session and event joined (the pages name
    them beside the section), or a 404."""
    return found(Section.objects.select_related("session__event"), pk=pk)


def board_in_section(section: Section, number: int) -> Board:
    """The section's board ``number``, or a 404."""
    return found(Board, section=section, number=number)


def event_of_kinds(pk: int, kinds: Collection[str]) -> Event:
    """The event ``pk`` if its kind is one of ``kinds`` (a game's own pages
    show only its events, plain or duplicate), or a 404."""
    return found(Event, pk=pk, kind__in=kinds)
