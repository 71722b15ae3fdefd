"""The settings' reader of the environment (``config.environment``): typed by
django-environ, with the meanings Donne's variables always had."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.environment import Env


@pytest.fixture
def env() -> Env:
    return Env()


def test_a_value_starting_with_a_dollar_is_kept_as_set(env, monkeypatch):
    """django-environ would read "$NAME" as NAME's value: a secret key or a
    password starting with "$" would be lost."""
    monkeypatch.setenv("DONNE_TEST_SECRET", "$abc\\$d$")
    monkeypatch.setenv("abc", "another variable")
    assert env.str("DONNE_TEST_SECRET", default="") == "$abc\\$d$"


@pytest.mark.parametrize(
    ("text", "value"),
    [("1", True), ("TRUE", True), (" yes ", True), ("on", True), ("0", False),
     ("no", False), ("", False), ("y", False), ("ok", False)],
)  # fmt: skip
def test_yes_is_1_true_yes_or_on(env, monkeypatch, text, value):
    monkeypatch.setenv("DONNE_TEST_FLAG", text)
    assert env.bool("DONNE_TEST_FLAG", default=not value) is value


def test_unset_is_the_default(env, monkeypatch):
    monkeypatch.delenv("DONNE_TEST_UNSET", raising=False)
    assert env.bool("DONNE_TEST_UNSET", default=True) is True
    assert env.int("DONNE_TEST_UNSET", default=7) == 7
    assert env.float("DONNE_TEST_UNSET", default=2.0) == 2.0
    assert env.list("DONNE_TEST_UNSET", default=["a"]) == ["a"]


def test_a_number_is_read_as_python_reads_it(env, monkeypatch):
    monkeypatch.setenv("DONNE_TEST_SECONDS", "1e1")
    assert env.float("DONNE_TEST_SECONDS", default=2.0) == 10.0


@pytest.mark.parametrize(
    ("read", "text"),
    [(Env.int, "twenty"), (Env.int, ""), (Env.float, "soon")],
)
def test_a_value_that_cannot_be_read_names_its_variable(env, monkeypatch, read, text):
    monkeypatch.setenv("DONNE_TEST_NUMBER", text)
    with pytest.raises(ImproperlyConfigured, match="DONNE_TEST_NUMBER is invalid"):
        read(env, "DONNE_TEST_NUMBER", default=1)


def test_a_database_socket_folder_is_decoded(env, monkeypatch):
    """scripts/postgres.sh names its socket folder percent-encoded as the host."""
    monkeypatch.setenv("DONNE_TEST_DB", "postgresql://donne@%2Ftmp%2FPg:5433/donne")
    found = env.database_url("DONNE_TEST_DB", default="sqlite://", conn_max_age=60)
    assert (found["HOST"], found["PORT"], found["NAME"]) == ("/tmp/Pg", 5433, "donne")
    assert found["CONN_MAX_AGE"] == 60


@pytest.mark.parametrize("url", ["foo://x/y", "", "postgres://u:p@h:port/d"])
def test_a_database_url_that_cannot_be_read_names_its_variable(env, monkeypatch, url):
    monkeypatch.setenv("DONNE_TEST_DB", url)
    with pytest.raises(ImproperlyConfigured, match="DONNE_TEST_DB is invalid"):
        env.database_url("DONNE_TEST_DB", default="sqlite://")
