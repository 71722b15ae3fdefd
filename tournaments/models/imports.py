"""A file import run in the background: a large results file, with its progress."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Event
from tournaments.models.fields import loose_link, user_link
from tournaments.models.jobs import Job, JobStatus, status_field


class ImportJob(Job):
    """One uploaded file being imported by the ``imports.run_job`` task.

    The upload's bytes are kept in the row (``data``) until the job ends: a
    BinaryField needs no MEDIA_ROOT, no storage to clean up and no file shared
    between the web and the worker's machines, and uploads are capped at
    10 MB.  ``sha256`` stays, so that the same file sent again finds its job
    rather than importing the event twice.  ``faults`` holds the first 100
    faults of a failed import, ``fault_count`` how many there were.
    """

    class Kind(models.TextChoices):
        RESULTS = "results", _("results file")

    Status = JobStatus

    created_by = user_link(verbose_name=_("sent by"))
    created = models.DateTimeField(_("sent"), auto_now_add=True)
    file_name = models.CharField(_("file name"), max_length=255, blank=True)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices)
    name = models.CharField(_("event name"), max_length=160, blank=True)
    status = status_field(Status)
    done = models.PositiveIntegerField(_("lines stored"), default=0)
    total = models.PositiveIntegerField(_("lines to store"), default=0)
    event = loose_link(Event, verbose_name=_("event"))
    faults = models.JSONField(_("faults"), default=list, blank=True)
    fault_count = models.PositiveIntegerField(_("faults found"), default=0)
    sha256 = models.CharField(_("SHA-256 of the file"), max_length=64, db_index=True)
    confirm_incomplete = models.BooleanField(
        _("imported even if it looks cut off"), default=False
    )
    data = models.BinaryField(_("file"), blank=True, default=b"")

    class Meta(Job.Meta):
        constraints = [
            # One live job per file: two uploads of it at once cannot both import.
            models.UniqueConstraint(
                fields=["kind", "sha256"],
                condition=models.Q(status__in=["queued", "running", "done"]),
                name="one_live_import_job_per_file",
            )
        ]
        verbose_name = _("import job")
        verbose_name_plural = _("import jobs")

    def __str__(self) -> str:
        return f"{self.file_name} ({self.status})"
