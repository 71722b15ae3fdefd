"""Results e-mailed to the players of a section, with the sending's progress."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Section
from tournaments.models.fields import cascade_link, user_link
from tournaments.models.jobs import Job, status_field


class MailJob(Job):
    """One sending of a section's results, by the ``mail.results`` task.

    ``total`` players have an e-mail address; each is mailed once: ``mailed``
    keeps the ids of the players already handled (sent or failed), so that
    a job sent again after its worker was lost (the sweep) resumes where it
    stopped rather than mailing anyone twice.  ``base_url`` is the address
    the scorecard links start with, fixed when the director sends.
    """

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("sending")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    section = cascade_link(Section, "mail_jobs", verbose_name=_("section"))
    created_by = user_link(verbose_name=_("sent by"))
    created = models.DateTimeField(_("created"), auto_now_add=True)
    status = status_field(Status)
    total = models.PositiveIntegerField(_("players to mail"), default=0)
    sent = models.PositiveIntegerField(_("mails sent"), default=0)
    failed = models.PositiveIntegerField(_("mails not sent"), default=0)
    error = models.TextField(_("error"), blank=True)
    mailed = models.JSONField(_("players handled"), default=list, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    base_url = models.CharField(_("address of the links"), max_length=200)
    language = models.CharField(_("language"), max_length=8, default="en")

    class Meta(Job.Meta):
        constraints = [
            # One sending at a time per section: a double click mails nobody twice.
            models.UniqueConstraint(
                fields=["section"],
                condition=models.Q(status__in=["queued", "running"]),
                name="one_live_mail_job_per_section",
            ),
            models.CheckConstraint(
                condition=models.Q(sent__lte=models.F("total"))
                & models.Q(failed__lte=models.F("total")),
                name="mail_job_counts_within_total",
            ),
        ]
        verbose_name = _("results mailing")
        verbose_name_plural = _("results mailings")

    def __str__(self) -> str:
        return f"{self.section}: {self.sent}/{self.total} ({self.status})"

    @property
    def percent(self) -> int:
        """How far the sending is, 0 to 100."""
        return round(100 * (self.sent + self.failed) / self.total) if self.total else 0
