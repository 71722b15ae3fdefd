"""The Celery application, wired the standard Django way.

Settings prefixed ``CELERY_`` in ``config.settings`` configure it; tasks are
discovered in each installed app's ``tasks`` module (``tournaments.tasks``,
which imports its large file imports and results mailing tasks).

``Consumer`` is the worker's consumer (``CELERY_WORKER_CONSUMER``): it keeps
trying a lost broker every ``DONNE_BROKER_RETRY_SECONDS`` (Celery's back-off
grows to 30 s), and each time it connects (a worker starting, say after one
was killed, or the broker back) it queues every stale section at once, so
the lines stored meanwhile are scored within seconds rather than at the
next sweep of Celery beat (which waits ``DONNE_SWEEP_GRACE_SECONDS``).
"""

import functools
import logging
import os
from datetime import timedelta
from typing import Any

from celery import Celery
from celery.worker.consumer import Consumer as CeleryConsumer

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

logger = logging.getLogger(__name__)

# DjangoTask gives tasks delay_on_commit: enqueue once the transaction commits.
app = Celery("donne", task_cls="celery.contrib.django.task:DjangoTask")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


class Consumer(CeleryConsumer):
    """Celery's consumer, quick to reconnect and to catch up after."""

    def ensure_connected(self, conn: Any) -> Any:
        """Retry a refused connection every few seconds, never giving up."""
        from django.conf import settings

        step = settings.DONNE_BROKER_RETRY_SECONDS
        conn.ensure_connection = functools.partial(
            conn.ensure_connection,
            interval_start=min(1.0, step),
            interval_step=step,
            interval_max=step,
        )
        return super().ensure_connected(conn)

    def connect(self) -> Any:
        """The broker connection, then every stale section queued."""
        connection = super().connect()
        catch_up()
        return connection


def catch_up() -> None:
    """Queue the rescore of every stale section, with no grace period: the
    writes of an outage found no broker to queue their rescore on, and a
    killed worker's rescore stays unacknowledged until the visibility
    timeout.  A rescore queued twice only costs a second run."""
    from django.conf import settings
    from django.db import close_old_connections
    from django.utils import timezone

    from tournaments.services.rescoring import sweep

    grace = timedelta(seconds=settings.DONNE_SWEEP_GRACE_SECONDS)
    try:
        close_old_connections()  # the database may have restarted meanwhile
        queued = sweep(now=timezone.now() + grace)
    except Exception:  # a worker must outlive a failed catch-up: beat sweeps
        logger.exception("Could not queue the stale sections after reconnecting")
        return
    logger.info("Connected: queued the rescore of stale sections %s", queued)
