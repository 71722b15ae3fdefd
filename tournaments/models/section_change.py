"""The audit trail of a running section's changes: late pairs, withdrawals,
the arrow switch.  A traveller line's changes are ``ResultChange`` s; these
change the movement itself, so they have a log of their own that the
director reads on the section page."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Section
from tournaments.models.fields import cascade_link, user_link


class SectionChange(models.Model):
    """Who changed a running section's movement, when, from what to what."""

    class Action(models.TextChoices):
        LATE_PAIR = "late-pair", _("late pair joined")
        WITHDRAW = "withdraw", _("pair withdrew")
        ARROW_SWITCH = "arrow-switch", _("arrow switch changed")
        ABSENT = "absent", _("pair absent, opponents awarded")
        CLOCK = "clock", _("round clock changed")

    section = cascade_link(Section, "section_changes")
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    pair = models.CharField(_("pair"), max_length=8, blank=True)
    round = models.PositiveSmallIntegerField(_("from round"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    user = user_link()
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["section", "at", "id"]

    def __str__(self) -> str:
        return f"{self.section}: {self.get_action_display()} {self.pair}".strip()
