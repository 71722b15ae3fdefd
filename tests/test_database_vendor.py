"""Which database the suite ran on, so the CI log shows both runs happened.

``scripts/test.sh`` runs the database tests on SQLite, then again with
``DATABASE_URL`` set to the throwaway PostgreSQL of ``scripts/postgres.sh``.
"""

from __future__ import annotations

import os

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


def test_it_runs_on_the_database_the_environment_names():
    postgres_url = os.environ.get("DONNE_TEST_POSTGRES_URL", "")
    print(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
    if postgres_url and os.environ.get("DATABASE_URL") == postgres_url:
        assert connection.vendor == "postgresql"
        # pytest-django names each xdist worker's database after it.
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        expected = f"test_donne_{worker}" if worker else "test_donne"
        assert connection.settings_dict["NAME"] == expected
    elif not os.environ.get("DATABASE_URL"):
        assert connection.vendor == "sqlite"
    assert connection.vendor in {"sqlite", "postgresql"}


def test_a_database_test_carries_the_marker_the_postgresql_run_selects(request):
    """test.sh selects ``-m database`` for PostgreSQL: were the marker lost,
    that run would find nothing (pytest's exit 5), which a narrowed selection
    of pure tests may do; this test fails first, on SQLite."""
    assert request.node.get_closest_marker("database") is not None
