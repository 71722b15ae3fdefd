"""Revoking tablets' sign-ins: the token of a revoked grant is refused.

Every revocation is one ``UPDATE ... SET revoked_at`` of the live grants it
names (``revoked_at IS NULL``), decided by the database: a grant is revoked
once, by the first who asks, and the row keeps when, why and by whom.  Each
is logged too.  What a token needs to be accepted is in ``tournaments.tokens``.
"""

from __future__ import annotations

import logging

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from tournaments.models import Section, Session, Table, TabletGrant
from tournaments.models.play import new_table_code

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
    """The session closes: every tablet of its sections is signed out."""
    count = _revoke(
        TabletGrant.objects.filter(table__section__session=session),
        Why.SESSION_CLOSED,
    )
    logger.info("session %s closed: %d tablets signed out", session.pk, count)
    return count


def revoke_section(
    section: Section, by: AbstractBaseUser | AnonymousUser | None
) -> int:
    """The director signs out every tablet of ``section``."""
    count = _revoke(
        TabletGrant.objects.filter(table__section=section), Why.DIRECTOR, by
    )
    logger.info(
        "section %s: %d tablets signed out by %s", section.pk, count, by or "nobody"
    )
    return count


def give_new_code(
    table: Table, by: AbstractBaseUser | AnonymousUser | None = None
) -> tuple[str, int]:
    """A new sign-in code for ``table``; every tablet signed in with the old
    one is signed out.  The new code and how many tablets were signed out."""
    for _attempt in range(10):
        code = new_table_code()
        try:
            with transaction.atomic():
                updated = Table.objects.filter(pk=table.pk).update(code=code)
                count = _revoke(
                    TabletGrant.objects.filter(table_id=table.pk), Why.NEW_CODE, by
                )
        except IntegrityError:
            continue
        if not updated:
            raise Table.DoesNotExist
        table.code = code
        logger.info(
            "table %s has a new code: %d tablets signed out by %s",
            table.pk,
            count,
            by or "nobody",
        )
        return code, count
    raise RuntimeError("no free table code after 10 tries")
