"""What an API requester may read: published rows, a director's clubs', a
table token's own section.

``tournaments.api.permissions`` names the requester (its user, its token's
table); these selectors build the querysets from them, so the rule of who
reads what is one query shape for events and sections alike.
"""

from __future__ import annotations

from typing import TypeVar

from django.db.models import Model, Q, QuerySet

from tournaments import access
from tournaments.access import User
from tournaments.models import Event, Section, Table

M = TypeVar("M", bound=Model)


def readable_events(user: User | None, table: Table | None) -> QuerySet[Event]:
    """Events the requester may read: published ones, plus a token's own;
    distinct, as an event reaches a token's section through several rows."""
    events = Event.objects.all()
    return published_or_own(
        user, table, events, "published", "sessions__sections"
    ).distinct()


def rankable_events(user: User | None) -> QuerySet[Event]:
    """Events whose rankings the requester may read: published, or a
    director's (a table token reads no unpublished ranking)."""
    return published_or_own(user, None, Event.objects.all(), "published", None)


def readable_sections(user: User | None, table: Table | None) -> QuerySet[Section]:
    """Sections the requester may read, with their event joined (the views
    read its club and publication): published, plus a token's own."""
    sections = Section.objects.select_related("session__event")
    return published_or_own(user, table, sections, "session__event__published", "pk")


def published_or_own(
    user: User | None,
    table: Table | None,
    rows: QuerySet[M],
    published: str,
    own_section: str | None,
) -> QuerySet[M]:
    """The rule of what the requester reads: the published ``rows`` (their
    ``published`` flag set), plus those of the clubs a director directs (all
    for a site administrator), plus a table token's own (its section at
    ``own_section``)."""
    if access.is_site_admin(user):
        return rows
    query = Q(**{published: True})
    if access.is_staff(user):
        query |= Q(pk__in=access.directed(user, rows.model.objects.all()).values("pk"))
    if table is not None and own_section is not None:
        query |= Q(**{own_section: table.section_id})
    return rows.filter(query)
