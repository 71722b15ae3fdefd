"""Who may read and write what: directors, table tokens and the public.

* A director reads and writes everything of their clubs' events
  (``tournaments.access`` decides which objects a director directs; another
  club's director is the public there).
* A table token reads its own section (and whatever is published) and
  writes traveller lines only at its own table of that section.
* Anyone else reads published events only and writes nothing.
"""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from tournaments import access
from tournaments.models import Event, Result, Section, Table
from tournaments.selectors.api_readers import (
    rankable_events,
    readable_events,
    readable_sections,
)


def is_director(request: Request) -> bool:
    """A director of the object the request's URL names (any director for a
    URL that names none: lists and creations narrow by club themselves)."""
    return access.directs_request(request)


class DirectorOnly(BasePermission):
    """Only a director (staff): the views that create events, take files,
    start imports and send mail; never a tablet, never the public."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return is_director(request)


def token_table(request: Request) -> Table | None:
    """The table of the request's table token, if it has one."""
    return request.auth if isinstance(request.auth, Table) else None


def visible_events(request: Request) -> QuerySet[Event]:
    """Events the requester may read: published ones, plus a token's own."""
    return readable_events(request.user, token_table(request))


def ranked_events(request: Request) -> QuerySet[Event]:
    """Events whose rankings the requester may read: published, or a director."""
    return rankable_events(request.user)


def visible_sections(request: Request) -> QuerySet[Section]:
    """Sections the requester may read: published, plus a token's own."""
    return readable_sections(request.user, token_table(request))


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
