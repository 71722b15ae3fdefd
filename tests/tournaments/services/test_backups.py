"""Backups of the database: a round trip restores what was saved, pruning
removes only old backups of ours, and bad restores are refused untouched."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tournaments.services.backups import (
    BackupError,
    backup_database,
    backups,
    prune,
    restore_database,
)

NOW = dt.datetime(2026, 11, 25, 3, 0, tzinfo=dt.UTC)


def sqlite_database(path: Path) -> dict[str, object]:
    """An SQLite database file of one table with one row."""
    with sqlite3.connect(path) as made:
        made.execute("CREATE TABLE line (id INTEGER PRIMARY KEY, contract TEXT)")
        made.execute("INSERT INTO line (contract) VALUES ('3NT')")
    made.close()
    return {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}


def contracts(path: Path) -> list[str]:
    with sqlite3.connect(path) as reading:
        rows = reading.execute("SELECT contract FROM line ORDER BY id").fetchall()
    reading.close()
    return [row[0] for row in rows]


def test_sqlite_round_trip_undoes_the_change(tmp_path: Path) -> None:
    database = sqlite_database(tmp_path / "donne.sqlite3")
    made = backup_database(tmp_path / "backups", 14, database, now=NOW)
    assert made.file.name == "donne-20261125T030000Z.sqlite3"
    assert made.file.stat().st_mode & 0o777 == 0o600
    with sqlite3.connect(tmp_path / "donne.sqlite3") as changing:
        changing.execute("UPDATE line SET contract = '7NT'")
        changing.execute("INSERT INTO line (contract) VALUES ('4S')")
    changing.close()
    assert contracts(tmp_path / "donne.sqlite3") == ["7NT", "4S"]

    restore_database(made.file, database)

    assert contracts(tmp_path / "donne.sqlite3") == ["3NT"]


def test_sqlite_backup_reads_a_database_in_use_with_wal(tmp_path: Path) -> None:
    """Rows committed in the WAL, not yet in the main file, are in the backup."""
    path = tmp_path / "donne.sqlite3"
    database = sqlite_database(path)
    writer = sqlite3.connect(path)
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    writer.execute("INSERT INTO line (contract) VALUES ('2H')")
    writer.commit()
    try:
        made = backup_database(tmp_path / "backups", 14, database, now=NOW)
    finally:
        writer.close()
    assert contracts(made.file) == ["3NT", "2H"]


def test_two_backups_in_one_second_keep_both(tmp_path: Path) -> None:
    database = sqlite_database(tmp_path / "donne.sqlite3")
    first = backup_database(tmp_path / "b", 14, database, now=NOW).file
    second = backup_database(tmp_path / "b", 14, database, now=NOW).file
    assert first != second
    assert second.name == "donne-20261125T030000Z-2.sqlite3"
    assert backups(tmp_path / "b") == [first, second]


def test_a_backup_under_way_keeps_its_name(tmp_path: Path) -> None:
    """Another process writing the same second's backup holds its partial
    file: this one takes the next name and leaves that file alone."""
    database = sqlite_database(tmp_path / "donne.sqlite3")
    folder = tmp_path / "b"
    folder.mkdir()
    other = folder / ".donne-20261125T030000Z.sqlite3.partial"
    other.write_text("being written")
    made = backup_database(folder, 14, database, now=NOW)
    assert made.file.name == "donne-20261125T030000Z-2.sqlite3"
    assert other.read_text() == "being written"
    assert contracts(made.file) == ["3NT"]
    assert not (folder / ".donne-20261125T030000Z-2.sqlite3.partial").exists()


def test_a_failed_backup_leaves_no_file(tmp_path: Path) -> None:
    database = {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(tmp_path / "missing.sqlite3"),
    }
    with pytest.raises(BackupError, match="no SQLite database"):
        backup_database(tmp_path / "b", 14, database, now=NOW)
    assert list((tmp_path / "b").iterdir()) == []


def test_pruning_removes_old_backups_by_their_name_date_only(tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    old = folder / "donne-20261110T030000Z.dump"  # 15 days before NOW
    edge = folder / "donne-20261111T030001Z.dump"  # just under 14 days
    recent = folder / "donne-20261124T030000Z.sqlite3"
    foreign = folder / "donne-20200101T000000Z.dump.txt"  # not ours: kept
    notes = folder / "notes.txt"
    for path in (old, edge, recent, foreign, notes):
        path.write_text("x")
    # The files' own dates do not matter, only their names'.
    os.utime(recent, (0, 0))

    removed = prune(folder, 14, now=NOW)

    assert removed == [old]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        p.name for p in (edge, recent, foreign, notes)
    )


def test_backup_prunes_with_the_days_given(tmp_path: Path) -> None:
    database = sqlite_database(tmp_path / "donne.sqlite3")
    folder = tmp_path / "backups"
    folder.mkdir()
    stale = folder / "donne-20261120T030000Z.sqlite3"
    stale.write_text("x")
    made = backup_database(folder, 3, database, now=NOW)
    assert made.pruned == [stale]
    assert backups(folder) == [made.file]


@pytest.mark.parametrize("days", [0, -3])
def test_keeping_no_days_is_refused_before_backing_up(
    tmp_path: Path, days: int
) -> None:
    database = sqlite_database(tmp_path / "donne.sqlite3")
    with pytest.raises(BackupError, match="at least 1 day"):
        backup_database(tmp_path / "b", days, database, now=NOW)
    assert not (tmp_path / "b").exists() or not list((tmp_path / "b").iterdir())


def test_restoring_a_file_that_is_no_backup_is_refused_untouched(
    tmp_path: Path,
) -> None:
    database = sqlite_database(tmp_path / "donne.sqlite3")
    fake = tmp_path / "donne-20261125T030000Z.sqlite3"
    fake.write_text("not a database")
    with pytest.raises(BackupError, match="not an SQLite backup"):
        restore_database(fake, database)
    dump = tmp_path / "donne.dump"
    dump.write_bytes(b"PGDMP\x01\x0e\x00")
    with pytest.raises(BackupError, match="not an SQLite backup"):
        restore_database(dump, database)
    with pytest.raises(BackupError, match="no backup file"):
        restore_database(tmp_path / "missing.sqlite3", database)
    assert contracts(tmp_path / "donne.sqlite3") == ["3NT"]


def test_a_damaged_sqlite_backup_is_refused_untouched(tmp_path: Path) -> None:
    database = sqlite_database(tmp_path / "donne.sqlite3")
    made = backup_database(tmp_path / "b", 14, database, now=NOW)
    data = bytearray(made.file.read_bytes())
    data[-2048:] = b"\xff" * 2048  # the table's page
    made.file.write_bytes(bytes(data))
    with pytest.raises(BackupError):
        restore_database(made.file, database)
    assert contracts(tmp_path / "donne.sqlite3") == ["3NT"]


def test_restore_command_needs_yes(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="add --yes"):
        call_command("restore_database", str(tmp_path / "any.sqlite3"))


def test_the_nightly_backup_is_scheduled_at_the_hour_in_utc() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["backup-database"]
    assert entry["task"] == "maintenance.backup_database"
    schedule = entry["schedule"]
    assert schedule.hour == {settings.DONNE_BACKUP_HOUR}
    assert schedule.minute == {0}
    last = dt.datetime(2026, 7, 1, settings.DONNE_BACKUP_HOUR, 0, tzinfo=dt.UTC)
    # Summer time in Paris (the site's zone) does not move it: 24 h later.
    assert schedule.remaining_delta(last)[1].hour == settings.DONNE_BACKUP_HOUR


def test_the_nightly_task_backs_up_into_the_folder(
    tmp_path: Path, settings: object
) -> None:
    from tournaments.tasks.maintenance import backup_database as task

    database = sqlite_database(tmp_path / "donne.sqlite3")
    settings.DONNE_BACKUP_DIR = str(tmp_path / "nightly")  # type: ignore[attr-defined]
    settings.DONNE_BACKUP_KEEP_DAYS = 14  # type: ignore[attr-defined]
    from unittest import mock

    with mock.patch(
        "tournaments.services.backups.default_database", return_value=database
    ):
        done = task.apply().get()
    file = Path(done["file"])
    assert file.parent == tmp_path / "nightly"
    assert contracts(file) == ["3NT"]


# PostgreSQL: a scratch database beside the test database, on the same server.


@pytest.fixture
def scratch_postgres() -> object:
    """A new PostgreSQL database with one table and one row; dropped after."""
    if connection.vendor != "postgresql":
        pytest.skip("the suite runs on SQLite: scripts/test.sh runs this on PostgreSQL")
    import psycopg

    name = f"donne_backup_{uuid.uuid4().hex[:12]}"
    base = dict(connection.settings_dict)
    options = {
        "host": base.get("HOST") or None,
        "port": base.get("PORT") or None,
        "user": base.get("USER") or None,
        "password": base.get("PASSWORD") or None,
    }
    with psycopg.connect(dbname="postgres", autocommit=True, **options) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        with psycopg.connect(dbname=name, autocommit=True, **options) as made:
            made.execute("CREATE TABLE line (id serial PRIMARY KEY, contract text)")
            made.execute("INSERT INTO line (contract) VALUES ('3NT')")
        yield {**base, "NAME": name}, lambda: psycopg.connect(dbname=name, **options)
    finally:
        with psycopg.connect(dbname="postgres", autocommit=True, **options) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def pg_contracts(connect: object) -> list[str]:
    with connect() as reading:  # type: ignore[operator]
        rows = reading.execute("SELECT contract FROM line ORDER BY id").fetchall()
    return [row[0] for row in rows]


@pytest.mark.database
def test_postgresql_round_trip_undoes_the_change(
    tmp_path: Path, scratch_postgres: object
) -> None:
    database, connect = scratch_postgres  # type: ignore[misc]
    made = backup_database(tmp_path / "backups", 14, database, now=NOW)
    assert made.file.name == "donne-20261125T030000Z.dump"
    assert made.file.read_bytes().startswith(b"PGDMP")
    with connect() as changing:
        changing.execute("UPDATE line SET contract = '7NT'")
        changing.execute("INSERT INTO line (contract) VALUES ('4S')")
        # A table of a later migration, pointing at a table of the backup.
        changing.execute("CREATE TABLE added_after (line_id int REFERENCES line)")
        changing.execute("INSERT INTO added_after VALUES (1)")
    assert pg_contracts(connect) == ["7NT", "4S"]

    restore_database(made.file, database)

    assert pg_contracts(connect) == ["3NT"]
    with connect() as reading:
        tables = reading.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
        ).fetchall()
    assert tables == [("line",)]
    with connect() as writing:  # the sequence came back too
        writing.execute("INSERT INTO line (contract) VALUES ('2H')")
    assert pg_contracts(connect) == ["3NT", "2H"]


@pytest.mark.database
def test_postgresql_damaged_backup_changes_nothing(
    tmp_path: Path, scratch_postgres: object
) -> None:
    database, connect = scratch_postgres  # type: ignore[misc]
    made = backup_database(tmp_path / "backups", 14, database, now=NOW)
    data = made.file.read_bytes()
    made.file.write_bytes(data[: len(data) // 2])  # cut short
    with connect() as changing:
        changing.execute("UPDATE line SET contract = '7NT'")
    with pytest.raises(BackupError, match="pg_restore failed"):
        restore_database(made.file, database)
    assert pg_contracts(connect) == ["7NT"]


@pytest.mark.database
def test_postgresql_refuses_an_sqlite_backup_untouched(
    tmp_path: Path, scratch_postgres: object
) -> None:
    database, connect = scratch_postgres  # type: ignore[misc]
    other = sqlite_database(tmp_path / "donne.sqlite3")
    made = backup_database(tmp_path / "b", 14, other, now=NOW)
    with pytest.raises(BackupError, match="not a PostgreSQL backup"):
        restore_database(made.file, database)
    assert pg_contracts(connect) == ["3NT"]
