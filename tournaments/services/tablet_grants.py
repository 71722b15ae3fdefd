"""Revoking tablets' sign-ins: the token of a revoked grant is refused.

Every revocation is one ``UPDATE ... SET revoked_at`` of the live grants it
names (``revoked_at IS NULL``), decided by the database: a grant is revoked
once, by the first who asks, and the row keeps when, why and by whom.  Each
is logged too.  What a token needs to be accepted is in ``tournaments.services.tokens``.
"""

from __future__ import annotations

import logging

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from tournaments.models import Section, Session, Table, TabletGrant
from tournaments.models.play import new_table_code
from tournaments.services.event_tables import event_table_rows

logger = logging.getLogger("donne.terminal")
Why = TabletGrant.Why


def _revoke(
    grants: QuerySet[TabletGrant],
    why: str,
    by: AbstractBaseUser | AnonymousUser | None = None,
) -> int:
    """Revoke the live ones of ``grants``; how many were revoked."""
    user = by if by is not None and by.is_authenticated else None
    return grants.filter(revoked_at__isnull=True).update(
        revoked_at=timezone.now(), revoked_why=why, revoked_by=user
    )


def revoke_grant(grant_id: int, table: Table) -> int:
    """A tablet signs itself out: its own grant at its own table (1, or 0
    when it was revoked already)."""
    count = _revoke(
        TabletGrant.objects.filter(pk=grant_id, table=table), Why.SIGNED_OUT
    )
    logger.info("tablet signed out: table %s (grant %s)", table.pk, grant_id)
    return count


def revoke_session(session: Session) -> int:
    """The session closes: every tablet of its sections is signed out, unless
    the event goes on in a session still open (being set up or played): the
    tablets of an event's table follow it there (``services.event_tables``),
    and are signed out when the event's last open session closes."""
    others = Session.objects.filter(event_id=session.event_id).exclude(pk=session.pk)
    if others.exclude(status=Session.Status.CLOSED).exists():
        logger.info("session %s closed: its tablets go on", session.pk)
        return 0
    count = _revoke(
        TabletGrant.objects.filter(table__section__session__event_id=session.event_id),
        Why.SESSION_CLOSED,
    )
    logger.info("session %s closed: %d tablets signed out", session.pk, count)
    return count


def revoke_section(
    section: Section, by: AbstractBaseUser | AnonymousUser | None
) -> int:
    """The director signs out every tablet of ``section``'s tables, wherever
    in the event they signed in (the event's tables of its letter)."""
    count = _revoke(
        TabletGrant.objects.filter(
            table__section__session__event_id=section.session.event_id,
            table__section__letter=section.letter,
        ),
        Why.DIRECTOR,
        by,
    )
    logger.info(
        "section %s: %d tablets signed out by %s", section.pk, count, by or "nobody"
    )
    return count


def give_new_code(
    table: Table, by: AbstractBaseUser | AnonymousUser | None = None
) -> tuple[str, int]:
    """A new sign-in code for ``table``'s event table (every round and
    session of it gets a new code: none of the old ones signs in again);
    every tablet signed in to it is signed out.  The code the table card
    prints now (its first row's) and how many tablets were signed out."""
    rows = list(event_table_rows(table).values_list("pk", flat=True)) or [table.pk]
    for _attempt in range(10):
        codes = {pk: new_table_code() for pk in rows}
        try:
            with transaction.atomic():
                updated = sum(
                    Table.objects.filter(pk=pk).update(code=code)
                    for pk, code in codes.items()
                )
                count = _revoke(
                    TabletGrant.objects.filter(table_id__in=rows), Why.NEW_CODE, by
                )
        except IntegrityError:
            continue
        if not updated:
            raise Table.DoesNotExist
        table.code = codes.get(table.pk, "")
        code = codes[rows[0]]
        logger.info(
            "table %s has a new code: %d tablets signed out by %s",
            table.pk,
            count,
            by or "nobody",
        )
        return code, count
    raise RuntimeError("no free table code after 10 tries")
