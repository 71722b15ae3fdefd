"""The demo club, built once for a run of tests and laid again for each.

``load_demo()`` plays its nine events through the real write path (some 700
entries, rescored as the tablets would have them): several seconds a call.
Tests that only need the demo *present* (a page, an export, a director's
scope) take the ``demo`` fixture (``tests/conftest.py``) instead.  The first
such test on a database builds the demo inside a transaction, copies every
row it added, table by table, and rolls it back; each test then inserts the
copied rows into its own transaction (one multi-row ``INSERT`` a batch, the
stored values as they were, primary keys included) and moves the
PostgreSQL sequences past them.  Each test still starts from an empty
database and leaves it so: nothing is shared between tests but the copy.

Under ``scripts/test.sh`` (``DONNE_TEST_SHARED_DIR``, a folder made for the
run and removed after it) the copy is made once a run, not once a test
process: the first process to need it builds it and leaves it there
(pickled), the others of its pass read it.  One copy an engine: a copy
laid on the other engine would read back other values (PostgreSQL's JSON
orders its keys its own way, its binary columns read as memoryview).

``tests/tournaments/demo/test_demo_copy.py`` checks that the laid copy and a
fresh ``load_demo()`` hold the same rows; the tests of ``load_demo`` itself
keep calling it.
"""

from __future__ import annotations

import fcntl
import os
import pickle
from dataclasses import dataclass, replace
from pathlib import Path

from django.apps import apps
from django.core.management.color import no_style
from django.db import connection, models, transaction

from tournaments.demo.club import DemoSummary, load_demo


@dataclass(frozen=True)
class TableRows:
    """The rows one model's table gained, as model instances."""

    model: type[models.Model]
    rows: tuple[models.Model, ...]

    def __reduce__(self) -> tuple[object, tuple[str, tuple[models.Model, ...]]]:
        """Pickled with the model's label: a many-to-many table's model is
        made by Django and cannot be pickled by its class."""
        return _table_rows, (self.model._meta.label, self.rows)


def _table_rows(label: str, rows: tuple[models.Model, ...]) -> TableRows:
    return TableRows(apps.get_model(label), rows)


@dataclass(frozen=True)
class DemoCopy:
    """What ``load_demo()`` added to an empty database, and what it said."""

    summary: DemoSummary
    tables: tuple[TableRows, ...]

    def lay(self) -> DemoSummary:
        """Insert the copied rows in the current transaction; the summary
        ``load_demo()`` returned, its club read again."""
        for table in self.tables:
            fields = table.model._meta.local_concrete_fields
            size = connection.ops.bulk_batch_size(fields, table.rows) or len(table.rows)
            manager = table.model._base_manager
            for start in range(0, len(table.rows), size):
                # raw=True: the stored values as they are (no auto_now, no
                # defaults), primary keys included: what loaddata does.
                manager._insert(
                    list(table.rows[start : start + size]), fields=fields, raw=True
                )
        self._move_sequences()
        club = type(self.summary.club)._base_manager.get(pk=self.summary.club.pk)
        return replace(self.summary, club=club)

    def _move_sequences(self) -> None:
        """PostgreSQL: the next id of each table past the copied ones (SQLite's
        AUTOINCREMENT follows an explicit key by itself)."""
        statements = connection.ops.sequence_reset_sql(
            no_style(), [table.model for table in self.tables]
        )
        if statements:
            with connection.cursor() as cursor:
                for statement in statements:
                    cursor.execute(statement)


def managed_tables() -> list[type[models.Model]]:
    """Every table Django manages (many-to-many ones included), once each."""
    return [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.managed and not model._meta.proxy
    ]


def copy_demo() -> DemoCopy:
    """Run ``load_demo()`` in a transaction, copy the rows it added, and roll
    it back: the database is as it was."""
    tables = managed_tables()
    with transaction.atomic():
        before = {
            model: set(model._base_manager.values_list("pk", flat=True))
            for model in tables
        }
        summary = load_demo()
        copied = []
        for model in tables:
            rows = tuple(
                row
                for row in model._base_manager.order_by("pk")
                if row.pk not in before[model]
            )
            if rows:
                copied.append(TableRows(model, rows))
        transaction.set_rollback(True)
    return DemoCopy(summary, tuple(copied))


def shared_demo_copy() -> DemoCopy:
    """:func:`copy_demo`, made once for the run when the run names a shared
    folder (``DONNE_TEST_SHARED_DIR``), else once for this process.

    A lock on the folder's file makes the other processes wait for the
    first one's copy instead of making their own."""
    folder = os.environ.get("DONNE_TEST_SHARED_DIR", "")
    if not folder:
        return copy_demo()
    path = Path(folder) / f"demo-copy-{connection.vendor}.pickle"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return pickle.loads(path.read_bytes())
        made = copy_demo()
        try:
            kept = pickle.dumps(made)
        except (TypeError, pickle.PicklingError):
            return made  # a value that does not pickle: this process's own
        path.write_bytes(kept)
        return made
