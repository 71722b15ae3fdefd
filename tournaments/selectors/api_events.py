"""The API's reads of events: one by id, among those a requester may read,
with what its serializers print.

The querysets of who reads what come from ``selectors.api_readers``; these
answer "this id or a 404" on them and join what the answer prints.
"""

from __future__ import annotations

from django.db.models import Model, Prefetch, QuerySet

from tournaments.models import Event, Section, Session
from tournaments.registry import kinds_with
from tournaments.selectors.lookups import found


def events_with_sections(events: QuerySet[Event]) -> QuerySet[Event]:
    """``events`` with their sessions and sections (and each section's
    scoring) prefetched: the events' list and detail print all three."""
    sections = Section.objects.select_related("scoring")
    sessions = Session.objects.prefetch_related(Prefetch("sections", queryset=sections))
    return events.prefetch_related(Prefetch("sessions", queryset=sessions))


def event_among(events: QuerySet[Event], pk: object, **lookup: object) -> Event:
    """The event ``pk`` of ``events`` (those the requester may read), further
    narrowed by ``lookup`` (its kind); 404 if it is not there."""
    return found(events, pk=pk, **lookup)


def pairs_ranked_event_among(events: QuerySet[Event], pk: object) -> Event:
    """The event ``pk`` of ``events`` whose game ranks pairs (its scoring
    settings are the pairs' ones); 404 for any other game's event."""
    return found(events.filter(kind__in=kinds_with("ranks_pairs")), pk=pk)


def event_by_id(pk: object) -> Event:
    """The event ``pk``, whoever may read it (the caller checked the
    director); 404 if none."""
    return found(Event, pk=pk)


def created_event(pk: int) -> Event:
    """The event just created, read afresh without the prefetches a default
    manager might add: the creation's answer prints its settings only."""
    return Event.objects.prefetch_related(None).get(pk=pk)


def created_sessions(event: Event) -> QuerySet[Session]:
    """The event's sessions with their sections' pairs and tables: the
    creation's answer prints every table's code."""
    return event.sessions.prefetch_related("sections__pairs", "sections__table_set")


def single_section(event: Event) -> Section:
    """The one section of an event of one section (Whiz, Barbu, …)."""
    return Section.objects.get(session__event=event)


def event_scores(model: type[Model], event: Event) -> QuerySet:
    """The rows of ``model`` (a game's standings of its entrants) of the
    event's players, with each entrant's player joined for the name."""
    return model.objects.filter(  # type: ignore[attr-defined]
        entrant__section__session__event=event
    ).select_related("entrant__player")
