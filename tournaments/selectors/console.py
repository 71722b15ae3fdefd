"""The director's console's reads of the room: the tablets' last contacts."""

from __future__ import annotations

from django.db.models import Max, Q, QuerySet

from tournaments.models import Section, TabletGrant


def tablet_contacts(section: Section) -> QuerySet:
    """Per table number of ``section``: the latest request seen (``seen``),
    the latest sign-in (``signed``) and a live grant (``live``, None if
    every one is revoked), in one query.

    A tablet signs in once an event (``services.event_tables``): a grant of
    the same event table at an earlier round or session plays here too."""
    return (
        TabletGrant.objects.filter(
            table__section__session__event_id=section.session.event_id,
            table__section__letter=section.letter,
            table__section__session__number__lte=section.session.number,
        )
        .values("table__number")
        .annotate(
            seen=Max("last_seen"),
            signed=Max("created_at"),
            live=Max("pk", filter=Q(revoked_at__isnull=True)),
        )
    )
