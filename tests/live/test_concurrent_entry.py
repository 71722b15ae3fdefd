"""Tablets entering at once against a real server: gunicorn, 4 worker processes.

The test client runs one request at a time in one process, so it cannot see
what a room of tablets does to the write path.  These tests start gunicorn on
a throwaway database of the suite's engine (a copy of a migrated template,
``worker_database``: a SQLite file under tmp_path, or a fresh PostgreSQL
database on the suite's server, dropped at the end) and
send real HTTP requests from threads released together by a barrier.
"""

from __future__ import annotations

import json
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from worker_database import WorkerDatabase, fresh_database

from bench import stack
from bench.tablets import Reply, Tablet, sign_in

# The server reaches the database in a subprocess: marked so that the
# PostgreSQL run of scripts/test.sh plays the room on PostgreSQL too.
pytestmark = pytest.mark.database

COUNT_LINES = (
    "SELECT COUNT(*), COUNT(CASE WHEN r.disputed THEN 1 END) "
    "FROM tournaments_result r JOIN tournaments_board b ON b.id = r.board_id "
    "JOIN tournaments_section s ON s.id = b.section_id "
    "JOIN tournaments_session e ON e.id = s.session_id WHERE e.event_id = %s"
)


@pytest.fixture(scope="module")
def database(request, tmp_path_factory) -> Iterator[WorkerDatabase]:
    """A throwaway migrated database of the suite's engine (``worker_database``)."""
    with fresh_database(request, tmp_path_factory.mktemp("live")) as database:
        yield database


@pytest.fixture(scope="module")
def server(
    database, tmp_path_factory
) -> Iterator[tuple[str, dict[str, str], WorkerDatabase]]:
    """gunicorn with 4 workers on the throwaway database (eager scoring),
    the site imported once and forked (``--preload``, as ``serve.sh``)."""
    env = stack.django_env(database.url)
    log = Path(tmp_path_factory.mktemp("live-log")) / "gunicorn.log"
    port = stack.free_port(18100, 18199)
    with stack.gunicorn(env, port, log, preload=True) as base:
        yield base, env, database


def room(server, tables: int) -> tuple[int, list[Tablet]]:
    """A new event being played with ``tables`` tables, every tablet signed in."""
    base, env, _database = server
    made = json.loads(stack.manage(["bench_section", "--tables", str(tables)], env))
    tablets = [
        sign_in(base, code)
        for section in made["sections"]
        for code in section["codes"].values()
    ]
    return made["event"], tablets


def stored_lines(server, event: int) -> tuple[int, int]:
    """(lines stored, lines flagged disputed) of the event, read from the database."""
    _, _env, database = server
    count, disputed = database.execute(COUNT_LINES, (event,)).fetchone()
    return count, disputed


def at_once(calls: list[Callable[[], Reply]]) -> list[Reply]:
    """Run every call in its own thread, all released together."""
    barrier = threading.Barrier(len(calls))
    replies: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        barrier.wait(timeout=60)
        replies[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    return replies


def test_one_submission_sent_eight_times_at_once_is_stored_once(server):
    event, tablets = room(server, 3)
    tablet = tablets[0]
    line = tablet.current_round()[0]
    replies = at_once([lambda: tablet.submit(line)] * 8)
    statuses = Counter(reply.status for reply in replies)
    assert statuses == {201: 1, 200: 7}, [(r.status, r.body) for r in replies]
    assert len({reply.body["id"] for reply in replies}) == 1
    assert {reply.body["disputed"] for reply in replies} == {False}
    assert stored_lines(server, event) == (1, 0)


def test_eight_different_entries_of_one_board_store_one(server):
    event, tablets = room(server, 3)
    tablet = tablets[0]
    line = tablet.current_round()[0]
    entries = [
        line | {"contract": "3NT", "result": f"+{extra}" if extra else "=",
                "key": f"{line['key']}-{extra}"}
        for extra in range(4)
    ] + [
        line | {"contract": "4S", "result": f"-{down}", "key": f"{line['key']}-d{down}"}
        for down in range(1, 5)
    ]  # fmt: skip
    replies = at_once([lambda entry=entry: tablet.submit(entry) for entry in entries])
    statuses = Counter(reply.status for reply in replies)
    assert statuses[201] == 1, [(r.status, r.body) for r in replies]
    refused = [reply for reply in replies if reply.status != 201]
    assert all(400 <= reply.status < 500 for reply in refused), [
        (reply.status, reply.body) for reply in refused
    ]
    count, _ = stored_lines(server, event)
    assert count == 1


def test_fifty_tablets_at_once_store_every_line(server):
    event, tablets = room(server, 50)
    rounds = [(tablet, tablet.current_round()) for tablet in tablets]
    sent = sum(len(lines) for _, lines in rounds)
    assert sent == 150  # 3 boards a round at each of the 50 tables

    def play(tablet: Tablet, lines: list[dict[str, Any]]) -> Callable[[], Reply]:
        def submit_all() -> Reply:
            replies = [tablet.submit(line) for line in lines]
            return next((r for r in replies if r.status != 201), replies[-1])

        return submit_all

    replies = at_once([play(tablet, lines) for tablet, lines in rounds])
    failed = [(reply.status, reply.body) for reply in replies if reply.status != 201]
    assert failed == []
    assert stored_lines(server, event) == (sent, 0)
