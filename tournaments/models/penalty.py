"""Procedural penalties (Law 90) the director gives a pair in a session.

A penalty is never deleted: withdrawing it stamps who and when, so the
section page keeps the whole record (given, then withdrawn) for the director.
Only the penalties in force (``withdrawn_at`` empty) are applied when the
section is scored (``scoring.penalties``).
"""

from __future__ import annotations

from decimal import Decimal

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.fields import cascade_link, user_link
from tournaments.models.play import Pair

# The largest amount of each unit: a whole top at most for "% of a top",
# 100 IMPs, and 999.99 MP (more than any pair scores in a session).
MAX_AMOUNT = {
    "mp": Decimal("999.99"),
    "top_pct": Decimal("100"),
    "imps": Decimal("100"),
}


class PenaltyQuerySet(models.QuerySet):
    def in_force(self) -> PenaltyQuerySet:
        """The penalties not withdrawn."""
        return self.filter(withdrawn_at__isnull=True)


class Penalty(models.Model):
    """A fine on a pair (so on its section and session), with its reason."""

    class Unit(models.TextChoices):
        MP = "mp", _("matchpoints")
        TOP_PCT = "top_pct", _("% of a top")
        IMPS = "imps", _("IMPs")

    pair = cascade_link(Pair, "penalties")
    unit = models.CharField(_("unit"), max_length=8, choices=Unit.choices)
    amount = models.DecimalField(_("amount"), max_digits=5, decimal_places=2)
    reason = models.CharField(_("reason"), max_length=200)
    given_by = user_link()
    given_at = models.DateTimeField(_("given"), auto_now_add=True)
    withdrawn_by = user_link()
    withdrawn_at = models.DateTimeField(_("withdrawn"), null=True, blank=True)

    objects = PenaltyQuerySet.as_manager()

    class Meta:
        ordering = ["given_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(unit__in=["mp", "top_pct", "imps"]),
                name="penalty_unit_known",
            ),
            models.CheckConstraint(
                condition=Q(amount__gt=0)
                & (
                    Q(unit="mp", amount__lte=MAX_AMOUNT["mp"])
                    | Q(unit="top_pct", amount__lte=MAX_AMOUNT["top_pct"])
                    | Q(unit="imps", amount__lte=MAX_AMOUNT["imps"])
                ),
                name="penalty_amount_bounded",
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="penalty_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.pair.label}: {self.amount} {self.get_unit_display()}"

    @property
    def in_force(self) -> bool:
        return self.withdrawn_at is None
