"""A room of tablets entering their round at once, against a real server.

For each room size (20, 50, 100 and 200 tablets by default, ``--tablets 100``
for one) the script builds a fresh event being played (``manage.py
bench_section``: Mitchell sections of at most 25 tables, 3 boards a round),
signs every tablet in with its table's printed code, has each read the
movement and the stored lines to find its current round, then releases them
together (a barrier): each tablet, a thread, submits every board of its
round with an idempotency key, as the terminal does.  It prints
submissions/s, the p50/p99 latency, the errors by HTTP status, the rows
stored against the rows sent (read from the database afterwards), and the
seconds from the last answer until the public rankings API counts every
line and says no rescore is due (``stale`` false: current, the worker
done).  The baseline, in the same process, is one tablet entering the same
number of lines one after the other on another fresh event: the ratio is the
room's throughput over that sequential one.

The push latency: before the room plays, every tablet opens its push
stream (``/push/``, server-sent events, as the terminal page does) and each
section a console's stream; the figures are the time from a save being
sent to the section's console hearing of it (p50/p99), and from the
server publishing it to the console hearing it, with the saves the console
never heard of (none expected).  The server is the one ``serve.sh`` and
``stack.sh`` run: gunicorn with the ASGI worker (``config.asgi``), one
process in the embedded default (its in-process channel reaches only its
own streams), 4 on the production stack (Redis pub/sub between them).

``--stack embedded`` (the default) runs Donne as a club runs it without a
server room: a SQLite file (in a temporary folder) and eager Celery, so each
request rescores its section before answering; served as ``serve.sh``
serves it: one gunicorn process, Django's views in its threads.
``--stack postgres`` starts a throwaway PostgreSQL 15 cluster (port 55436),
Redis (port 6396), a Celery worker and gunicorn (4 processes), all on
127.0.0.1, and stops them at the end.

    .venv/bin/python bench/live.py --stack embedded --tablets 100
    .venv/bin/python bench/live.py --stack postgres --tablets 200
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import signal
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import stack
from bench.push_clients import Consoles, StreamClient
from bench.tablets import Reply, Tablet, call, sign_in

SIZES = (20, 50, 100, 200)
HTTP_PORTS = (18100, 18199)
POSTGRES_PORT = 55436
REDIS_PORT = 6396
RANKING_TIMEOUT = 600.0
STREAM_TIMEOUT = 60.0
HEAR_TIMEOUT = 30.0
TOKENS = (
    "import json; from tournaments.live.topics import section_topic, topic_token; "
    "print(json.dumps({{s: topic_token([section_topic(s)]) for s in {sections}}}))"
)
COUNT_LINES = (
    "from tournaments.models import Result; "
    "print(Result.objects.filter(board__section__session__event={event}).count())"
)


@dataclass
class Room:
    """A fresh event with its tablets signed in and their current round read."""

    event: int
    rounds: list[tuple[Tablet, list[dict[str, Any]]]]

    @property
    def lines(self) -> int:
        return sum(len(lines) for _, lines in self.rounds)


@dataclass
class Figures:
    """What one room size measured."""

    tablets: int
    sent: int
    stored: int
    statuses: Counter[int]
    seconds: float
    latencies: list[float]
    ranking_seconds: float | None
    sequential_rate: float
    streams: int = 0
    heard: list[float] | None = None
    delivered: list[float] | None = None
    unheard: int = 0

    @property
    def rate(self) -> float:
        return self.sent / self.seconds

    def percentile(self, share: float, figures: list[float] | None = None) -> float:
        ordered = sorted(self.latencies if figures is None else figures)
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@contextlib.contextmanager
def embedded(folder: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """SQLite file, eager Celery, gunicorn with 4 workers."""
    env = stack.django_env(f"sqlite:///{folder / 'donne.sqlite3'}")
    stack.manage(["migrate", "--noinput", "-v0"], env)
    port = stack.free_port(*HTTP_PORTS)
    with stack.gunicorn(env, port, folder / "gunicorn.log", 1, asgi=True) as base:
        yield base, env


@contextlib.contextmanager
def postgres(folder: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """PostgreSQL, Redis, a Celery worker and gunicorn with 4 workers."""
    stack.free_port(POSTGRES_PORT, POSTGRES_PORT)  # fail early if taken
    stack.free_port(REDIS_PORT, REDIS_PORT)
    with (
        stack.postgres(POSTGRES_PORT) as database_url,
        stack.redis(REDIS_PORT, folder) as redis_url,
    ):
        env = stack.django_env(database_url, redis_url)
        stack.manage(["migrate", "--noinput", "-v0"], env)
        port = stack.free_port(*HTTP_PORTS)
        with (
            stack.celery_worker(env, folder / "celery.log"),
            stack.gunicorn(env, port, folder / "gunicorn.log", asgi=True) as base,
        ):
            yield base, env


def open_room(base: str, env: dict[str, str], tables: int) -> Room:
    """A new published event of ``tables`` tables, each tablet ready to enter."""
    made = json.loads(
        stack.manage(["bench_section", "--tables", str(tables), "--published"], env)
    )
    tablets = [
        sign_in(base, code)
        for section in made["sections"]
        for code in section["codes"].values()
    ]
    return Room(made["event"], [(tablet, tablet.current_round()) for tablet in tablets])


def play_at_once(room: Room) -> tuple[list[Reply], float, list[list[float]]]:
    """Every tablet enters its round, all released together; the wall time,
    and when each tablet sent each of its lines (``time.time()``)."""
    replies: list[list[Reply]] = [[] for _ in room.rounds]
    sent: list[list[float]] = [[] for _ in room.rounds]
    started: list[float] = []
    barrier = threading.Barrier(
        len(room.rounds), action=lambda: started.append(time.perf_counter())
    )

    def play(index: int) -> None:
        tablet, lines = room.rounds[index]
        barrier.wait(timeout=120)
        for line in lines:
            sent[index].append(time.time())
            replies[index].append(tablet.submit(line))

    threads = [threading.Thread(target=play, args=(i,)) for i in range(len(replies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=1800)
    finished = time.perf_counter()
    answers = [reply for tablet in replies for reply in tablet]
    return answers, finished - started[0], sent


def open_streams(
    base: str, env: dict[str, str], room: Room
) -> tuple[Consoles, list[StreamClient]]:
    """A console's stream for each section (in a process of its own) and
    each tablet's own, all open."""
    sections = sorted({tablet.section for tablet, _ in room.rounds})
    out = stack.manage(["shell", "-c", TOKENS.format(sections=sections)], env)
    tokens = json.loads(out.strip().splitlines()[-1])
    path = {int(s): f"/push/?{urlencode({'t': token})}" for s, token in tokens.items()}
    consoles = Consoles(base, {section: path[section] for section in sections})
    tablets = [StreamClient(base, path[tablet.section]) for tablet, _ in room.rounds]
    for client in tablets:
        client.start()
    for client in tablets:
        if not client.ready.wait(STREAM_TIMEOUT) or client.failed:
            raise RuntimeError(f"a push stream did not open: {client.failed}")
    return consoles, tablets


def push_figures(
    room: Room, listening: Consoles, sent: list[list[float]]
) -> tuple[list[float], list[float], int]:
    """For each line sent, the seconds until its section's console heard of
    it (the k-th change naming the table answers its k-th line), and from
    the server's publishing to the console; how many were never heard."""
    expected = {
        (tablet.section, tablet.table): len(times)
        for (tablet, _), times in zip(room.rounds, sent, strict=True)
    }
    consoles = listening.heard(expected, HEAR_TIMEOUT)
    heard, delivered, unheard = [], [], 0
    for (tablet, _), times in zip(room.rounds, sent, strict=True):
        changes = consoles[tablet.section].table_changes(tablet.table)
        for index, at in enumerate(times):
            if index >= len(changes):
                unheard += 1
                continue
            heard.append(changes[index].at - at)
            version = changes[index].message["version"] / 1000
            delivered.append(changes[index].at - version)
    return heard, delivered, unheard


def play_in_turn(room: Room) -> float:
    """One client enters every line one after the other; lines per second."""
    started = time.perf_counter()
    for tablet, lines in room.rounds:
        for line in lines:
            reply = tablet.submit(line)
            if reply.status != 201:
                raise RuntimeError(f"sequential entry: {reply.status} {reply.body}")
    return room.lines / (time.perf_counter() - started)


def ranked_lines(base: str, event: int) -> tuple[int, bool]:
    """How many lines the public rankings count (boards of the NS pairs), and
    whether a rescore is still due (``stale``)."""
    reply = call(base, "GET", f"/api/events/{event}/rankings/")
    if reply.status != 200:
        raise RuntimeError(f"rankings: {reply.status} {reply.body}")
    counted = sum(
        entry["boards"]
        for ranking in reply.body
        if ranking.get("direction", "NS") == "NS"
        for entry in ranking["entries"]
    )
    return counted, any(ranking.get("stale") for ranking in reply.body)


def wait_for_ranking(base: str, event: int, lines: int) -> float | None:
    """Seconds until the rankings count ``lines`` lines and no rescore is due
    (the ranking is current, the worker has nothing left for the event);
    None past the timeout."""
    started = time.perf_counter()
    while time.perf_counter() - started < RANKING_TIMEOUT:
        counted, stale = ranked_lines(base, event)
        if counted >= lines and not stale:
            return time.perf_counter() - started
        time.sleep(0.1)
    return None


def measure(base: str, env: dict[str, str], tablets: int) -> Figures:
    """One room size: the room at once, then the sequential baseline."""
    room = open_room(base, env, tablets)
    consoles, streams = open_streams(base, env, room)
    replies, seconds, sent = play_at_once(room)
    heard, delivered, unheard = push_figures(room, consoles, sent)
    statuses = Counter(reply.status for reply in replies)
    ranking = wait_for_ranking(base, room.event, statuses[201] + statuses[200])
    out = stack.manage(["shell", "-c", COUNT_LINES.format(event=room.event)], env)
    stored = int(out.strip().splitlines()[-1])
    sequential = play_in_turn(open_room(base, env, tablets))
    return Figures(
        tablets=tablets,
        sent=room.lines,
        stored=stored,
        statuses=statuses,
        seconds=seconds,
        latencies=[reply.seconds for reply in replies],
        ranking_seconds=ranking,
        sequential_rate=sequential,
        streams=len(streams) + len({tablet.section for tablet, _ in room.rounds}),
        heard=heard,
        delivered=delivered,
        unheard=unheard,
    )


HEADER = (
    "| tablets | lines sent | rows stored | answers by status | submissions/s "
    "| p50 ms | p99 ms | ranking current after s | sequential/s | ratio |\n"
    "|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|"
)


PUSH_HEADER = (
    "| tablets | push streams open | saves heard by the console | not heard "
    "| save sent → console p50 ms | p99 ms | published → console p50 ms | p99 ms |\n"
    "|---:|---:|---:|---:|---:|---:|---:|---:|"
)


def push_row(figures: Figures) -> str:
    heard, delivered = figures.heard or [], figures.delivered or []
    return (
        f"| {figures.tablets} | {figures.streams} | {len(heard)} | {figures.unheard} "
        f"| {1000 * figures.percentile(0.50, heard):.0f} "
        f"| {1000 * figures.percentile(0.99, heard):.0f} "
        f"| {1000 * figures.percentile(0.50, delivered):.0f} "
        f"| {1000 * figures.percentile(0.99, delivered):.0f} |"
    )


def row(figures: Figures) -> str:
    statuses = ", ".join(
        f"{status or 'no answer'}: {count}"
        for status, count in sorted(figures.statuses.items())
    )
    ranking = (
        f"{figures.ranking_seconds:.1f}"
        if figures.ranking_seconds is not None
        else f"> {RANKING_TIMEOUT:.0f}"
    )
    return (
        f"| {figures.tablets} | {figures.sent} | {figures.stored} | {statuses} "
        f"| {figures.rate:.1f} | {1000 * figures.percentile(0.50):.0f} "
        f"| {1000 * figures.percentile(0.99):.0f} | {ranking} "
        f"| {figures.sequential_rate:.1f} "
        f"| {figures.rate / figures.sequential_rate:.2f} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stack", choices=["embedded", "postgres"], default="embedded")
    parser.add_argument(
        "--tablets", type=int, action="append", help="room size (repeatable)"
    )
    args = parser.parse_args(argv)
    # A terminated bench still stops the servers it started (``finally`` runs).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sizes = args.tablets or list(SIZES)
    print(
        f"Donne live bench, stack {args.stack}: {platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} cores, "
        f"gunicorn ASGI worker x{1 if args.stack == 'embedded' else 4} "
        "(Django in 8 threads each), 3 boards a round"
    )
    failed = False
    with tempfile.TemporaryDirectory(prefix="donne-live-") as name:
        folder = Path(name)
        start = embedded if args.stack == "embedded" else postgres
        with start(folder) as (base, env):
            print(HEADER, flush=True)
            measured = []
            for tablets in sizes:
                figures = measure(base, env, tablets)
                measured.append(figures)
                print(row(figures), flush=True)
                errors = figures.sent - figures.statuses[201]
                failed |= errors > 0 or figures.stored != figures.sent
                failed |= figures.unheard > 0
            print("\nPush latency (server-sent events)\n" + PUSH_HEADER)
            for figures in measured:
                print(push_row(figures), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
