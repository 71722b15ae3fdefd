"""What the background jobs share: a status a page polls, and when it changed.

An import, a results mailing and a double-dummy analysis are each run by a
Celery task while the director's page refreshes on the row: each names its
own statuses' words and its own ``created`` field, the rest is here.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


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
