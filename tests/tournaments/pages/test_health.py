"""``/health/``: the database, cache and broker states, checked for real
(django-health-check's checks, Donne's answer)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from unittest import mock

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.db import connections
from django.db.utils import OperationalError
from django.test import Client

from config.celery import app

pytestmark = pytest.mark.django_db


def test_all_up_in_the_embedded_default(client: Client) -> None:
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "cache": "ok", "broker": "eager"}
    assert "no-cache" in response["Cache-Control"]


def test_database_down_is_a_503_and_says_nothing_more(client: Client) -> None:
    failing = mock.MagicMock()
    failing.__enter__.return_value.execute.side_effect = OperationalError(
        "could not connect to server at 10.1.2.3 password=secret"
    )
    # Every connection's cursor: the library's check may run in another thread.
    wrapper = type(connections["default"])
    with mock.patch.object(wrapper, "cursor", return_value=failing):
        response = client.get("/health/")
    assert response.status_code == 503
    # The embedded cache is a table of that database: it is down with it.
    assert response.json() == {"database": "down", "cache": "down", "broker": "eager"}
    assert b"10.1.2.3" not in response.content
    assert b"secret" not in response.content


def test_cache_that_fails_or_forgets_is_down(client: Client) -> None:
    with mock.patch.object(caches["default"], "set", side_effect=OSError):
        assert client.get("/health/").json()["cache"] == "down"
    with mock.patch.object(caches["default"], "get", return_value=None):
        response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["cache"] == "down"


@contextlib.contextmanager
def broker(url: str) -> Iterator[None]:
    """Celery's broker is ``url`` for the block."""
    before = app.conf.broker_url
    app.conf.broker_url = url
    try:
        yield
    finally:
        app.conf.broker_url = before


def test_broker_unreachable_is_down(client: Client, settings: object) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False  # type: ignore[attr-defined]
    with broker("redis://127.0.0.1:1/0"):
        response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["broker"] == "down"


@pytest.mark.skipif(
    not os.environ.get("DONNE_TEST_REDIS_URL"), reason="no Redis (scripts/test.sh)"
)
def test_broker_reachable_is_ok(client: Client, settings: object) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False  # type: ignore[attr-defined]
    with broker(os.environ["DONNE_TEST_REDIS_URL"]):
        response = client.get("/health/")
    assert response.json()["broker"] == "ok"


def test_only_reads(client: Client) -> None:
    assert client.post("/health/").status_code == 405
    assert client.head("/health/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_the_command_runs_the_same_checks(capsys: pytest.CaptureFixture[str]) -> None:
    """``manage.py health_check tournaments:health --no-http``: exit 0 when
    every check passes, each check on a line.  The command runs the checks
    outside a request, its cache check in a thread of its own: no test
    transaction may hold the cache's table."""
    with pytest.raises(SystemExit) as done:
        call_command("health_check", "tournaments:health", "--no-http")
    assert done.value.code == 0
    assert "Database(alias='default'): OK" in capsys.readouterr().out
