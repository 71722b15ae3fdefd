"""A database restart costs no 500 (issue 31).

- A kept connection (``CONN_MAX_AGE``) that the server dropped, as a
  PostgreSQL restart drops every connection, is checked and replaced before
  the next request reuses it (``CONN_HEALTH_CHECKS``): on main the first
  requests after a restart each failed with a 500.
- A request that finds the database unreachable (it is restarting) answers
  503 with ``Retry-After``, which the tablets take as "send it again".

The dropped connection is only real on PostgreSQL (``scripts/test.sh``'s
second run); SQLite has no server to drop it.
"""

from __future__ import annotations

from unittest import mock

import pytest
from django.conf import settings
from django.db import OperationalError, close_old_connections, connection
from django.test import Client

pytestmark = pytest.mark.django_db


def test_kept_connections_are_checked_before_reuse() -> None:
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True
    assert connection.settings_dict["CONN_HEALTH_CHECKS"] is True


@pytest.mark.django_db(transaction=True)
def test_a_connection_the_server_dropped_is_replaced_at_the_next_request() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("only a database server drops connections (PostgreSQL run)")
    import psycopg

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        other.execute("SELECT pg_terminate_backend(%s)", (pid,))
    # What Django's handler does as every request starts.
    close_old_connections()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (new_pid,) = cursor.fetchone()
    assert new_pid != pid


def _unreachable(*args: object, **kwargs: object) -> None:
    raise OperationalError(
        'connection failed: connection to server at "127.0.0.1", port 5432 '
        "failed: FATAL:  the database system is shutting down"
    )


def test_an_unreachable_database_answers_503_with_retry_after() -> None:
    client = Client()
    with mock.patch.object(connection, "cursor", side_effect=_unreachable):
        answer = client.get("/api/clubs/", HTTP_X_FORWARDED_PROTO="https")
    assert answer.status_code == 503
    assert answer["Retry-After"] == "2"
    assert answer.json() == {
        "detail": "The database is unavailable for a moment: try again."
    }
    # The database back, the same request is served.
    assert client.get("/api/clubs/", HTTP_X_FORWARDED_PROTO="https").status_code == 200


def test_a_page_says_it_in_the_visitors_language() -> None:
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    with mock.patch.object(connection, "cursor", side_effect=_unreachable):
        answer = client.get("/clubs/1/", HTTP_X_FORWARDED_PROTO="https")
    assert answer.status_code == 503
    assert answer["Retry-After"] == "2"
    assert "indisponible un instant" in answer.content.decode()
