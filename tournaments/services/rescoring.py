"""Durable rescoring: no stored line is ever left unscored for long.

Every write that changes what a section's scores depend on calls
``section_changed`` inside its own transaction: it inserts a
``ScoringRequest`` (the line's board, or the whole section), bumps the
section's ``changes`` counter and marks the section stale in that same
transaction (its ``SectionScoring`` row), so the request and the mark commit
exactly when the write does.  Once it commits the rescore is queued; a broker
that cannot be reached is logged, never an error for the user (the line is
stored, the sweep catches up).

Requests are coalesced: while a rescore is queued and not started
(``pending``), a committing write queues nothing more, the queued run will
read it.  A run clears ``pending`` first, then reads the requests present and
recomputes only the boards they name (``rescore.rescore_requested``), so at
most one run waits per section whatever the number of tablets, and the
writes that land during a run are folded into the next one.

``rescore`` (the ``scoring.score_section`` task) reads the counter just
after the requests and clears the stale mark only if the counter has not
moved since and no request is left (a compare-and-set), so a write landing
during a rescore leaves the section stale and it is scored again; a rescore
that raises leaves it stale too, its requests still there.

``sweep`` queues every section still stale after a grace period: Celery beat
runs it on a schedule, each worker on start, the ``sweep_stale`` command on
demand, and in the embedded (eager) mode each rescore queued after a write.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from functools import partial

from celery import Task, current_app
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Exists, F, Q
from django.utils import timezone
from kombu.exceptions import OperationalError as KombuOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from tournaments.models import ScoringRequest, Section, SectionScoring
from tournaments.services.push import SCORES, sections_pushed

logger = logging.getLogger(__name__)

# What sending a task raises when the broker cannot be reached.
# The scoring task's registered name (``tournaments.tasks.score_section``).
SCORE_SECTION = "scoring.score_section"

BROKER_ERRORS = (
    KombuOperationalError,
    RedisConnectionError,
    RedisTimeoutError,
    ConnectionError,
    TimeoutError,
    OSError,
)


def section_changed(section_id: int, board_id: int | None = None) -> None:
    """Ask for the rescore of a board (``board_id``) or of the whole section,
    mark the section stale now and queue its rescore once the write commits.

    A transaction writing many lines of a section (an import, a whole
    traveller) sends one rescore: each line's callback knows the counter
    value its write reached, and once one rescore is queued after that value
    committed, the later callbacks have nothing to add.
    """
    reached = _request_and_mark(section_id, board_id)
    transaction.on_commit(partial(_queue_after_write, section_id, reached))


def _request_and_mark(section_id: int, board_id: int | None) -> int:
    """Insert the write's ``ScoringRequest`` and mark the section stale
    (:func:`_mark_stale`); the counter reached.

    One statement on PostgreSQL, the request's INSERT in a ``WITH`` (run
    whether or not the upsert reads it); two on SQLite, which has no
    INSERT in a ``WITH``.
    """
    if connection.vendor != "postgresql":
        ScoringRequest.objects.create(section_id=section_id, board_id=board_id)
        return _mark_stale(section_id)
    requests = connection.ops.quote_name(ScoringRequest._meta.db_table)
    request = (
        f"WITH request AS (INSERT INTO {requests} (section_id, board_id) "
        "VALUES (%s, %s)) "
    )
    return _mark_stale(section_id, request, [section_id, board_id])


def _mark_stale(
    section_id: int, first: str = "", first_params: list[object] | None = None
) -> int:
    """Bump the counter and mark the section stale (since now if it was not),
    creating its row on the section's first write; the counter reached.

    One statement (an upsert returning the counter, SQLite and PostgreSQL
    alike): two concurrent first writes are decided by the primary key, the
    second one bumping the row the first created.  ``first`` is SQL run in
    the same statement before it (a ``WITH``), with ``first_params``.
    """
    table = connection.ops.quote_name(SectionScoring._meta.db_table)
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(
            f"{first}INSERT INTO {table} "
            "(section_id, changes, stale_since, queued_at, queued_changes, pending) "
            "VALUES (%s, 1, %s, NULL, 0, %s) "
            "ON CONFLICT (section_id) DO UPDATE SET "
            f"changes = {table}.changes + 1, "
            f"stale_since = COALESCE({table}.stale_since, excluded.stale_since) "
            "RETURNING changes",
            [*(first_params or []), section_id, now, False],
        )
        return cursor.fetchone()[0]


def _queue_after_write(section_id: int, reached: int) -> None:
    """Queue the section; run eagerly (embedded), also retry the stale others."""
    queue_rescore(section_id, reached)
    if _eager():
        sweep()


def _eager() -> bool:
    return bool(celery_task(SCORE_SECTION).app.conf.task_always_eager)


def celery_task(name: str) -> Task:
    """The Celery task registered as ``name``.

    Services send work by the task's name: the task modules (``tournaments.tasks``
    and a game's own) sit above the services they call, and are registered
    when the app is ready (``TournamentsConfig.ready``), in the web process as
    in the worker.
    """
    return current_app.tasks[name]


def queue_rescore(section_id: int, reached: int | None = None) -> bool:
    """Send the section's rescore to the workers; False when not sent.

    With ``reached`` (the counter value a committed write reached), nothing
    is sent if a rescore was queued since that write committed, or is queued
    and not started (``pending``): either will read the write.  The time is
    recorded first, so the sweep leaves a just-queued section alone for the
    grace period.  Any failure to enqueue (broker down, or the rescore itself
    raising when tasks run eagerly) is logged and swallowed: the section stays
    stale and the sweep queues it again.
    """
    queued = SectionScoring.objects.filter(section_id=section_id)
    if reached is not None:
        queued = queued.filter(queued_changes__lt=reached, pending=False)
    marked = queued.update(
        queued_at=timezone.now(), queued_changes=F("changes"), pending=True
    )
    if not marked:
        return False
    try:
        celery_task(SCORE_SECTION).apply_async((section_id,), {"queued": True})
    except Exception:
        logger.exception("Could not queue the rescore of section %s", section_id)
        SectionScoring.objects.filter(section_id=section_id).update(pending=False)
        return False
    return True


def rescore(section_id: int, *, queued: bool = False) -> dict[str, int]:
    """Rescore what the requests of the section's field ask for; clear the
    stale mark of each section of it where no write came in meanwhile and no
    request is left (the section itself: ``fresh``).

    ``pending`` is cleared before anything is read: a write committing from
    then on queues the next run, one committing before is read by this one.
    ``queued``: sent after a write (``queue_rescore``), so with no request
    left there is nothing to do.
    """
    from tournaments.rescore import rescore_requested

    SectionScoring.objects.filter(section_id=section_id, pending=True).update(
        pending=False
    )
    try:
        outcome = dict(rescore_requested(section_id, queued=queued))
    except Section.DoesNotExist:
        if Section.objects.filter(pk=section_id).exists():
            raise  # another section missing: not this one deleted
        return {"section": section_id, "lines": 0, "pairs": 0, "fresh": 0}
    read = outcome.pop("changes")
    events = outcome.pop("events")
    outcome["fresh"] = 1  # never written through section_changed: never stale
    for scored, count in read.items():
        left = ScoringRequest.objects.filter(section_id=scored)
        fresh = (
            SectionScoring.objects.filter(section_id=scored, changes=count)
            .exclude(Exists(left))
            .update(stale_since=None, queued_at=None)
        )
        if scored == section_id:
            outcome["fresh"] = fresh
    sections_pushed(read, SCORES, events)
    return outcome


def due_sections(now: datetime | None = None) -> list[int]:
    """The stale sections to queue again: stale, and not queued lately."""
    grace = timedelta(seconds=settings.DONNE_SWEEP_GRACE_SECONDS)
    before = (now or timezone.now()) - grace
    due = SectionScoring.objects.filter(stale_since__lte=before).filter(
        Q(queued_at__isnull=True) | Q(queued_at__lte=before)
    )
    return list(due.order_by("stale_since").values_list("section_id", flat=True))


def sweep(now: datetime | None = None) -> list[int]:
    """Queue the rescore of every section due (``due_sections``); their ids."""
    due = due_sections(now)
    for section_id in due:
        queue_rescore(section_id)
    if due:
        logger.info("Sweep queued the rescore of sections %s", due)
    return due


def send_task(name: str, *args: object) -> bool:
    """Send the task registered as ``name`` to the workers; False (logged)
    when the broker is down.

    For the tasks no sweep retries: the caller records the failure where a
    person will see it.
    """
    try:
        celery_task(name).apply_async(args)
    except BROKER_ERRORS:
        logger.exception("Could not queue %s%r", name, args)
        return False
    return True
