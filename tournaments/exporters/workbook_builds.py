"""A big event's results workbook, built by a task while its URL says how far.

``/events/{id}/results.xlsx`` builds a small event's workbook in the request,
as it always did.  An event of more traveller lines than
``settings.DONNE_EXCEL_TASK_LINES`` (default 20,000) has it built by the
``exports.build_workbook`` Celery task into an ``EventWorkbook`` row instead:
the URL answers 202 (a JSON body, or a page that refreshes itself) while the
task runs, then serves the stored file.

A stored file is served only while it is the event's current results: its
``stamp`` (``workbook_stamp``: the lines' latest change and count, the
sections' latest scoring and pending rescores, the changes counted by the
rescoring and the audit trail, and every row the file shows besides the
lines, ``shown_rows``: names, players, deals...) must be the one the event
has now, else it is built again.  The stamp is taken before the task reads
the results, so a line stored while it builds makes its file stale.  The
broker down, the row says so and the page tells the reader (never a 500); in
the embedded default (eager tasks) the task runs in the request and the
first answer is the file.  A build left running longer than the task's time
limit lost its worker: the next request starts it again.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import timedelta

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q, Sum
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.exporters.shown_rows import shown_rows
from tournaments.exporters.workbook.book import SHEET_PROGRESS
from tournaments.models import Event, EventWorkbook, Result, ResultChange, Section
from tournaments.registry import event_game
from tournaments.services.rescoring import send_task

logger = logging.getLogger(__name__)

Status = EventWorkbook.Status
# A build running longer than the task's hard time limit lost its worker.
LOST_AFTER = timedelta(minutes=11)
RETRY_AFTER = timedelta(minutes=1)
BROKER_DOWN = "broker"


@dataclass(frozen=True)
class WorkbookState:
    """Where an event's big workbook stands for a reader: ``data`` once built
    (the bytes to serve), else building (with ``progress``, 0-100) or
    ``fault`` (the task queue is down, or the build failed)."""

    data: bytes | None = None
    progress: int = 0
    fault: str = ""

    @property
    def building(self) -> bool:
        return self.data is None and not self.fault


def built_by_task(event: Event) -> bool:
    """Whether the event's workbook is big enough to be built by the task."""
    lines = Result.objects.filter(board__section__session__event=event).count()
    return lines > settings.DONNE_EXCEL_TASK_LINES


def workbook_stamp(event: Event) -> str:
    """The fingerprint of what the event's workbook shows: it changes with
    any line, score, pending rescore, audited change, and any row of
    ``shown_rows`` (the event's name and settings, pairs' names, players,
    deals; a teams event's teams and matches)."""
    lines = Result.objects.filter(board__section__session__event=event).aggregate(
        latest=Max("updated"), count=Count("id")
    )
    sections = Section.objects.filter(session__event=event).aggregate(
        count=Count("id"),
        scored=Max("scored"),
        stale=Count("id", filter=Q(scoring__stale_since__isnull=False)),
        changes=Sum("scoring__changes"),
    )
    audited = ResultChange.objects.filter(section__session__event=event).aggregate(
        last=Max("id")
    )
    parts = (
        lines["latest"], lines["count"], sections["count"], sections["scored"],
        sections["stale"], sections["changes"], audited["last"], event.name,
        event.kind, shown_rows(event),
    )  # fmt: skip
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()


def workbook_wanted(event: Event, language: str) -> WorkbookState:
    """The event's workbook in ``language``: served when built from the
    current results, else (re)started and reported as building."""
    stamp = workbook_stamp(event)
    row = _row(event, language)
    if row.stamp == stamp and row.status == Status.DONE:
        return WorkbookState(data=bytes(row.data), progress=100)
    if row.stamp == stamp and _alive(row):
        return WorkbookState(progress=row.progress)
    if _failed_lately(row, stamp):
        return WorkbookState(fault=_("The workbook could not be built."))
    restarted = EventWorkbook.objects.filter(pk=row.pk, updated=row.updated).update(
        status=Status.QUEUED, stamp=stamp, progress=0, fault="", data=b"",
        started=None, updated=timezone.now(),
    )  # fmt: skip
    if restarted and not send_task("exports.build_workbook", row.pk, stamp):
        EventWorkbook.objects.filter(pk=row.pk, stamp=stamp).update(
            status=Status.FAILED, fault=BROKER_DOWN
        )
        return WorkbookState(fault=broker_down())
    row.refresh_from_db()  # eager mode: the task has run already
    if row.stamp == stamp and row.status == Status.DONE:
        return WorkbookState(data=bytes(row.data), progress=100)
    if row.status == Status.FAILED and row.fault == BROKER_DOWN:
        return WorkbookState(fault=broker_down())
    return WorkbookState(progress=row.progress)


def broker_down() -> str:
    """What the reader is told when the task queue cannot take the build."""
    return _(
        "The workbook of this big event is built in the background, but the "
        "task queue is not answering: try again in a minute."
    )


def _row(event: Event, language: str) -> EventWorkbook:
    """The event's row for this language, created when first asked."""
    rows = EventWorkbook.objects.defer("data")
    row = rows.filter(event=event, language=language).first()
    if row is not None:
        return row
    try:
        with transaction.atomic():
            return EventWorkbook.objects.create(
                event=event, language=language, status=Status.FAILED
            )
    except IntegrityError:  # asked twice at once
        return rows.get(event=event, language=language)


def _failed_lately(row: EventWorkbook, stamp: str) -> bool:
    """The build of these results failed less than a minute ago (not for
    the broker): told as is, tried again after a minute."""
    return (
        row.stamp == stamp
        and row.status == Status.FAILED
        and row.fault != BROKER_DOWN
        and row.updated >= timezone.now() - RETRY_AFTER
    )


def _alive(row: EventWorkbook) -> bool:
    """Queued or running, and not lost with its worker."""
    if row.status not in (Status.QUEUED, Status.RUNNING):
        return False
    return row.updated >= timezone.now() - LOST_AFTER


def workbook_build_run(row_id: int, stamp: str) -> str:
    """Build the row's workbook for the results ``stamp`` names (the task's
    body); returns the row's final status.  A row restarted meanwhile for a
    newer stamp is left to its own task."""
    claimed = EventWorkbook.objects.filter(
        pk=row_id, stamp=stamp, status=Status.QUEUED
    ).update(status=Status.RUNNING, started=timezone.now(), updated=timezone.now())
    if not claimed:
        return "skipped"
    row = EventWorkbook.objects.defer("data").select_related("event").get(pk=row_id)
    event = row.event
    shown = [0]

    def progress(done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if percent >= shown[0] + 10:
            shown[0] = percent
            EventWorkbook.objects.filter(pk=row_id, stamp=stamp).update(
                progress=min(percent, 99), updated=timezone.now()
            )

    token = SHEET_PROGRESS.set(progress)
    try:
        with translation.override(row.language):
            data = event_game(event).workbook(event)
    except SoftTimeLimitExceeded:
        return _failed(row_id, stamp, "time limit")
    except Exception:
        logger.exception("workbook of event %s not built", event.pk)
        return _failed(row_id, stamp, "error")
    finally:
        SHEET_PROGRESS.reset(token)
    EventWorkbook.objects.filter(pk=row_id, stamp=stamp).update(
        status=Status.DONE, data=data, progress=100, updated=timezone.now()
    )
    return Status.DONE


def _failed(row_id: int, stamp: str, fault: str) -> str:
    EventWorkbook.objects.filter(pk=row_id, stamp=stamp).update(
        status=Status.FAILED, fault=fault, updated=timezone.now()
    )
    return Status.FAILED
