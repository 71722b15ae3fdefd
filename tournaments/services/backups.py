"""Backups of the database: one file a backup, named by its UTC date-time.

PostgreSQL is saved with ``pg_dump -Fc`` and restored with ``pg_restore
--clean --if-exists --no-owner`` into a fresh ``public`` schema, in a single
transaction (a restore that fails leaves the database as it was); SQLite
with its online backup API, both ways, so a database in use (WAL) is read
and written consistently.  A backup is written under a temporary name and
renamed once complete, readable by its owner only (it holds the players'
personal data).  Pruning removes only this module's own files
(``donne-<UTC date-time>.dump|.sqlite3``) whose name's date is older than the
number of days kept, whatever else the folder holds.  ``manage.py
backup_database``, ``restore_database`` and the nightly
``maintenance.backup_database`` task call these.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections

POSTGRESQL = "postgresql"
SQLITE = "sqlite"
SUFFIXES = {POSTGRESQL: ".dump", SQLITE: ".sqlite3"}
STAMP = "%Y%m%dT%H%M%SZ"
NAME = re.compile(r"^donne-(\d{8}T\d{6}Z)(?:-(\d+))?\.(dump|sqlite3)$")
SQLITE_HEADER = b"SQLite format 3\x00"
PG_DUMP_HEADER = b"PGDMP"
COMMAND_TIMEOUT = 60 * 60

Database = dict[str, Any]


class BackupError(Exception):
    """A backup or a restore that cannot be done, with the reason."""


@dataclass(frozen=True)
class Backup:
    """What a backup made: its file, and the old backups it removed."""

    file: Path
    pruned: list[Path]


def default_database() -> Database:
    """The settings of Django's default database (``DATABASE_URL``)."""
    return connections["default"].settings_dict


def engine(database: Database) -> str:
    """ "postgresql" or "sqlite"; any other database is refused."""
    name = str(database["ENGINE"])
    if "postgresql" in name:
        return POSTGRESQL
    if "sqlite3" in name:
        return SQLITE
    raise BackupError(f"cannot back up a database of engine {name}")


def backup_folder(folder: Path | str | None = None) -> Path:
    """``folder``, else ``DONNE_BACKUP_DIR``: made (owner only) if missing."""
    path = Path(folder or settings.DONNE_BACKUP_DIR).expanduser().resolve()
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def backup_date(path: Path) -> dt.datetime | None:
    """The UTC date-time in a backup's name (None: not one of ours)."""
    found = NAME.match(path.name)
    if found is None:
        return None
    return dt.datetime.strptime(found.group(1), STAMP).replace(tzinfo=dt.UTC)


def backups(folder: Path) -> list[Path]:
    """The backups in ``folder``, oldest first (the second of a second after
    the first)."""
    found = [(NAME.match(path.name), path) for path in folder.iterdir()]
    ordered = sorted(
        (match.group(1), int(match.group(2) or 1), path)
        for match, path in found
        if match is not None and path.is_file()
    )
    return [path for _, _, path in ordered]


def prune(folder: Path, keep_days: int, now: dt.datetime | None = None) -> list[Path]:
    """Remove the backups of ``folder`` dated more than ``keep_days`` days ago."""
    if keep_days < 1:
        raise BackupError("keep at least 1 day of backups")
    limit = (now or dt.datetime.now(dt.UTC)) - dt.timedelta(days=keep_days)
    removed = []
    for path in backups(folder):
        date = backup_date(path)
        if date is not None and date < limit:
            path.unlink()
            removed.append(path)
    return removed


def new_file(folder: Path, kind: str, now: dt.datetime) -> tuple[Path, Path]:
    """A name for a backup taken ``now`` that no file has yet, and the
    partial file it is written to, created (owner only) to claim the name:
    two backups in the same second (the nightly one and one by hand) take
    two names."""
    stem = f"donne-{now.astimezone(dt.UTC).strftime(STAMP)}"
    suffix = SUFFIXES[kind]
    number = 1
    while True:
        name = f"{stem}{suffix}" if number == 1 else f"{stem}-{number}{suffix}"
        target, partial = folder / name, folder / f".{name}.partial"
        if not target.exists():
            try:
                partial.touch(mode=0o600, exist_ok=False)
            except FileExistsError:
                pass
            else:
                return target, partial
        number += 1


def backup_database(
    folder: Path | str | None = None,
    keep_days: int | None = None,
    database: Database | None = None,
    now: dt.datetime | None = None,
) -> Backup:
    """Save the database into a new file of ``folder``, then prune the old ones."""
    database = database or default_database()
    kind = engine(database)
    days = settings.DONNE_BACKUP_KEEP_DAYS if keep_days is None else keep_days
    if days < 1:
        raise BackupError("keep at least 1 day of backups")
    where = backup_folder(folder)
    moment = now or dt.datetime.now(dt.UTC)
    target, partial = new_file(where, kind, moment)
    try:
        if kind == POSTGRESQL:
            _pg_dump(database, partial)
        else:
            _sqlite_copy(Path(database["NAME"]), partial)
        partial.rename(target)
    finally:
        partial.unlink(missing_ok=True)
    return Backup(target, prune(where, days, moment))


def restore_database(file: Path | str, database: Database | None = None) -> None:
    """Replace the database's contents with the backup ``file``."""
    database = database or default_database()
    kind = engine(database)
    path = Path(file).expanduser()
    if not path.is_file():
        raise BackupError(f"no backup file {path}")
    with path.open("rb") as opened:
        header = opened.read(len(SQLITE_HEADER))
    if kind == POSTGRESQL and not header.startswith(PG_DUMP_HEADER):
        raise BackupError(f"{path} is not a PostgreSQL backup (pg_dump -Fc)")
    if kind == SQLITE and header != SQLITE_HEADER:
        raise BackupError(f"{path} is not an SQLite backup")
    connections.close_all()
    if kind == POSTGRESQL:
        _pg_restore(database, path)
    else:
        _sqlite_restore(path, Path(database["NAME"]))


def _sqlite_copy(source: Path, target: Path) -> None:
    """Copy the SQLite database ``source`` with the online backup API."""
    if not source.is_file():
        raise BackupError(f"no SQLite database at {source}")
    with (
        _closing(sqlite3.connect(f"file:{source}?mode=ro", uri=True)) as reading,
        _closing(sqlite3.connect(target)) as writing,
    ):
        reading.backup(writing)


def _sqlite_restore(backup: Path, target: Path) -> None:
    """Copy the backup back into the SQLite database ``target`` (in one step:
    the backup API replaces every page under the database's write lock)."""
    with _closing(sqlite3.connect(f"file:{backup}?mode=ro", uri=True)) as reading:
        try:
            check = reading.execute("PRAGMA quick_check").fetchone()
        except sqlite3.DatabaseError as error:
            raise BackupError(f"{backup} is not a readable SQLite backup") from error
        if check != ("ok",):
            raise BackupError(f"{backup} is damaged: {check[0]}")
        with _closing(sqlite3.connect(target, timeout=30)) as writing:
            reading.backup(writing)


class _closing:
    """Close an SQLite connection on leaving (its own ``with`` only commits)."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def __enter__(self) -> sqlite3.Connection:
        return self.connection

    def __exit__(self, *exc: object) -> None:
        self.connection.close()


def postgres_tool(name: str) -> str:
    """The path of ``pg_dump``, ``pg_restore`` or ``psql``: ``DONNE_PG_BIN``'s, else
    PATH's (Debian's wrapper picks the version), else the newest under
    ``/usr/lib/postgresql``."""
    folder = os.environ.get("DONNE_PG_BIN")
    if folder:
        return str(Path(folder) / name)
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(
        Path("/usr/lib/postgresql").glob(f"*/bin/{name}"),
        key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0,
    )
    if not versions:
        raise BackupError(f"{name} not found: install PostgreSQL's client programs")
    return str(versions[-1])


def _pg_connection(database: Database) -> tuple[list[str], dict[str, str]]:
    """The connection options of the PostgreSQL tools, the password in their
    environment (never on a command line, where ``ps`` shows it)."""
    options = ["--dbname", str(database["NAME"])]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if database.get(key):
            options += [flag, str(database[key])]
    env = dict(os.environ)
    if database.get("PASSWORD"):
        env["PGPASSWORD"] = str(database["PASSWORD"])
    return options, env


def _run(command: list[str], env: dict[str, str]) -> None:
    """Run a PostgreSQL tool; its error output becomes the refusal."""
    try:
        done = subprocess.run(
            command, env=env, capture_output=True, text=True, timeout=COMMAND_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BackupError(f"{Path(command[0]).name}: {error}") from error
    if done.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {done.stderr.strip()}")


def _pg_dump(database: Database, target: Path) -> None:
    options, env = _pg_connection(database)
    _run([postgres_tool("pg_dump"), "-Fc", "--file", str(target), *options], env)


def _pg_restore(database: Database, backup: Path) -> None:
    """The backup's SQL (``pg_restore --clean --if-exists --no-owner``), run
    in one transaction after dropping the ``public`` schema: tables newer than
    the backup (a migration since, with foreign keys to the old ones) go too,
    so a backup taken before an upgrade restores as well.  The SQL is written
    out whole first: a damaged backup fails there, before anything is
    dropped, and any error in the transaction leaves the database as it was."""
    options, env = _pg_connection(database)
    with tempfile.TemporaryDirectory(prefix="donne-restore-") as folder:
        script = Path(folder) / "restore.sql"
        _run(
            [
                postgres_tool("pg_restore"),
                "--clean",
                "--if-exists",
                "--no-owner",
                "--file",
                str(script),
                str(backup),
            ],
            env,
        )
        _run(
            [
                postgres_tool("psql"),
                "--no-psqlrc",
                "--quiet",
                "--single-transaction",
                "--set",
                "ON_ERROR_STOP=1",
                "--command",
                "DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;",
                "--file",
                str(script),
                *options,
            ],
            env,
        )
