"""A big event's results workbook, built by a Celery task and kept (issue 21).

A workbook of 52,000 lines takes many seconds to build: longer than a web
request should hold a worker (gunicorn's timeout made it an HTTP 500).  An
event of more lines than ``DONNE_EXCEL_TASK_LINES`` has its workbook built
by the ``exports.build_workbook`` task into this row, one row an event and
language (headers and sheet titles are in the reader's language), and the
download URL serves it once built (``exporters.workbook_builds``).

The bytes live in the row (``data``), as an import's upload does: no
MEDIA_ROOT, no file shared between the web's and the worker's machines,
gone with the event, saved by the database backup.  ``stamp`` is the
fingerprint of the event's results the file was built from: a file whose
stamp is not the event's current one is stale and never served.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Event
from tournaments.models.fields import cascade_link
from tournaments.models.jobs import Job, JobStatus, status_field


class EventWorkbook(Job):
    """An event's workbook in one language: queued, building, built or failed."""

    Status = JobStatus

    event = cascade_link(Event, "workbooks")
    language = models.CharField(_("language"), max_length=8)
    created = models.DateTimeField(_("asked"), auto_now_add=True)
    status = status_field(Status)
    stamp = models.CharField(_("results fingerprint"), max_length=64, blank=True)
    started = models.DateTimeField(_("started"), null=True, blank=True)
    progress = models.PositiveSmallIntegerField(_("progress (%)"), default=0)
    fault = models.CharField(_("fault"), max_length=200, blank=True)
    data = models.BinaryField(_("file"), blank=True, default=b"")

    class Meta(Job.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["event", "language"], name="one_workbook_per_language"
            )
        ]
        verbose_name = _("event workbook")
        verbose_name_plural = _("event workbooks")

    def __str__(self) -> str:
        return f"{self.event_id} {self.language} ({self.status})"
