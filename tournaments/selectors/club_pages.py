"""What the public home and club pages read: clubs and the events they list.

An event shows once it has sections (something to show) and its results are
published or not hidden while in play; the pages slice what they list, so
each reads a fixed number of rows whatever the club's history.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet

from tournaments.models import Club, Event
from tournaments.selectors.lookups import found

LATEST_EVENTS = 10


def public_club(pk: int) -> Club:
    """The club ``pk``, or a 404: its page is public."""
    return found(Club, pk=pk)


def club_published_events(club: Club, limit: int) -> QuerySet[Event]:
    """The club's published events, newest first, at most ``limit``: lazy, the
    page reads them once."""
    return club.events.order_by("-date", "-pk").filter(published=True)[:limit]


def club_live_events(club: Club, limit: int) -> QuerySet[Event]:
    """The club's events in play whose live results are shown, newest first,
    at most ``limit``; ``distinct`` as the join on sections repeats them."""
    events = club.events.order_by("-date", "-pk")
    return events.filter(
        Q(published=False, results_hidden=False, sessions__sections__isnull=False)
    ).distinct()[:limit]


def clubs_with_players() -> QuerySet[Club]:
    """Every club by name, its players prefetched (the home page counts them)."""
    return Club.objects.order_by("name").prefetch_related("players")


def latest_shown_events() -> QuerySet[Event]:
    """The home page's latest events with results to show (published, or live
    and not hidden), at most ``LATEST_EVENTS``."""
    events = Event.objects.filter(sessions__sections__isnull=False)
    return events.exclude(published=False, results_hidden=True).distinct()[
        :LATEST_EVENTS
    ]
