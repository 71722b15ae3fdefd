"""Directors adding sections to one session at the same moment: each gets
its own letter (the session's row is locked while the letter is chosen),
never an IntegrityError on the letter and never a 500."""

from __future__ import annotations

import datetime as dt
import threading

import pytest
from django.db import connection, connections

from tournaments.models import Section
from tournaments.services.events import MovementChoice, event_create, pairs_section_add

ADDERS = 6


@pytest.mark.django_db(transaction=True)
def test_sections_added_at_once_take_different_letters():
    """On PostgreSQL (the second run of scripts/test.sh): SQLite's in-memory
    test database locks tables without waiting; the server's database file
    takes BEGIN IMMEDIATE's write lock, which serialises the same way."""
    if connection.vendor == "sqlite":
        pytest.skip("in-memory SQLite: run on PostgreSQL (scripts/test.sh)")
    event = event_create(name="Simultaneous", date=dt.date(2026, 11, 25))
    session = event.sessions.get()
    start = threading.Barrier(ADDERS)
    failures: list[BaseException] = []

    def adder(tables: int) -> None:
        try:
            start.wait()
            pairs_section_add(
                session=session,
                choice=MovementChoice("mitchell", tables, 1, even_tables="relay"),
            )
        except BaseException as error:
            failures.append(error)
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=adder, args=(tables,))
        for tables in range(45, 45 + ADDERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    letters = sorted(Section.objects.values_list("letter", flat=True))
    assert letters == list("ABCDEF")
    sizes = set(Section.objects.values_list("tables", flat=True))
    assert sizes == set(range(45, 45 + ADDERS))
