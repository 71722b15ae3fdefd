"""Tablet grants: each sign-in of a table's tablet, so its token can be revoked.

A table token (``tournaments.services.tokens``) is signed, but a signature alone cannot
be taken back: the token would live its whole 8 hours through a closed
session, a sign-out or a new table code.  Each sign-in therefore stores a
grant, and the token names the grant and carries its random key (only the
key's SHA-256 is stored, so a copy of the database signs nobody in).  A
token is accepted only while its grant has no ``revoked_at``; revoking is one
``UPDATE`` of that column (``tournaments.services.tablet_grants``), and the
row stays as the record of who signed in, from where, and why it ended.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.fields import cascade_link, user_link
from tournaments.models.play import Table


class TabletGrant(models.Model):
    """One sign-in of a tablet at a table: live until ``revoked_at``."""

    class Via(models.TextChoices):
        TERMINAL = "terminal", _("Table terminal")
        API = "api", _("API")

    class Why(models.TextChoices):
        SIGNED_OUT = "signed-out", _("Signed out at the tablet")
        SESSION_CLOSED = "session-closed", _("Session closed")
        NEW_CODE = "new-code", _("New table code")
        DIRECTOR = "director", _("Signed out by the director")

    table = cascade_link(Table, "tablet_grants", verbose_name=_("table"))
    key_hash = models.CharField(_("key (SHA-256)"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("signed in at"), default=timezone.now)
    via = models.CharField(_("signed in from"), max_length=12, choices=Via.choices)
    device = models.CharField(_("device"), max_length=80, blank=True)
    address = models.CharField(_("address"), max_length=45, blank=True)
    revoked_at = models.DateTimeField(_("signed out at"), null=True, blank=True)
    revoked_why = models.CharField(
        _("why signed out"), max_length=16, choices=Why.choices, blank=True
    )
    revoked_by = user_link(verbose_name=_("signed out by"))
    # The last request seen from this sign-in, kept to the minute
    # (``tokens.seen``): the console's "last contact" of a table's tablet.
    last_seen = models.DateTimeField(_("last seen at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tablet sign-in")
        verbose_name_plural = _("tablet sign-ins")
        indexes = [
            models.Index(fields=["table", "revoked_at"], name="tablet_grant_live"),
        ]

    def __str__(self) -> str:
        return f"{self.table} ({self.via}, {self.created_at:%Y-%m-%d %H:%M})"
