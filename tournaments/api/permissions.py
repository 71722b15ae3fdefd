"""Who may read and write what: directors, table tokens and the public.

* A director (a staff user) reads and writes everything.
* A table token reads its own section (and whatever is published) and
  writes traveller lines only at its own table of that section.
* Anyone else reads published events only and writes nothing.
"""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model, Q, QuerySet
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from tournaments.models import Event, Result, Section, Table

M = TypeVar("M", bound=Model)


def is_director(request: Request) -> bool:
    """A logged-in staff user."""
    user = request.user
    return bool(user and user.is_authenticated and user.is_staff)


def token_table(request: Request) -> Table | None:
    """The table of the request's table token, if it has one."""
    return request.auth if isinstance(request.auth, Table) else None


def visible_events(request: Request) -> QuerySet[Event]:
    """Events the requester may read: published ones, plus a token's own."""
    events = Event.objects.all()
    # distinct: an event reaches a token's section through several sessions' rows
    return _published_or_own(
        request, events, "published", "sessions__sections"
    ).distinct()


def ranked_events(request: Request) -> QuerySet[Event]:
    """Events whose rankings the requester may read: published, or a director."""
    events = Event.objects.all()
    return events if is_director(request) else events.filter(published=True)


def visible_sections(request: Request) -> QuerySet[Section]:
    """Sections the requester may read: published, plus a token's own."""
    sections = Section.objects.select_related("session__event")
    return _published_or_own(request, sections, "session__event__published", "pk")


def _published_or_own(
    request: Request, rows: QuerySet[M], published: str, own_section: str
) -> QuerySet[M]:
    """The rule of what the requester reads: all ``rows`` for a director; the
    published ones (their ``published`` flag set) for anybody else, plus a
    table token's own (its section at ``own_section``)."""
    if is_director(request):
        return rows
    query = Q(**{published: True})
    table = token_table(request)
    if table is not None:
        query |= Q(**{own_section: table.section_id})
    return rows.filter(query)


class ReadOrTableWrite(BasePermission):
    """Reads for all (the queryset hides what is not theirs); writes for a
    director, or a table token at its own table of its own section."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return is_director(request) or token_table(request) is not None

    def has_object_permission(
        self, request: Request, view: APIView, obj: object
    ) -> bool:
        if request.method in SAFE_METHODS or is_director(request):
            return True
        table = token_table(request)
        if table is None:
            return False
        if isinstance(obj, Section):
            return obj.pk == table.section_id
        if isinstance(obj, Result):
            return obj.table_id == table.pk and obj.board.section_id == (
                table.section_id
            )
        return False
