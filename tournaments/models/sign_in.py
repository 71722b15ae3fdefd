"""Wrong table codes typed at the tablets' sign-in, kept to lock a device out.

Why the database and not Django's cache: no ``CACHES`` is configured, so the
cache is the per-process local-memory cache, and the room is served by
gunicorn with several worker processes (``scripts/serve.sh``): a device's
wrong codes would be spread over the workers' caches and the lock would not
hold (nor could the director's console, served by another worker, see or
lift it).  A row per wrong code, in the one database every worker shares,
counts right, shows on the console, and keeps who lifted a lock and when.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.fields import loose_link, user_link
from tournaments.models.play import Table


class SignInFailure(models.Model):
    """One wrong code: from which device and address, when, and the table the
    device is taken to belong to (the last table it signed in to, or the table
    whose code the wrong one nearly is); ``lifted_at`` once the director lifts
    the lock, after which the row no longer counts."""

    at = models.DateTimeField(_("at"), default=timezone.now, db_index=True)
    device = models.CharField(_("device"), max_length=80)
    address = models.CharField(_("address"), max_length=45)
    code = models.CharField(_("code tried"), max_length=32, blank=True)
    table = loose_link(Table, verbose_name=_("table"))
    lifted_at = models.DateTimeField(_("lifted at"), null=True, blank=True)
    lifted_by = user_link(verbose_name=_("lifted by"))

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("wrong sign-in code")
        verbose_name_plural = _("wrong sign-in codes")
        indexes = [
            models.Index(fields=["device", "at"], name="signin_fail_device_at"),
            models.Index(fields=["address", "at"], name="signin_fail_address_at"),
        ]

    def __str__(self) -> str:
        return f"{self.code} ({self.device}, {self.address})"


class SignInTurn(models.Model):
    """A device's turn to have its code read while its address is flooded.

    Past the flood ceiling an address has one code read every
    ``sign_in_locks.TURN_SECONDS``: each device that never signed in takes
    the next free ``slot`` (a count of such periods since the epoch) and its
    code is read when that slot comes.  The database decides who has a slot:
    one row per address and slot, so two devices racing for the same one
    cannot both be read in it.  ``used_at`` once the code was read."""

    address = models.CharField(_("address"), max_length=45)
    slot = models.BigIntegerField(_("slot"))
    device = models.CharField(_("device"), max_length=80, db_index=True)
    taken_at = models.DateTimeField(_("taken at"), default=timezone.now)
    used_at = models.DateTimeField(_("used at"), null=True, blank=True)

    class Meta:
        ordering = ["address", "slot"]
        verbose_name = _("sign-in turn")
        verbose_name_plural = _("sign-in turns")
        constraints = [
            models.UniqueConstraint(
                fields=["address", "slot"], name="signin_turn_one_per_slot"
            )
        ]

    def __str__(self) -> str:
        return f"{self.address} #{self.slot} ({self.device})"
