"""Table tokens: what a tablet holds after signing in with its table's code.

A token is signed with the project's secret and expires; it names one table
of one section and the sign-in it comes from (a ``TabletGrant`` row, with
the grant's random key), so a tablet can read and write only there, and only
while that grant is live: the session closing, a new code for the table, a
sign-out or the director's "sign out all tablets" revoke the grant, and the
token dies with it (``tournaments.services.tablet_grants``).

A token is accepted (``table_for_token``) when its signature holds and it
is under 8 hours old, its grant exists with the same key and is not
revoked, the grant's table is still in the section the token names, and
the event's table (the same table number and section letter in every round
and session of the event, ``tournaments.services.event_tables``) plays in a
session being played: the token then stands for the table there, so one
sign-in serves the whole event, each round and session in turn.  Tokens of
a closed session are dead at once and stay dead if the director reopens it:
closing revoked their grants (unless the event goes on in another session),
and a grant made before the last reopening is refused there as well.
Tokens of the old shape (no grant) are refused.

An accepted token marks its grant seen (``seen``): at most one write a minute
a grant, never one a request, so the console can tell each table's last
contact.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

from django.core import signing
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.models import Session, Table, TabletGrant
from tournaments.services.event_tables import next_session_to_come, table_now

TOKEN_SALT = "donne.table-token"
# A club session lasts about four hours; a token outlives it comfortably.
TOKEN_MAX_AGE = 8 * 60 * 60
# How stale a grant's ``last_seen`` may get before a request writes it again.
SEEN_EVERY = dt.timedelta(minutes=1)


@dataclass(frozen=True)
class TableToken:
    """What a token's signature vouches for: the table, its section, the
    grant and the grant's key (still to be checked against the database)."""

    table_id: int
    section_id: int
    grant_id: int
    key: str


class TokenRefused(Exception):
    """The token signs nobody in; ``str()`` is what the tablet reads."""


class TableWaiting(TokenRefused):
    """The token is live but its table plays nowhere until the event's next
    session starts: the tablet keeps it and waits (nothing is revoked)."""

    def __init__(self, message: str, event_id: int) -> None:
        super().__init__(message)
        self.event_id = event_id


def key_hash(key: str) -> str:
    """The SHA-256 of a grant's key, as stored (never the key itself)."""
    return hashlib.sha256(key.encode()).hexdigest()


def issue_table_token(
    table: Table,
    *,
    via: str = TabletGrant.Via.API,
    device: str = "",
    address: str = "",
) -> str:
    """A new grant for ``table`` and the signed token that carries it.

    The table's row is locked and its code checked first: a sign-in racing
    the director's new code for the table either comes before it (and its
    grant is revoked with the others) or finds the code changed
    (``TokenRefused``), never a live grant for the old code.
    """
    key = secrets.token_urlsafe(24)
    with transaction.atomic():
        same_code = Table.objects.select_for_update().filter(
            pk=table.pk, code=table.code
        )
        if not list(same_code.values_list("pk", flat=True)):
            raise TokenRefused(refusal_text(TabletGrant.Why.NEW_CODE))
        grant = TabletGrant.objects.create(
            table=table,
            key_hash=key_hash(key),
            via=via,
            device=device[:80],
            address=address[:45],
        )
    return signing.dumps(
        {"table": table.pk, "section": table.section_id, "grant": grant.pk, "key": key},
        salt=TOKEN_SALT,
    )


def read_table_token(token: str, *, max_age: int = TOKEN_MAX_AGE) -> TableToken | None:
    """What a token says, or None when it is forged, mangled, expired or of
    the old shape without a grant.  Whether its grant is live is for
    ``table_for_token``."""
    try:
        data = signing.loads(token, salt=TOKEN_SALT, max_age=max_age)
    except signing.BadSignature:
        return None
    try:
        key = data["key"]
        read = TableToken(
            int(data["table"]), int(data["section"]), int(data["grant"]), key
        )
    except (KeyError, TypeError, ValueError):
        return None
    return read if isinstance(key, str) and key else None


def table_for_token(token: str) -> tuple[Table, TabletGrant]:
    """Where a live token's table plays now (the event's table, see
    ``services.event_tables``), and its grant; ``TokenRefused`` saying why
    otherwise (a revoked grant says what revoked it), ``TableWaiting``
    between two sessions of its event."""
    read = read_table_token(token)
    if read is None:
        raise TokenRefused(_invalid())
    grant = (
        TabletGrant.objects.select_related("table__section__session__event")
        .filter(pk=read.grant_id, key_hash=key_hash(read.key))
        .first()
    )
    if grant is None or grant.table_id != read.table_id:
        raise TokenRefused(_invalid())
    table = grant.table
    session = table.section.session
    if grant.revoked_at is not None:
        raise TokenRefused(refusal_text(grant.revoked_why))
    if table.section_id != read.section_id:
        raise TokenRefused(
            _("This tablet is signed out (its table has moved): sign in again.")
        )
    now = table_now(table, grant.created_at)
    if now is not None:
        seen(grant)
        return now, grant
    if next_session_to_come(table):
        raise TableWaiting(
            _(
                "The next session has not started yet: this tablet moves on to "
                "it by itself, with no new sign-in."
            ),
            session.event_id,
        )
    reopened = session.reopened_at
    if session.status == Session.Status.CLOSED or (
        reopened is not None and grant.created_at < reopened
    ):
        raise TokenRefused(refusal_text(TabletGrant.Why.SESSION_CLOSED))
    raise TokenRefused(
        _("This tablet is signed out (the session is not being played): sign in again.")
    )


def seen(grant: TabletGrant) -> None:
    """Mark the grant seen now, unless it was within the last minute: one
    ``UPDATE`` a minute a tablet however often it asks.  The update is
    conditional, so two requests at once write it once."""
    now = timezone.now()
    if grant.last_seen is not None and now - grant.last_seen < SEEN_EVERY:
        return
    stale = TabletGrant.objects.filter(pk=grant.pk).filter(
        models.Q(last_seen__isnull=True) | models.Q(last_seen__lt=now - SEEN_EVERY)
    )
    stale.update(last_seen=now)
    grant.last_seen = now


def _invalid() -> str:
    return _(
        "This tablet is signed out (its token is invalid or expired): sign in again."
    )


def refusal_text(why: str) -> str:
    """What a tablet whose grant was revoked reads: why, and to sign in again."""
    reasons = {
        TabletGrant.Why.SIGNED_OUT: _("This tablet is signed out: sign in again."),
        TabletGrant.Why.SESSION_CLOSED: _(
            "This tablet is signed out (the session is closed): sign in again."
        ),
        TabletGrant.Why.NEW_CODE: _(
            "This tablet is signed out (the table has a new code): sign in again "
            "with the new code."
        ),
        TabletGrant.Why.DIRECTOR: _(
            "This tablet is signed out (by the director): sign in again."
        ),
    }
    return reasons.get(why, reasons[TabletGrant.Why.SIGNED_OUT])
