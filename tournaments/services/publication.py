"""Where an event's results stand for the public pages' notice.

* ``live``: sessions are being played; the results are provisional and the
  pages update by themselves;
* ``closed``: every session played is closed but the director has not
  published: the results await the director's check and publication (a
  closed session no longer changes from the tables);
* ``correcting``: the results were published, then a session was reopened
  (and is still open) or a line changed after publication: provisional
  again until the director publishes again;
* ``final``: published, and nothing has changed since.
"""

from __future__ import annotations

from django.utils import timezone

from tournaments.models import Event, ResultChange, Session

LIVE = "live"
CLOSED = "closed"
CORRECTING = "correcting"
FINAL = "final"


def publication_state(event: Event) -> str:
    """The event's state: ``live``, ``closed``, ``correcting`` or ``final``."""
    sessions = list(event.sessions.values_list("status", "reopened_at"))
    statuses = {status for status, _reopened in sessions}
    playing = Session.Status.PLAYING in statuses
    if not event.published:
        closed = Session.Status.CLOSED in statuses and not playing
        return CLOSED if closed else LIVE
    published = event.published_at
    reopened = any(
        status == Session.Status.PLAYING
        and at is not None
        and (published is None or at > published)
        for status, at in sessions
    )
    if reopened or _changed_since(event):
        return CORRECTING
    return FINAL


def _changed_since(event: Event) -> bool:
    """A line of the event changed after the director last published (an
    event published before publication times were kept: never)."""
    if event.published_at is None:
        return False
    return ResultChange.objects.filter(
        section__session__event=event, at__gt=event.published_at
    ).exists()


def event_publish(event: Event) -> Event:
    """Publish the event's results as final, from now."""
    event.published = True
    event.published_at = timezone.now()
    event.save(update_fields=["published", "published_at"])
    return event
