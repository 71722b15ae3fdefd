"""Open and close sessions."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tournaments.models import Event, Session
from tournaments.services.tablet_grants import revoke_session


def session_close(session: Session) -> None:
    """Close a session: its travellers can no longer change, and every tablet
    signed in to it is signed out (reopening it signs none back in)."""
    session.status = Session.Status.CLOSED
    with transaction.atomic():
        session.save(update_fields=["status"])
        revoke_session(session)


def session_reopen(session: Session) -> None:
    """Reopen a closed session for corrections (published results say they
    are provisional again, ``services.publication``)."""
    session.status = Session.Status.PLAYING
    session.reopened_at = timezone.now()
    session.save(update_fields=["status", "reopened_at"])


def event_session_add(event: Event) -> Session:
    """Add the event's next session, numbered after its last one."""
    number = (event.sessions.order_by("-number").first().number or 0) + 1
    return Session.objects.create(event=event, number=number)
