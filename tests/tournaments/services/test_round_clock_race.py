"""Two directors pressing "Start" at once on a clock never started: the
clock's row is locked while it is read and written, so one starts the round
and the other is told the clock already runs (a 409), never a second start
nor a server error; and the first start makes one row, whoever wins."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection, connections

from tournaments.models import RoundClock, SectionChange, Session
from tournaments.services.entry import StateConflict
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.round_clock import START, ClockChange, clock_change

DIRECTORS = 4


@pytest.mark.django_db(transaction=True)
def test_starts_at_once_start_the_clock_once():
    """On PostgreSQL (SQLite's in-memory test database locks tables without
    waiting; the server's file takes BEGIN IMMEDIATE, which serialises)."""
    if connection.vendor == "sqlite":
        pytest.skip("in-memory SQLite: run on PostgreSQL (scripts/test.sh)")
    event = event_create(name="Clock race", date=dt.date(2026, 11, 25))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status="playing")
    start = threading.Barrier(DIRECTORS)
    refused: list[str] = []
    failures: list[BaseException] = []

    def director() -> None:
        try:
            start.wait()
            clock_change(section, ClockChange(START))
        except StateConflict as conflict:
            refused.append(conflict.messages[0])
        except BaseException as error:
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=director) for _ in range(DIRECTORS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert refused == ["The clock is already running: pause it or add time."] * (
        DIRECTORS - 1
    )
    clock = RoundClock.objects.get(section=section)
    assert (clock.round, clock.length, clock.paused_left) == (1, 900, None)
    assert SectionChange.objects.filter(section=section).count() == 1
