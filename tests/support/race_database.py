"""Races between requests in threads, on the suite's database of either engine.

The suite's SQLite test database lives in memory, in shared-cache mode: its
connections lock whole tables and fail at once ("database table is locked")
instead of queueing for the write lock as the server's database file does
(``BEGIN IMMEDIATE`` and a busy timeout, ``config/settings.py``).  A race
played there says nothing about the room.  :func:`on_file_database` copies
the test database into a file and points every new connection at it, so the
threads of a race meet the file's locks; on PostgreSQL it changes nothing.

The caller's own connection still reads the in-memory copy: what a race
does is read and checked in threads too (:func:`in_thread`).
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from django.db import connection, connections
from django.test import Client

T = TypeVar("T")


@contextlib.contextmanager
def on_file_database(folder: Path) -> Iterator[None]:
    """New connections open a file copy of the SQLite test database (nothing
    changes on PostgreSQL); the test's connection keeps the in-memory one."""
    if connection.vendor != "sqlite":
        yield
        return
    path = folder / "race.sqlite3"
    connection.ensure_connection()
    with contextlib.closing(sqlite3.connect(path)) as copy:
        connection.connection.backup(copy)
    settings = connections.settings[connection.alias]
    name = settings["NAME"]
    settings["NAME"] = str(path)
    try:
        yield
    finally:
        settings["NAME"] = name


def in_thread(work: Callable[[], T]) -> T:
    """``work``'s value, run in a new thread with its own connection (closed
    after), its exception raised here."""
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = work()
        except BaseException as error:  # raised again below
            outcome["error"] = error
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def at_once(*calls: Callable[[], T]) -> list[T]:
    """Run every call in its own thread, released together by a barrier; their
    values in order (an exception is raised once all threads are done)."""
    barrier = threading.Barrier(len(calls))
    outcomes: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            outcomes[index] = ("value", calls[index]())
        except BaseException as error:  # raised again below
            outcomes[index] = ("error", error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for kind, value in outcomes:
        if kind == "error":
            raise value
    return [value for _kind, value in outcomes]


def api_client() -> Client:
    """A test client that answers a server error with a 500 (as a real
    server does) instead of raising the view's exception."""
    return Client(raise_request_exception=False)
