"""Where an event's results stand for the public pages' notice.

* ``live``: sessions are being played; the results are provisional and the
  pages update by themselves;
* ``closed``: every session played is closed but the director has not
  published: the results await the director's check and publication (a
  closed session no longer changes from the tables);
* ``correcting``: the results were published, then a session was reopened
  or a line changed after publication: provisional again;
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
    statuses = set(event.sessions.values_list("status", flat=True))
    playing = Session.Status.PLAYING in statuses
    if not event.published:
        closed = Session.Status.CLOSED in statuses and not playing
        return CLOSED if closed else LIVE
    if playing or _changed_since(event):
        return CORRECTING
    return FINAL


def _changed_since(event: Event) -> bool:
    """A line of the event changed after the director last published."""
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
