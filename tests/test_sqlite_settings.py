"""The embedded SQLite database holds a room: WAL, a busy timeout, BEGIN IMMEDIATE."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json
import django
from django.conf import settings
django.setup()
from django.db import connection
options = settings.DATABASES["default"].get("OPTIONS", {})
found = {"options": options}
if connection.vendor == "sqlite":
    with connection.cursor() as cursor:
        for pragma in ("journal_mode", "synchronous", "busy_timeout"):
            found[pragma] = cursor.execute(f"PRAGMA {pragma}").fetchone()[0]
    found["transaction_mode"] = connection.transaction_mode
print(json.dumps(found))
"""


def probe(database_url: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}}
    env.update(DATABASE_URL=database_url, DJANGO_SETTINGS_MODULE="config.settings")
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_sqlite_file_runs_in_wal_with_a_busy_timeout(tmp_path):
    found = probe(f"sqlite:///{tmp_path / 'room.sqlite3'}")
    assert found["journal_mode"] == "wal"
    assert found["synchronous"] == 1  # NORMAL
    assert found["busy_timeout"] == 20_000
    assert found["transaction_mode"] == "IMMEDIATE"


def test_postgresql_gets_no_sqlite_options():
    found = probe("postgres://donne:pw@127.0.0.1:5432/donne")
    assert "init_command" not in found["options"]
    assert "transaction_mode" not in found["options"]
