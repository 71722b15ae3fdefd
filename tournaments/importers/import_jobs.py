"""Large results files are imported by a Celery task, in short transactions.

A 9.5 MB PBN file takes minutes to store: in one request and one transaction
it would hold the embedded SQLite database (tablets could not sign in), the
browser would give up and a retry would import it twice.  Above
``JOB_THRESHOLD_BYTES`` the upload becomes an ``ImportJob``: the task reads
it, checks every line in memory (``services.bulk_lines``: a faulty file fails
before a line is stored), then stores the lines in bulk, ``BATCH_LINES`` a
transaction, counting the lines stored, so that the director's page and
``GET /api/import-jobs/{id}/`` follow it.  The same file sent again while
its job is queued, running or done gets that job back.  A job that fails
removes the event it had begun and keeps the first faults (see
``results_files.capped``).
"""

from __future__ import annotations

import hashlib
import logging
from datetime import datetime, timedelta
from functools import partial

from celery.exceptions import SoftTimeLimitExceeded
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import GameError
from tournaments.importers.event_store import (
    imported_event_create,
    imported_fault,
    imported_section_create,
)
from tournaments.importers.pbn import ImportedSession, parse_sessions
from tournaments.importers.results_files import (
    capped,
    checked_complete,
    every_fault,
    is_xml,
)
from tournaments.importers.usebio import ImportedTeams, read_usebio
from tournaments.models import Event, ImportJob, Result
from tournaments.registry import GAMES
from tournaments.services.background_jobs import live_or_new_job
from tournaments.services.bulk_lines import import_audit, lines_checked
from tournaments.services.rescoring import send_task

logger = logging.getLogger(__name__)

# The import task's registered name (``tournaments.tasks.imports.run_job``).
RUN_JOB = "imports.run_job"

JOB_THRESHOLD_BYTES = 256 * 1024  # larger results files are imported by a job
# Traveller lines stored in one transaction (a few bulk statements), the
# job's count moving on after each: a 52,000-line file moves it 11 times.
BATCH_LINES = 5000
ALREADY_SENT = gettext_lazy(
    "This file was already sent: here is its import, not a second one."
)
STARTED = gettext_lazy("The file is being imported: follow its job.")
WAITING = (ImportJob.Status.QUEUED, ImportJob.Status.RUNNING, ImportJob.Status.DONE)


def needs_job(data: bytes) -> bool:
    """Whether an upload is large enough to be imported in the background."""
    return len(data) > JOB_THRESHOLD_BYTES


def import_job_start(
    data: bytes,
    *,
    file_name: str,
    name: str | None = None,
    user: AbstractBaseUser | None = None,
    confirm_incomplete: bool = False,
) -> tuple[ImportJob, bool]:
    """The job importing this results file, and whether it is a new one.

    The same file (same SHA-256) already queued, running or imported gets
    its job back, not a second event (unless that event was deleted since);
    a new job is queued once this commits.  The job refuses a file that
    ends mid-table unless ``confirm_incomplete`` (``checked_complete``).
    """
    digest = hashlib.sha256(data).hexdigest()
    kind = ImportJob.Kind.RESULTS
    live = ImportJob.objects.filter(kind=kind, sha256=digest, status__in=WAITING)
    # A job whose event was deleted since lets the file come again.
    live.filter(status=ImportJob.Status.DONE, event__isnull=True).delete()
    create = partial(
        ImportJob.objects.create,
        created_by=user,
        file_name=_printable(file_name)[:255],
        kind=kind,
        name=(name or "")[:160],
        sha256=digest,
        data=data,
        confirm_incomplete=confirm_incomplete,
    )
    return live_or_new_job(live, create, partial(send_task, RUN_JOB))


def _printable(file_name: str) -> str:
    """The upload's name without control characters (PostgreSQL refuses NUL)."""
    return "".join(char for char in file_name if char.isprintable())


def import_job_run(job_id: int) -> str:
    """Run a queued job to its end: the event stored, or the job failed and
    nothing of it left.  Returns the job's final status."""
    claimed = ImportJob.objects.filter(
        pk=job_id, status=ImportJob.Status.QUEUED
    ).update(status=ImportJob.Status.RUNNING, updated=timezone.now())
    job = ImportJob.objects.get(pk=job_id)
    if not claimed:
        return job.status  # another worker has it, or it has ended
    try:
        _import(job, bytes(job.data))
    except (GameError, ValidationError) as error:
        _fail(job, every_fault(error))
    except SoftTimeLimitExceeded:
        _fail(job, [_("The import took too long and was stopped.")])
    except Exception:
        logger.exception("import job %s stopped", job_id)
        _fail(job, [_("The import stopped on an unexpected error.")])
    else:
        ImportJob.objects.filter(pk=job.pk).update(
            status=ImportJob.Status.DONE, data=b""
        )
    return ImportJob.objects.values_list("status", flat=True).get(pk=job_id)


def _import(job: ImportJob, data: bytes) -> None:
    """Read the file, then store it a batch of lines per transaction."""
    name = job.name or None
    if is_xml(data):
        imported = read_usebio(data, name=name)
        if isinstance(imported, ImportedTeams):
            _game_file(job, imported)
            return
        parts = imported
    else:
        parts = parse_sessions(data, name=name)
    checked_complete(parts, job.confirm_incomplete)
    _pairs(job, parts)


def _game_file(job: ImportJob, imported: ImportedTeams) -> None:
    """A file its game stores (a teams file, small by nature): one
    transaction, as a direct upload."""
    lines = imported.line_count
    _progress(job, total=lines)
    event = GAMES[imported.kind].imported_event_store(
        imported, user=job.created_by, file_name=job.file_name
    )
    ImportJob.objects.filter(pk=job.pk).update(event=event, done=lines)


def _pairs(job: ImportJob, parts: list[ImportedSession]) -> None:
    """Create the event, its sections, pairs and boards; check every line in
    memory (a faulty file fails the job and leaves nothing); then store the
    lines in bulk, ``BATCH_LINES`` a transaction, the job's count moving on
    after each; one audit entry for the file, each section rescored once."""
    _progress(job, total=sum(len(part.lines) for part in parts))
    user = job.created_by
    with transaction.atomic():
        event = imported_event_create(parts, user=user)
        sections = [
            imported_section_create(event, parts, part).lines(part, user)
            for part in parts
        ]
    job.event = event
    ImportJob.objects.filter(pk=job.pk).update(event=event)
    lines_checked(sections, imported_fault)
    for lines, _file_lines in sections:
        for start in range(0, len(lines.checked), BATCH_LINES):
            with transaction.atomic():
                stored = lines.store(start, start + BATCH_LINES)
            ImportJob.objects.filter(pk=job.pk).update(
                done=F("done") + stored, updated=timezone.now()
            )
    checked = [lines for lines, _file_lines in sections]
    import_audit(checked, file_name=job.file_name)


def _progress(job: ImportJob, *, total: int) -> None:
    ImportJob.objects.filter(pk=job.pk).update(total=total, done=0)


def _fail(job: ImportJob, faults: list[str]) -> None:
    """Remove what the job had stored and keep its first faults."""
    if job.event_id is not None:
        with transaction.atomic():
            # Lines first: a line protects its pairs from a cascade.
            Result.objects.filter(board__section__session__event=job.event_id).delete()
            Event.objects.filter(pk=job.event_id).delete()
    ImportJob.objects.filter(pk=job.pk).update(
        status=ImportJob.Status.FAILED,
        event=None,
        faults=capped(faults),
        fault_count=len(faults),
        data=b"",
    )


# A job still queued this long was never received (the broker was down when
# it was sent): it is sent again.  A running job silent for longer than the
# task's hard time limit has lost its worker: it is failed and cleaned up.
RESEND_QUEUED_AFTER = timedelta(minutes=1)
LOST_RUNNING_AFTER = timedelta(minutes=31)


def import_jobs_sweep(now: datetime | None = None) -> dict[str, list[int]]:
    """Send again the jobs never received; fail the ones whose worker died.

    Run with the rescoring sweep (beat and worker start).  Sending a job
    twice is harmless: only one run claims it.
    """
    now = now or timezone.now()
    queued = ImportJob.objects.filter(
        status=ImportJob.Status.QUEUED, updated__lt=now - RESEND_QUEUED_AFTER
    )
    resent = list(queued.values_list("pk", flat=True))
    for job_id in resent:
        if send_task(RUN_JOB, job_id):
            ImportJob.objects.filter(pk=job_id).update(updated=now)
    lost = ImportJob.objects.filter(
        status=ImportJob.Status.RUNNING, updated__lt=now - LOST_RUNNING_AFTER
    )
    failed = []
    for job in lost:
        _fail(job, [_("The import stopped: the worker running it was lost.")])
        failed.append(job.pk)
    return {"resent": resent, "failed": failed}
