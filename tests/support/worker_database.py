"""Fresh, migrated databases for the tests that run Donne in subprocesses.

The real-worker tests (``test_celery_worker``, ``test_celery_faults``,
``test_workbook_worker``, ``live/test_concurrent_entry``) each give a Celery
worker, a ``manage.py shell`` or gunicorn a database of their own.  Migrating
one costs about 4 s of CPU (every migration rendered); a copy of a migrated
one costs almost nothing.  So one template is migrated per test process and
per engine, the first time a test asks, and each test gets a copy:

- SQLite: a file copy of the template file (made in a ``tmp_path_factory``
  folder);
- PostgreSQL, when ``DATABASE_URL`` names a server (``postgres``/
  ``postgresql`` scheme, as ``scripts/test.sh``'s second pass does): a new
  database on that server, ``CREATE DATABASE ... TEMPLATE``, dropped after.

pytest-xdist may run these modules in two processes at once: each process
makes its own template (its name holds the xdist worker id and a random
part), so no two processes ever copy or drop the other's.  The templates are
dropped when the process's pytest session ends (``config.add_cleanup``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER_URL = os.environ.get("DATABASE_URL", "")
ON_POSTGRES = urlsplit(SERVER_URL).scheme in {"postgres", "postgresql"}


def _migrated(url: str) -> None:
    """Run ``manage.py migrate`` on ``url`` in a subprocess (as the servers
    under test see the database: ``config.settings``, no eager Celery)."""
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    env.pop("CELERY_TASK_ALWAYS_EAGER", None)
    done = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def _server_url(name: str) -> str:
    """``DATABASE_URL`` with its database name replaced by ``name``."""
    return urlunsplit(urlsplit(SERVER_URL)._replace(path=f"/{name}"))


def _unique(prefix: str) -> str:
    """A database name no other test process uses."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return f"{prefix}_{worker}_{uuid.uuid4().hex[:8]}"


@dataclass
class _Templates:
    """This process's migrated templates, made on first use."""

    folder: Path
    sqlite: Path | None = None
    postgres: str | None = None
    cleanups: list[str] = field(default_factory=list)

    def sqlite_template(self) -> Path:
        """The migrated SQLite template file (migrated on the first call)."""
        if self.sqlite is None:
            path = self.folder / "template.sqlite3"
            _migrated(f"sqlite:///{path}")
            # Every connection is closed: the WAL is folded into the file,
            # which alone is the whole database.
            assert not path.with_name(path.name + "-wal").exists()
            self.sqlite = path
        return self.sqlite

    def postgres_template(self) -> str:
        """The migrated PostgreSQL template's name (made on the first call;
        listed for the drop as soon as it exists, migrated or not)."""
        if self.postgres is None:
            import psycopg

            name = _unique("donne_template")
            with psycopg.connect(SERVER_URL, autocommit=True) as server:
                server.execute(f'CREATE DATABASE "{name}"')
            self.cleanups.append(name)
            # migrate's process has ended: no connection is left open on the
            # template, which CREATE DATABASE ... TEMPLATE requires.
            _migrated(_server_url(name))
            self.postgres = name
        return self.postgres

    def drop(self) -> None:
        """Drop the PostgreSQL template (SQLite's lives in pytest's tmp)."""
        if not self.cleanups:
            return
        import psycopg

        with psycopg.connect(SERVER_URL, autocommit=True) as server:
            for name in self.cleanups:
                server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


_TEMPLATES = pytest.StashKey[_Templates]()


def _templates(request: pytest.FixtureRequest) -> _Templates:
    """The process's templates, kept on the pytest config (one per session
    however many modules ask), dropped when the session ends."""
    config = request.config
    if _TEMPLATES not in config.stash:
        factory = request.getfixturevalue("tmp_path_factory")
        templates = _Templates(factory.mktemp("worker-template"))
        config.stash[_TEMPLATES] = templates
        config.add_cleanup(templates.drop)
    return config.stash[_TEMPLATES]


def fresh_sqlite(request: pytest.FixtureRequest, path: Path) -> str:
    """A copy of the migrated SQLite template at ``path``; its URL."""
    shutil.copyfile(_templates(request).sqlite_template(), path)
    return f"sqlite:///{path}"


@dataclass
class WorkerDatabase:
    """A test's own migrated database: its URL for the subprocesses, and a
    plain connection for the test to read it (``%s`` marks on both engines)."""

    url: str
    connection: Any

    def execute(self, sql: str, params: tuple = ()) -> Any:
        """Run ``sql`` with ``params`` on the test's connection; the cursor."""
        if not ON_POSTGRES:
            sql = sql.replace("%s", "?")
        return self.connection.execute(sql, params)


@contextlib.contextmanager
def fresh_database(
    request: pytest.FixtureRequest, folder: Path
) -> Iterator[WorkerDatabase]:
    """A migrated database of the suite's engine for one test (or module).

    SQLite: a copy of the template in ``folder``.  PostgreSQL: a new database
    on ``DATABASE_URL``'s server made from the template, dropped at the end.
    """
    if not ON_POSTGRES:
        url = fresh_sqlite(request, folder / "db.sqlite3")
        reader = sqlite3.connect(folder / "db.sqlite3")
        try:
            yield WorkerDatabase(url, reader)
        finally:
            reader.close()
        return
    import psycopg

    template = _templates(request).postgres_template()
    name = _unique("donne_worker")
    with psycopg.connect(SERVER_URL, autocommit=True) as server:
        server.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        try:
            with psycopg.connect(_server_url(name), autocommit=True) as reader:
                yield WorkerDatabase(_server_url(name), reader)
        finally:
            server.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
