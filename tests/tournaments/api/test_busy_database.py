"""A write the database keeps refusing for its locks (SQLite's "database is
locked" past the busy timeout, PostgreSQL's deadlock victim) is tried again,
then answered 409 "send it again", never a 500: a tablet's line and a
director's withdrawal through the API."""

from __future__ import annotations

import pytest
from django.db import OperationalError
from django.urls import reverse

from tournaments.models import Result

# Imported before ``locked`` patches ``running.locked_section``: a module that
# imports it by name on a first request would keep the patched one.
from tournaments.services import absent_awards, entry, running  # noqa: F401
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

BUSY = {
    "non_field_errors": ["The database was busy with another change: send it again."]
}


@pytest.fixture
def locked(monkeypatch):
    """Every try finds the database locked; the requests run as top-level
    writes (the test's own transaction is not theirs)."""
    tries = []

    def refused(*args, **kwargs):
        tries.append(1)
        raise OperationalError("database is locked")

    monkeypatch.setattr(entry, "in_transaction", lambda: False)
    monkeypatch.setattr(entry, "_store", refused)
    monkeypatch.setattr(running, "locked_section", refused)
    return tries


def test_a_tablet_line_on_a_locked_database_is_a_409(client, section, locked):
    token = issue_table_token(section.table_set.get(number=1))
    response = client.post(
        reverse("api-section-results", args=[section.pk]),
        {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
         "declarer": "N", "result": "="},
        content_type="application/json",
        headers={"Authorization": f"Table {token}"},
    )  # fmt: skip
    assert (response.status_code, response.json()) == (409, BUSY)
    assert len(locked) == 3  # tried three times
    assert not Result.objects.exists()


def test_a_withdrawal_on_a_locked_database_is_a_409(director, five_tables, locked):
    response = director.post(
        reverse("api-section-withdrawals", args=[five_tables.pk]),
        {"pair": "1NS", "round": 2},
        content_type="application/json",
    )
    assert (response.status_code, response.json()) == (409, BUSY)
    five_tables.refresh_from_db()
    assert five_tables.absences == []
