"""A double-dummy analysis of an event's deals, with the progress it has made."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Event
from tournaments.models.fields import cascade_link
from tournaments.models.jobs import Job, JobStatus, status_field


class Analysis(Job):
    """One run of the solver over an event's boards; the page polls its counts."""

    Status = JobStatus

    event = cascade_link(Event, "analyses")
    status = status_field(Status)
    total = models.PositiveIntegerField(_("deals to analyse"), default=0)
    done = models.PositiveIntegerField(_("deals analysed"), default=0)
    message = models.CharField(_("message"), max_length=300, blank=True)
    created = models.DateTimeField(_("started"), auto_now_add=True)

    class Meta(Job.Meta):
        ordering = ["-created", "-pk"]
        verbose_name = _("double-dummy analysis")
        verbose_name_plural = _("double-dummy analyses")

    def __str__(self) -> str:
        return f"{self.event}: {self.done}/{self.total} ({self.status})"

    @property
    def percent(self) -> int:
        """How far it has gone, 0 to 100."""
        return 100 if not self.total else round(100 * self.done / self.total)
