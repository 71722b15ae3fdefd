"""Durable rescoring through faults, with a real Redis and real workers.

Each test runs its own throwaway ``redis-server`` (it stops and restarts it,
so it cannot share the one ``scripts/redis.sh`` starts) on a free loopback
port, or on ``DONNE_TEST_FAULT_REDIS_PORT``, its own workers, and a fresh
SQLite file (a copy of the migrated template, ``worker_database``):

- the broker stopped while lines are saved: they are stored, and once the
  broker is back the sweep (Celery beat, every ``DONNE_SWEEP_SECONDS``) has
  them all scored;
- a worker killed (SIGKILL) in the middle of a rescore: its task is neither
  acknowledged nor redelivered before the visibility timeout, and the next
  worker's start-up sweep has the section rescored within seconds;
- the broker answering the worker with error replies for a while (as a
  Redis stopping or loading does): the worker reconnects, never exits.

Skipped like ``test_celery_worker`` when ``DONNE_TEST_REDIS_URL`` is unset.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from worker_database import fresh_sqlite
from worker_scripts import enter_board_one

ROOT = Path(__file__).resolve().parents[1]
REDIS_URL = os.environ.get("DONNE_TEST_REDIS_URL", "")

if not REDIS_URL and os.environ.get("CI"):
    pytest.fail("CI must provide DONNE_TEST_REDIS_URL (scripts/redis.sh)")
pytestmark = pytest.mark.skipif(
    not REDIS_URL, reason="no Redis: run ./scripts/test.sh to start one"
)

# Board 1 of a 3-table Mitchell, each line in its own transaction, or all
# three at once (one rescore queued in all).
ENTER_BOARD_ONE = enter_board_one("Fault test", "2026-11-24", one_commit=False)
ENTER_BOARD_ONE_AT_ONCE = enter_board_one("Fault test", "2026-11-24", one_commit=True)
SCORED = [(420, 4.0, 0.0, 100.0), (140, 2.0, 2.0, 50.0), (-50, 0.0, 4.0, 0.0)]

# A worker whose rescores hang half-way (between loading the travellers and
# storing the scores), so the test can kill it mid-rescore.
SLOW_WORKER = """
import sys, time
from celery.signals import task_prerun

@task_prerun.connect
def slow_scorer(sender=None, **kwargs):
    if sender.name != "scoring.score_section":
        return
    from tournaments.rescore import pairs as pairs_rescore
    original = pairs_rescore.score_loaded

    def slow(*args, **kwargs):
        print("rescore half-way", flush=True)
        time.sleep(120)
        return original(*args, **kwargs)

    pairs_rescore.score_loaded = slow

from celery.__main__ import main
sys.argv = ["celery", *sys.argv[1:]]
sys.exit(main())
"""
WORKER_ARGS = ["-A", "config", "worker", "--pool=solo", "--loglevel=INFO",
               "--without-gossip", "--without-mingle",
               "--without-heartbeat"]  # fmt: skip


def run(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Broker:
    """A throwaway redis-server the test stops and starts again."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = int(os.environ.get("DONNE_TEST_FAULT_REDIS_PORT") or free_port())
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        subprocess.run(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.folder),
             "--daemonize", "yes", "--logfile", str(self.folder / "redis.log")],
            check=True,
        )  # fmt: skip
        for _ in range(100):
            if self.ping():
                return
            time.sleep(0.05)
        raise AssertionError("redis-server did not start")

    def ping(self) -> bool:
        done = subprocess.run(
            ["redis-cli", "-p", str(self.port), "ping"], capture_output=True, text=True
        )
        return done.stdout.strip() == "PONG"

    def cli(self, *args: str) -> str:
        return subprocess.run(
            ["redis-cli", "-p", str(self.port), *args],
            capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip

    def stop(self) -> None:
        subprocess.run(
            ["redis-cli", "-p", str(self.port), "shutdown", "nosave"],
            capture_output=True,
        )
        for _ in range(100):
            if not self.ping():
                return
            time.sleep(0.05)


@pytest.fixture
def broker(tmp_path) -> Iterator[Broker]:
    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server to stop and start")
    broker = Broker(tmp_path)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


@pytest.fixture
def fault_env(request, tmp_path, broker) -> dict[str, str]:
    """The environment of the test's processes: its own broker, and a copy of
    the migrated SQLite template (``worker_database``)."""
    env = {
        **os.environ,
        "DATABASE_URL": fresh_sqlite(request, tmp_path / "db.sqlite3"),
        "REDIS_URL": broker.url,
        "CELERY_QUEUE": f"faults-{uuid.uuid4().hex[:8]}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DONNE_SWEEP_SECONDS": "2",
        "DONNE_SWEEP_GRACE_SECONDS": "1",
    }
    env.pop("CELERY_TASK_ALWAYS_EAGER", None)
    return env


class Workers:
    """The worker processes a test starts; all are stopped at its end."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.started = folder, []

    def start(self, env: dict[str, str], name: str, *extra: str, slow: bool = False):
        log = (self.folder / f"{name}.log").open("w")
        head = ["-c", SLOW_WORKER] if slow else ["-m", "celery"]
        process = subprocess.Popen(
            [sys.executable, *head, *WORKER_ARGS, *extra],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.started.append((process, log))
        return process

    def log(self, name: str) -> str:
        return (self.folder / f"{name}.log").read_text()

    def stop_all(self) -> None:
        for process, log in self.started:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            log.close()


@pytest.fixture
def workers(tmp_path) -> Iterator[Workers]:
    started = Workers(tmp_path)
    try:
        yield started
    finally:
        started.stop_all()


def board_one(folder: Path) -> list[tuple]:
    database = sqlite3.connect(folder / "db.sqlite3")
    try:
        return database.execute(
            "SELECT score_ns, mp_ns, mp_ew, pct_ns FROM tournaments_result "
            "ORDER BY score_ns DESC"
        ).fetchall()
    finally:
        database.close()


def stale_since(folder: Path, section: int) -> str | None:
    database = sqlite3.connect(folder / "db.sqlite3")
    try:
        return database.execute(
            "SELECT stale_since FROM tournaments_sectionscoring WHERE section_id = ?",
            (section,),
        ).fetchone()[0]
    finally:
        database.close()


def wait_scored(folder: Path, section: int, seconds: float) -> tuple[list, float]:
    """Board 1 once scored and the section fresh; and how long that took."""
    started = time.monotonic()
    rows: list = []
    while time.monotonic() - started < seconds:
        rows = board_one(folder)
        if rows == SCORED and stale_since(folder, section) is None:
            break
        time.sleep(0.2)
    return rows, time.monotonic() - started


def test_lines_saved_while_the_broker_is_down_are_scored_once_it_is_back(
    tmp_path, broker, fault_env, workers
):
    workers.start(fault_env, "worker", "-B", "--schedule", str(tmp_path / "beat"))
    broker.stop()

    started = time.monotonic()
    out = run([sys.executable, "manage.py", "shell", "-c", ENTER_BOARD_ONE], fault_env)
    saving = time.monotonic() - started
    section = int(out.split()[-1])
    assert board_one(tmp_path) == [(420, None, None, None), (140, None, None, None),
                                   (-50, None, None, None)]  # fmt: skip
    assert stale_since(tmp_path, section) is not None
    # Each save gave up on the stopped broker quickly, not after minutes.
    assert saving < 60, out
    saves = [float(line.split()[-1]) for line in out.splitlines() if "saved in" in line]
    assert len(saves) == 3 and max(saves) < 5, out

    broker.start()
    rows, took = wait_scored(tmp_path, section, 45)

    log = workers.log("worker")
    assert rows == SCORED, log
    assert stale_since(tmp_path, section) is None, log
    assert "scoring.sweep_stale" in log, log
    print(f"scored {took:.1f} s after the broker came back; saves took {saves} s")


def test_a_section_whose_worker_was_killed_mid_rescore_is_rescored(
    tmp_path, fault_env, workers
):
    script = ENTER_BOARD_ONE_AT_ONCE
    out = run([sys.executable, "manage.py", "shell", "-c", script], fault_env)
    section = int(out.split()[-1])
    # One rescore is queued.  The first worker's own start-up sweep is kept
    # out of the way: only that rescore reaches it, and it hangs half-way.
    patient = fault_env | {"DONNE_SWEEP_GRACE_SECONDS": "600"}
    doomed = workers.start(patient, "doomed", slow=True)
    deadline = time.monotonic() + 60
    while "rescore half-way" not in workers.log("doomed"):
        assert time.monotonic() < deadline, workers.log("doomed")
        assert doomed.poll() is None, workers.log("doomed")
        time.sleep(0.1)
    doomed.send_signal(signal.SIGKILL)
    doomed.wait(timeout=30)
    assert board_one(tmp_path)[0][1] is None
    assert stale_since(tmp_path, section) is not None

    workers.start(fault_env, "restarted")
    rows, took = wait_scored(tmp_path, section, 30)

    log = workers.log("restarted")
    assert rows == SCORED, log
    assert f"Sweep queued the rescore of sections [{section}]" in log, log
    print(f"rescored {took:.1f} s after the new worker started")


def test_a_worker_answered_with_broker_errors_reconnects_and_scores(
    tmp_path, broker, fault_env, workers
):
    """An error reply (here Redis refusing the worker's commands, NOPERM) is
    a channel error: Celery's default ends the worker ("Unrecoverable
    error"); ``CELERY_BROKER_CHANNEL_ERROR_RETRY`` has it reconnect."""
    worker = workers.start(fault_env, "worker")
    deadline = time.monotonic() + 60
    while "ready." not in workers.log("worker"):
        assert time.monotonic() < deadline and worker.poll() is None
        time.sleep(0.1)
    assert broker.cli("ACL", "SETUSER", "default", "-brpop", "-lpush") == "OK"
    # Refused, reconnected and refused again (it retries at once, then backs
    # off: a fixed sleep here had it spin through ~20 reconnections).
    while workers.log("worker").count("Connection to broker lost") < 3:
        assert time.monotonic() < deadline, workers.log("worker")
        assert worker.poll() is None, workers.log("worker")
        time.sleep(0.05)
    assert broker.cli("ACL", "SETUSER", "default", "+@all") == "OK"

    out = run([sys.executable, "manage.py", "shell", "-c", ENTER_BOARD_ONE], fault_env)
    rows, took = wait_scored(tmp_path, int(out.split()[-1]), 45)

    log = workers.log("worker")
    assert "NoPermissionError" in log or "NOPERM" in log, log
    assert worker.poll() is None, log
    assert "Unrecoverable error" not in log, log
    assert rows == SCORED, log
    print(f"scored {took:.1f} s after the broker answered again")
