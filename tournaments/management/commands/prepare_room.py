"""``manage.py prepare_room``: what ``scripts/serve.sh`` does before serving.

One process instead of three (``migrate``, ``collectstatic``, a ``shell`` to
count the directors), and each step only when it has something to do: the
migrations run when one is not applied, the static files are collected when
a source file changed since the last collection (their names, sizes and
times, stamped in ``STATIC_ROOT``; the manifest's hashing and compression of
every file took most of a restart).  Prints the time of each step, then
``directors N`` on its last line for the script.
"""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.staticfiles.finders import get_finders
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

STAMP = ".donne-collected"
MANIFEST = "staticfiles.json"


def unapplied_migrations() -> int:
    """How many migrations the database has not applied."""
    executor = MigrationExecutor(connection)
    return len(executor.migration_plan(executor.loader.graph.leaf_nodes()))


def static_fingerprint() -> str:
    """A digest of every static source file's name, size and time, and of
    the storage that collects them."""
    digest = hashlib.sha256(repr(settings.STORAGES["staticfiles"]).encode())
    for finder in get_finders():
        for path, storage in finder.list(["CVS", ".*", "*~"]):
            stat = Path(storage.path(path)).stat()
            digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def static_current(fingerprint: str) -> bool:
    """The collected files are those of the sources (and their manifest is there)."""
    root = Path(settings.STATIC_ROOT)
    manifest_needed = "Manifest" in settings.STORAGES["staticfiles"]["BACKEND"]
    if manifest_needed and not (root / MANIFEST).exists():
        return False
    stamp = root / STAMP
    return stamp.exists() and stamp.read_text().strip() == fingerprint


def directors() -> int:
    """The active director accounts (staff)."""
    users = get_user_model().objects
    return users.filter(is_staff=True, is_active=True).count()


class Command(BaseCommand):
    help = (
        "Migrate and collect the static files when needed, then print the "
        "number of directors (scripts/serve.sh)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--demo", action="store_true", help="load the demo club (load_demo)"
        )

    def handle(self, *args: object, **options: object) -> None:
        started = time.monotonic()
        missing = unapplied_migrations()
        if missing:
            call_command("migrate", interactive=False, verbosity=1)
            self._said(started, f"{missing} migrations applied")
        else:
            self._said(started, "migrations: up to date")
        started = time.monotonic()
        fingerprint = static_fingerprint()
        if static_current(fingerprint):
            self._said(started, "static files: unchanged")
        else:
            call_command("collectstatic", interactive=False, verbosity=0)
            (Path(settings.STATIC_ROOT) / STAMP).write_text(fingerprint + "\n")
            self._said(started, f"static files: collected in {settings.STATIC_ROOT}")
        if options["demo"]:
            started = time.monotonic()
            call_command("load_demo")
            self._said(started, "demo club loaded")
        self.stdout.write(f"directors {directors()}")

    def _said(self, started: float, what: str) -> None:
        self.stdout.write(f"{what} ({time.monotonic() - started:.1f} s)")
