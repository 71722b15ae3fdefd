"""The ``demo`` fixture lays the rows a fresh ``load_demo()`` makes.

The fixture (``tests/support/demo_world.py``) copies the demo once a run and
inserts the copy into each test that asks for it: if the copy missed a table
or changed a value, every test built on it would test something else.  Here
the copy is laid and read back, value for value, keys included; then it is
rolled back and ``load_demo()`` runs itself: every table holds as many rows,
with the same values in every column that does not name another row (a
second load on PostgreSQL gets other ids from its sequences, which the audit
trail's JSON quotes), nor the time it was written, nor a table's random
sign-in code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from demo_world import managed_tables
from django.db import models, transaction

from tournaments.demo.club import load_demo
from tournaments.models.play import new_table_code

pytestmark = pytest.mark.django_db

Columns = Callable[[type[models.Model]], list[str]]


def every_column(model: type[models.Model]) -> list[str]:
    return [field.attname for field in model._meta.local_concrete_fields]


def stable_columns(model: type[models.Model]) -> list[str]:
    """The columns two loads of the demo fill alike."""
    return [
        field.attname
        for field in model._meta.local_concrete_fields
        if not field.primary_key
        and not field.is_relation
        and not isinstance(field, models.DateTimeField | models.JSONField)
        and field.default is not new_table_code
    ]


def database_rows(columns: Columns) -> dict[str, Counter]:
    """Each table's rows as a multiset of the chosen columns' values (written
    out: a JSON column holds lists)."""
    found = {}
    for model in managed_tables():
        names = columns(model)
        rows = model._base_manager.values_list(*names) if names else []
        found[model._meta.db_table] = Counter(
            map(repr, rows) if names else ["()"] * model._base_manager.count()
        )
    return found


def differing(left: dict[str, Counter], right: dict[str, Counter]) -> list[str]:
    return sorted(t for t in left.keys() | right.keys() if left.get(t) != right.get(t))


def test_the_laid_demo_holds_the_rows_load_demo_makes(demo_copy):
    copied = {
        table.model._meta.db_table: Counter(
            repr(tuple(getattr(row, name) for name in every_column(table.model)))
            for row in table.rows
        )
        for table in demo_copy.tables
    }
    before = database_rows(every_column)
    with transaction.atomic():
        laid = demo_copy.lay()
        laid_rows = {
            table: rows - before[table]
            for table, rows in database_rows(every_column).items()
        }
        laid_stable = database_rows(stable_columns)
        transaction.set_rollback(True)
    assert differing({t: r for t, r in laid_rows.items() if r}, copied) == []
    made = load_demo()
    fresh = database_rows(stable_columns)
    assert sum(map(len, laid_rows.values())) > 1000
    assert differing(laid_stable, fresh) == []
    assert (laid.players_created, laid.events_created) == (32, 9)
    assert (made.players_created, made.events_created) == (32, 9)
    assert laid.club.name == made.club.name == "Bridge Club de la Donne"
