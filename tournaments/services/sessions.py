"""Open and close sessions."""

from __future__ import annotations

from django.utils import timezone

from tournaments.models import Session


def session_close(session: Session) -> None:
    """Close a session: its travellers can no longer change."""
    session.status = Session.Status.CLOSED
    session.save(update_fields=["status"])


def session_reopen(session: Session) -> None:
    """Reopen a closed session for corrections (published results say they
    are provisional again, ``services.publication``)."""
    session.status = Session.Status.PLAYING
    session.reopened_at = timezone.now()
    session.save(update_fields=["status", "reopened_at"])
