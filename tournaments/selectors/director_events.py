"""The director's reads of events, their sessions and their jobs.

Each page names its object by the id in its URL; these answer it (a 404
when there is none) with what the page reads of it joined in, so the views
hold no query.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Event, ImportJob, MailJob, Session
from tournaments.registry import kinds_with
from tournaments.selectors.lookups import found


def events_with_club() -> QuerySet[Event]:
    """Every event with its club joined: the dashboard narrows it to the
    director's own (``access.directed``) and lists the club beside each."""
    return Event.objects.select_related("club")


def event_for_director(pk: int) -> Event:
    """The event ``pk`` alone, or a 404: the pages that act on an event
    read nothing joined to it."""
    return found(Event, pk=pk)


def pairs_ranked_event(pk: int) -> Event:
    """The event ``pk`` if its game ranks pairs (its settings page), else a
    404: the kinds come from the registry, not named here."""
    return found(Event, pk=pk, kind__in=kinds_with("ranks_pairs"))


def event_reread(pk: int) -> Event:
    """The event ``pk`` read again, a fresh row for a service to change
    (``Event.DoesNotExist`` if it went meanwhile), not the form's instance."""
    return Event.objects.get(pk=pk)


def sessions_with_sections(event: Event) -> QuerySet[Session]:
    """The event's sessions with their sections prefetched: the event page
    lists both in two queries."""
    return event.sessions.prefetch_related("sections")


def session_for_director(pk: int) -> Session:
    """The session ``pk`` alone, or a 404 (closing or reopening it)."""
    return found(Session, pk=pk)


def session_with_event(pk: int) -> Session:
    """The session ``pk`` with its event joined, or a 404: a new section's
    page reads the event's club."""
    return found(Session.objects.select_related("event"), pk=pk)


def import_job_for_director(pk: int) -> ImportJob:
    """The import job ``pk``, or a 404: its page shows its progress alone."""
    return found(ImportJob, pk=pk)


def mail_job_with_event(pk: int) -> MailJob:
    """The mail job ``pk`` with its section, session and event joined, or a
    404: its page names all three."""
    return found(MailJob.objects.select_related("section__session__event"), pk=pk)
