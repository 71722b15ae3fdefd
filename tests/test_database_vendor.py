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
        assert connection.settings_dict["NAME"] == "test_donne"
    elif not os.environ.get("DATABASE_URL"):
        assert connection.vendor == "sqlite"
    assert connection.vendor in {"sqlite", "postgresql"}
