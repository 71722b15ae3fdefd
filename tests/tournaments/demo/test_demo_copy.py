"""The ``demo`` fixture lays the rows a fresh ``load_demo()`` makes.

The fixture (``tests/support/demo_world.py``) copies the demo once a run and
inserts the copy into each test that asks for it: if the copy missed a table
or changed a value, every test built on it would test something else.  Here
the copy is laid, read back table by table, rolled back, and compared with
what ``load_demo()`` itself leaves, value by value: every column but the
keys (PostgreSQL's sequences give a second load other ids), the times a
row was written and the tables' random sign-in codes.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.apps import apps
from django.db import models, transaction

from tournaments.demo.club import load_demo
from tournaments.models.play import new_table_code

pytestmark = pytest.mark.django_db


def _compared_fields(model: type[models.Model]) -> list[str]:
    return [
        field.attname
        for field in model._meta.local_concrete_fields
        if not field.primary_key
        and not field.is_relation
        and not isinstance(field, models.DateTimeField)
        and field.default is not new_table_code
    ]


def database_rows() -> dict[str, Counter]:
    """Each table's rows as a multiset of their compared values (written
    out: a JSON column holds lists)."""
    found = {}
    for model in apps.get_models(include_auto_created=True):
        if model._meta.managed and not model._meta.proxy:
            names = _compared_fields(model)
            rows = model._base_manager.values_list(*names) if names else []
            found[model._meta.db_table] = Counter(
                map(repr, rows) if names else ["()"] * model._base_manager.count()
            )
    return found


def test_the_laid_demo_holds_the_rows_load_demo_makes(demo_copy):
    with transaction.atomic():
        laid = demo_copy.lay()
        copied = database_rows()
        transaction.set_rollback(True)
    made = load_demo()
    fresh = database_rows()
    assert sum(map(len, fresh.values())) > 1000
    assert {t: rows for t, rows in copied.items() if rows != fresh[t]} == {}
    assert (laid.players_created, laid.events_created) == (32, 9)
    assert (made.players_created, made.events_created) == (32, 9)
    assert laid.club.name == made.club.name == "Bridge Club de la Donne"
