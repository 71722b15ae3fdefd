"""The events, matches and sections the teams pages and API look up.

Each query is shaped for the page that shows it (what it joins, prefetches
and how it orders), so the views and serializers hold no query; a missing
row is the page's 404 through ``selectors.lookups.found``.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Event, Match, Section, Team
from tournaments.selectors.lookups import found


def event_by_id(pk: int) -> Event:
    """The event ``pk`` (404 otherwise), nothing joined: its director acts on it."""
    return found(Event, pk=pk)


def event_among(events: QuerySet[Event], pk: int) -> Event:
    """The event ``pk`` among ``events`` (those the caller may see), 404 otherwise."""
    return found(events, pk=pk)


def event_teams(event: Event) -> QuerySet[Team]:
    """The teams of the event in their stored order, for the API's list."""
    return event.teams.all()


def api_event_matches(event: Event) -> QuerySet[Match]:
    """Every match of the event in round order, with the teams and each round's
    sections prefetched: the API lists a match's section without a query a row."""
    return (
        Match.objects.filter(session__event=event)
        .select_related("session", "home", "away")
        .prefetch_related("session__sections")
        .order_by("session__number", "number")
    )


def director_event_matches(event: Event) -> QuerySet[Match]:
    """Every match by stage, segment and number, teams and round's sections
    joined: the director's page groups them by round and links each section."""
    return (
        Match.objects.filter(session__event=event)
        .select_related("home", "away", "session")
        .prefetch_related("session__sections")
        .order_by("stage", "segment", "number")
    )


def results_event_matches(event: Event) -> list[Match]:
    """Every match by stage, segment and number with its teams and round:
    the public page groups them by round and lists the knockout stages."""
    return list(
        Match.objects.filter(session__event=event)
        .select_related("home", "away", "session")
        .order_by("stage", "segment", "number")
    )


def visible_match(events: QuerySet[Event], pk: int) -> Match:
    """The match ``pk`` of one of ``events`` (those the caller may see), with
    its event and teams joined for its sheet; 404 otherwise."""
    return found(
        Match.objects.filter(session__event__in=events).select_related(
            "session__event", "home", "away"
        ),
        pk=pk,
    )


def match_with_session(pk: int) -> Match:
    """The match ``pk`` with its round joined (404 otherwise): a director's
    carry-over is set on it, then the page of its event is named."""
    return found(Match.objects.select_related("session"), pk=pk)


def event_match(event_id: int, pk: int) -> Match:
    """The match ``pk`` of event ``event_id`` with its event's competition and
    teams joined, for the public match page (404 otherwise)."""
    return found(
        Match.objects.select_related("session__event__competition", "home", "away"),
        pk=pk,
        session__event_id=event_id,
    )


def match_section(match: Match) -> Section | None:
    """The first section of the match's round with its event joined (None if
    none): the privacy of a sheet's boards is the section's."""
    return match.session.sections.select_related("session__event").first()


def match_section_id(match: Match) -> int | None:
    """The id of the first section of the match's round (None if none), read
    from the round's sections as loaded: a prefetch makes it no query."""
    sections = list(match.session.sections.all())
    return sections[0].pk if sections else None
