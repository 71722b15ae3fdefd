"""A section's round clock: how long the round lasts and when it ends.

One row a section, made when the director first starts the clock.  The
clock runs while ``ends_at`` is set: the pages count down to it by
themselves.  Paused, ``ends_at`` is empty and ``paused_left`` keeps the
seconds that were left.  Neither set: stopped (never started).  A running
clock whose ``ends_at`` has passed is the end of the round: stopped, and
the pages show the move.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Section
from tournaments.models.fields import user_link

# Seven and a half minutes a board, the usual club pace.
SECONDS_A_BOARD = 450


class RoundClock(models.Model):
    """The clock of one section's rounds (the director's, seen by every screen)."""

    section = models.OneToOneField(
        Section, on_delete=models.CASCADE, related_name="clock"
    )
    round = models.PositiveSmallIntegerField(_("round"), default=1)
    length = models.PositiveIntegerField(_("round length (seconds)"))
    ends_at = models.DateTimeField(_("ends at"), null=True, blank=True)
    paused_left = models.PositiveIntegerField(
        _("seconds left when paused"), null=True, blank=True
    )
    changed_by = user_link()
    changed_at = models.DateTimeField(_("changed at"), auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_at__isnull=True)
                | models.Q(paused_left__isnull=True),
                name="round_clock_running_or_paused",
            ),
            models.CheckConstraint(
                condition=models.Q(round__gte=1), name="round_clock_round_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section}: round {self.round}"
