"""Build a test module's world once, in a transaction rolled back at its end.

A module-scoped fixture that takes ``django_db_setup, django_db_blocker``
has its rows built by ``module_world(django_db_blocker, build)`` and yields
what ``build`` returned::

    @pytest.fixture(scope="module")
    def fields(django_db_setup, django_db_blocker) -> Iterator[Fields]:
        with module_world(django_db_blocker, build) as fields:
            yield fields

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

On PostgreSQL the world's tables are analysed once it is built: its rows
are never committed, so without it the planner knows nothing of them and
joins thousands of lines as if there were none (a page's query took 40 s
instead of milliseconds).  ``ANALYZE`` in the transaction counts the rows
the transaction made.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from pytest_django import DjangoDbBlocker

World = TypeVar("World")


@contextmanager
def module_world(
    django_db_blocker: DjangoDbBlocker, build: Callable[[], World]
) -> Iterator[World]:
    """What ``build`` made, with the database open, in a transaction rolled
    back when the block ends; the planner told of its rows."""
    with django_db_blocker.unblock(), transaction.atomic():
        world = build()
        analyze()
        yield world
        transaction.set_rollback(True)


def analyze() -> None:
    """Tell PostgreSQL's planner of the rows made so far in this transaction
    (a world built in steps calls it between them: each step's writes read
    the rows of the steps before); nothing to do on SQLite."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def world_director_client(username: str) -> Client:
    """A test client signed in as a new director (a staff superuser), made
    inside a module's world, where the ``director`` fixture (a test's) is
    not at hand."""
    client = Client()
    client.force_login(
        get_user_model().objects.create_user(
            username, password="pw", is_staff=True, is_superuser=True
        )
    )
    return client
