"""Scoring through a real Redis broker and a real Celery worker process.

``scripts/test.sh`` starts a throwaway Redis and exports its URL; the module
starts one worker on a fresh database for all its tests.  Each saves its own
event from another process (which queues the worker's task on commit), waits
for the worker to store the outcome, and reads back only its own rows and the
log the worker wrote during the test.  Without Redis it is skipped, except in
CI where it fails.  The fresh database is a copy of a migrated template
(``worker_database``): an SQLite file, or, when ``DATABASE_URL`` names a
PostgreSQL server (test.sh's second run), a new database on that server.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from worker_database import WorkerDatabase, fresh_database
from worker_scripts import enter_board_one

from games.double_dummy import available

ROOT = Path(__file__).resolve().parents[1]
REDIS_URL = os.environ.get("DONNE_TEST_REDIS_URL", "")

if not REDIS_URL and os.environ.get("CI"):
    pytest.fail("CI must provide DONNE_TEST_REDIS_URL (scripts/redis.sh)")
pytestmark = [
    pytest.mark.database,
    pytest.mark.skipif(
        not REDIS_URL, reason="no Redis: run ./scripts/test.sh to start one"
    ),
]

Row = TypeVar("Row")
ENTER_BOARD_ONE = enter_board_one("Worker test", "2026-11-22", one_commit=True)


def run(args: list[str], env: dict[str, str]) -> str:
    done = subprocess.run(
        args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def shell_id(script: str, env: dict[str, str]) -> int:
    """Run ``script`` in ``manage.py shell`` (another process, as a request
    would); the id it prints last."""
    out = run([sys.executable, "manage.py", "shell", "-c", script], env)
    return int(out.split()[-1])


def poll(
    read: Callable[[], Row], done: Callable[[Row], bool], seconds: float = 60
) -> Row:
    """What ``read()`` gives once ``done`` says the worker is through, or after
    ``seconds`` whatever it gives then."""
    deadline = time.monotonic() + seconds
    value = read()
    while not done(value) and time.monotonic() < deadline:
        time.sleep(0.2)
        value = read()
    return value


def finished(row: tuple | None) -> bool:
    """Whether a job's row (status first) says it is done or failed."""
    return row is not None and row[0] in ("done", "failed")


@pytest.fixture(scope="module")
def database(request, tmp_path_factory) -> Iterator[WorkerDatabase]:
    """A fresh, migrated database for the module's worker and its tests."""
    with fresh_database(request, tmp_path_factory.mktemp("worker")) as database:
        yield database


class WorkerLog:
    """The module's worker log from where one test began: the worker serves
    every test of the module, each reads what was written during its own run."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.start = path.stat().st_size

    def read(self, *words: str, wait: float = 10) -> str:
        """The log since the test began once it holds every one of ``words``
        (or ``wait`` seconds on): a task's "succeeded" line is written after
        the task has stored its work, so a test that saw the work may read
        the log first."""
        deadline = time.monotonic() + wait
        while True:
            with self.path.open("rb") as log:
                log.seek(self.start)
                text = log.read().decode(errors="replace")
            if all(word in text for word in words) or time.monotonic() > deadline:
                return text
            time.sleep(0.1)


@pytest.fixture(scope="module")
def worker(database, tmp_path_factory) -> Iterator[tuple[dict[str, str], Path]]:
    """One Celery worker (solo pool) on the module's database and its own
    queue, for every test of the module; its environment and log file."""
    env = {
        **os.environ,
        "DATABASE_URL": database.url,
        "REDIS_URL": REDIS_URL,
        "CELERY_QUEUE": f"test-{uuid.uuid4().hex[:8]}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.pop("CELERY_TASK_ALWAYS_EAGER", None)
    path = tmp_path_factory.mktemp("worker-log") / "worker.log"
    log = path.open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker",
         "--pool=solo", "--loglevel=INFO", "--without-gossip", "--without-mingle",
         "--without-heartbeat"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        yield env, path
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


@pytest.fixture
def worker_env(worker, database) -> tuple[dict[str, str], WorkerLog, WorkerDatabase]:
    """The module's worker seen by one test: its environment, its log from
    this test's start, and the database to read."""
    env, path = worker
    return env, WorkerLog(path), database


def test_a_saved_traveller_is_scored_by_the_worker(worker_env):
    env, log, database = worker_env
    section = shell_id(ENTER_BOARD_ONE, env)
    rows = poll(
        lambda: database.execute(
            "SELECT score_ns, mp_ns, mp_ew, pct_ns FROM tournaments_result r "
            "JOIN tournaments_board b ON b.id = r.board_id "
            "WHERE b.section_id = %s ORDER BY score_ns DESC",
            (section,),
        ).fetchall(),
        lambda rows: bool(rows) and all(row[1] is not None for row in rows),
    )
    text = log.read("scoring.score_section", "succeeded")
    # 4S+0 N NV 420, 2S+1 140, 4S-1 -50: on a 3-table board the top is 4.
    assert rows == [
        (420, 4.0, 0.0, 100.0),
        (140, 2.0, 2.0, 50.0),
        (-50, 0.0, 4.0, 0.0),
    ], text
    standings = database.execute(
        "SELECT COUNT(*) FROM tournaments_pairscore s "
        "JOIN tournaments_pair p ON p.id = s.pair_id WHERE p.section_id = %s",
        (section,),
    ).fetchone()
    assert standings == (6,)
    assert "scoring.score_section" in text and "succeeded" in text


PLAY_SWISS_ROUND_ONE = """
import datetime as dt
from django.db import transaction
from tournaments.models import Section
from tournaments.services.results import result_submit
from tournaments.teams.services import TeamEntry, teams_event_create

event = teams_event_create(
    name="Worker Swiss", date=dt.date(2026, 11, 22), format="swiss", rounds=3,
    boards_per_match=2, teams=[TeamEntry(name) for name in "ABCD"],
)
section = Section.objects.get(session__event=event)
pairs = {p.label: p for p in section.pairs.all()}
with transaction.atomic():
    for match in section.session.matches.all():
        home, away = match.home.number, match.away.number
        for board in section.boards.all():
            for ns, ew, tricks in ((home, away, 10), (away, home, 9)):
                result_submit(
                    board=board, ns_pair=pairs[f"{ns}NS"], ew_pair=pairs[f"{ew}EW"],
                    contract="4S", declarer="N", tricks=tricks,
                )
print(event.pk)
"""


def test_the_worker_pairs_the_next_swiss_round_when_the_last_board_lands(worker_env):
    env, log, database = worker_env
    event = shell_id(PLAY_SWISS_ROUND_ONE, env)
    pairs = poll(
        lambda: database.execute(
            "SELECT h.number, a.number FROM tournaments_match m "
            "JOIN tournaments_team h ON h.id = m.home_id "
            "JOIN tournaments_team a ON a.id = m.away_id "
            "JOIN tournaments_session s ON s.id = m.session_id "
            "WHERE s.event_id = %s AND m.stage = 2 ORDER BY m.number",
            (event,),
        ).fetchall(),
        bool,
    )
    text = log.read("scoring.next_team_round")
    # Round 1 was 1 v 2 and 3 v 4; each home team won both boards (4S= v 4S-1)
    # so 1 and 3 lead: round 2 is 1 v 3 and 2 v 4 (no rematch).
    assert pairs == [(1, 3), (2, 4)], text
    assert "scoring.next_team_round" in text


START_ANALYSIS = """
import datetime as dt
from django.db import transaction
from tournaments.models import Board
from tournaments.services.analysis import analysis_start
from tournaments.services.events import MovementChoice, event_create, section_create

event = event_create(name="Worker hands", date=dt.date(2016, 1, 20))
section_create(session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2))
Board.objects.filter(section__session__event=event, number=1).update(
    deal="N:A97653.94.AT5.A8 K.JT862.K987.754 Q42.AKQ73.62.KT3 JT8.5.QJ43.QJ962"
)
with transaction.atomic():
    analysis_start(event)
print(event.pk)
"""


@pytest.mark.skipif(not available(), reason="endplay is not installed")
def test_the_worker_solves_the_deals_and_records_its_progress(worker_env):
    """Newton Bridge Club, 20 January 2016, board 1: par NS 450 (published)."""
    env, log, database = worker_env
    event = shell_id(START_ANALYSIS, env)
    row = poll(
        lambda: database.execute(
            "SELECT status, done, total FROM tournaments_analysis WHERE event_id = %s",
            (event,),
        ).fetchone(),
        finished,
    )
    text = log.read("scoring.double_dummy", "succeeded")
    assert row == ("done", 1, 1), text
    board = database.execute(
        "SELECT dd_tricks, par_score, par_contracts FROM tournaments_board b "
        "JOIN tournaments_section s ON s.id = b.section_id "
        "JOIN tournaments_session e ON e.id = s.session_id "
        "WHERE e.event_id = %s AND b.number = 1",
        (event,),
    ).fetchone()
    assert board == ("9ba679ba672236622366", 450, "4S N +1, 4S S +1"), text
    assert "scoring.double_dummy" in text


START_IMPORT_JOB = """
from tournaments.importers.import_jobs import import_job_start

rows = "\\n".join(f"{n}NS {n % 10 + 1}EW 4S N 10" for n in range(1, 11))
games = [
    f'[Event "Worker import"]\\n[Board "{board}"]\\n'
    f'[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\\n{rows}'
    for board in range(1, 31)
]
job, new = import_job_start(("\\n\\n".join(games) + "\\n").encode(), file_name="w.pbn")
print(job.pk)
"""


def test_the_worker_runs_an_import_job(worker_env):
    """``imports.run_job`` is found by a real worker, which stores the event."""
    env, log, database = worker_env
    job = shell_id(START_IMPORT_JOB, env)
    row = poll(
        lambda: database.execute(
            "SELECT status, done, total, event_id FROM tournaments_importjob "
            "WHERE id = %s",
            (job,),
        ).fetchone(),
        finished,
    )
    text = log.read("imports.run_job", "succeeded")
    assert row is not None and row[:3] == ("done", 300, 300), text
    lines = database.execute(
        "SELECT COUNT(*) FROM tournaments_result r "
        "JOIN tournaments_board b ON b.id = r.board_id "
        "JOIN tournaments_section s ON s.id = b.section_id "
        "JOIN tournaments_session e ON e.id = s.session_id WHERE e.event_id = %s",
        (row[3],),
    ).fetchone()
    assert lines == (300,)
    assert "imports.run_job" in text and "succeeded" in text
