"""What the background jobs share: a status a page polls, and when it changed.

An import, a results mailing and a double-dummy analysis are each run by a
Celery task while the director's page refreshes on the row: each has its
own ``created`` field, and ``JobStatus`` unless its words are its own (a
mailing is "sending"), the rest is here.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.fields import choice_field

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class JobStatus(models.TextChoices):
    """A job's statuses, in the words its page shows."""

    QUEUED = QUEUED, _("queued")
    RUNNING = RUNNING, _("running")
    DONE = DONE, _("done")
    FAILED = FAILED, _("failed")


def status_field(statuses: type[models.TextChoices]) -> models.CharField:
    """The job's status among ``statuses`` (``JobStatus``, or the same four
    values in a job's own words), queued first."""
    return choice_field(_("status"), statuses.QUEUED, max_length=8)


class Job(models.Model):
    """A background job: queued, running, then done or failed."""

    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        abstract = True
        ordering = ["-created"]

    @property
    def finished(self) -> bool:
        """Whether the job is done or failed: its page stops refreshing."""
        return self.status in (DONE, FAILED)

    @property
    def running(self) -> bool:
        """Still queued or running: the page keeps polling."""
        return self.status in (QUEUED, RUNNING)
