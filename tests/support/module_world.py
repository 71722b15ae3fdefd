"""Build a test module's world once, in a transaction rolled back at its end.

A module-scoped fixture that takes ``django_db_setup, django_db_blocker``
builds its rows inside ``module_world(django_db_blocker)`` and yields them::

    @pytest.fixture(scope="module")
    def fields(django_db_setup, django_db_blocker) -> Iterator[Fields]:
        with module_world(django_db_blocker):
            yield build()

The rows are built once for the module instead of once a test; each test
still runs in its own savepoint (pytest-django's ``db``), so a test that
writes leaves the next one a fresh copy.  A test that changes a shared model
instance re-reads it by primary key first.  (Asking for ``django_db_setup``
marks the module's tests ``database``, see ``tests/conftest.py``; a
``transaction=True`` test cannot share such a world.)

A module that also lays the demo (``demo_copy.lay()``) lays it inside its
world before making rows of its own: the demo's rows keep the primary keys
they were copied with, and SQLite gives the keys of rolled-back rows again,
so a demo laid after the world's rows could collide with them.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction
from pytest_django import DjangoDbBlocker


@contextmanager
def module_world(django_db_blocker: DjangoDbBlocker) -> Iterator[None]:
    """The database open, in a transaction rolled back when the block ends."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)
