"""Open and close sessions."""

from __future__ import annotations

from tournaments.models import Session


def session_close(session: Session) -> None:
    """Close a session: its travellers can no longer change."""
    session.status = Session.Status.CLOSED
    session.save(update_fields=["status"])


def session_reopen(session: Session) -> None:
    """Reopen a closed session for corrections."""
    session.status = Session.Status.PLAYING
    session.save(update_fields=["status"])
