"""The same results file sent twice makes one event: its SHA-256 per club.

An imported event keeps the digest of the file it came from
(``Event.file_sha256``).  The event claims it as soon as it is created, in
the import's transaction, and the database's unique constraint (one event
per club and digest) decides: a second upload of the same bytes by the same
club, even at the same moment, is rolled back and answered with the first
event.  Once that event is deleted the file may come again.  An event of
no club (a site administrator's import of a file naming none) has no
constraint to lean on: the earlier one is looked up instead.
"""

from __future__ import annotations

import hashlib

from django.db import IntegrityError, transaction

from tournaments.models import Event


class AlreadyImported(Exception):
    """The file was already imported by this club: ``event`` is what it made."""

    def __init__(self, event: Event) -> None:
        super().__init__(f"already imported as event {event.pk}")
        self.event = event


def file_digest(data: bytes) -> str:
    """The file's SHA-256, as stored on its event."""
    return hashlib.sha256(data).hexdigest()


def claim_file(event: Event, digest: str) -> None:
    """Mark the new ``event`` as made from the file of ``digest``, or raise
    ``AlreadyImported`` with the club's earlier event from it (the caller's
    transaction is then to be rolled back).  Inside the import's transaction."""
    if not digest:
        return
    try:
        with transaction.atomic():
            Event.objects.filter(pk=event.pk).update(file_sha256=digest)
    except IntegrityError:
        earlier = _earlier(event, digest)
        if earlier is None:
            raise
        raise AlreadyImported(earlier) from None
    if event.club_id is None:
        earlier = _earlier(event, digest)
        if earlier is not None:
            raise AlreadyImported(earlier)
    event.file_sha256 = digest


def _earlier(event: Event, digest: str) -> Event | None:
    return (
        Event.objects.filter(club_id=event.club_id, file_sha256=digest)
        .exclude(pk=event.pk)
        .order_by("pk")
        .first()
    )
