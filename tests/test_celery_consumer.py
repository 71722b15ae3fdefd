"""The worker's consumer (``config.celery.Consumer``), without a broker.

- A lost broker is tried again every ``DONNE_BROKER_RETRY_SECONDS``, never
  with Celery's back-off, which grows to 30 s (after a 60 s Redis outage the
  worker came back up to 16 s late).
- Each time it connects it queues every stale section, even one stored
  within the sweep's grace period: the lines of an outage are scored within
  seconds of the broker's return, not at beat's next sweep.

The real outage is played in ``scripts/stack_check.sh`` (its fault phase).
"""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.utils import timezone
from kombu import Connection
from kombu.exceptions import OperationalError

from config.celery import Consumer, app, catch_up
from tests.tournaments.conftest import mitchell_section
from tournaments.models import SectionScoring
from tournaments.services.events import event_create


def test_the_worker_runs_the_consumer_that_reconnects_quickly() -> None:
    assert app.conf.worker_consumer == "config.celery:Consumer"
    assert app.conf.worker_send_task_events is False


def test_a_refused_connection_is_tried_again_every_few_seconds(settings) -> None:
    settings.DONNE_BROKER_RETRY_SECONDS = 0.2
    consumer = Consumer.__new__(Consumer)  # ensure_connected reads only these:
    consumer.app = app
    consumer.first_connection_attempt = False
    consumer.broker_connection_retry_attempt = 0
    # Nothing listens on port 1.
    connection = Connection("redis://127.0.0.1:1/0", connect_timeout=0.5)
    waits = []
    real = connection.ensure_connection

    def ensure(errback=None, max_retries=None, **options):
        def counted(exc, interval):
            waits.append(interval)
            errback(exc, interval)

        return real(counted, 3, **options)

    connection.ensure_connection = ensure
    with pytest.raises(OperationalError):
        consumer.ensure_connected(connection)
    assert waits and max(waits) <= 0.2


@pytest.mark.django_db
def test_connecting_queues_every_stale_section_at_once(settings) -> None:
    settings.DONNE_SWEEP_GRACE_SECONDS = 10
    event = event_create(name="Outage", date=dt.date(2026, 11, 28))
    section = mitchell_section(event.sessions.get())
    now = timezone.now()
    SectionScoring.objects.update_or_create(
        section=section, defaults={"stale_since": now, "queued_at": now}
    )
    # (Closing the old connections, as the worker does first, would end the
    # test's own transaction.)
    with (
        mock.patch("django.db.close_old_connections") as closed,
        mock.patch("tournaments.services.rescoring.queue_rescore") as queued,
    ):
        catch_up()
    closed.assert_called_once_with()
    queued.assert_called_once_with(section.pk)


@pytest.mark.django_db
def test_a_failed_catch_up_leaves_the_worker_running(caplog) -> None:
    with mock.patch(
        "tournaments.services.rescoring.sweep", side_effect=RuntimeError("db down")
    ):
        catch_up()  # logged, not raised: beat's sweep catches up later
    assert "Could not queue the stale sections" in caplog.text
