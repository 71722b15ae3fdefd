"""The environment as the settings read it: django-environ, three ways stricter.

``env`` is django-environ's ``Env`` (typed reads: ``env.bool``, ``env.int``,
``env.list``...), kept to what Donne's variables have always meant:

- a value is literal: django-environ reads a value starting with "$" as the
  name of another variable, which would lose a secret key or a password
  that starts with "$" (Django's own key generator uses the character);
- yes is "1", "true", "yes" or "on" (any case), as before: django-environ
  also takes "y" and "ok";
- a number is read as Python reads it: django-environ's float drops every
  character but digits, ",", "." and "-" ("1e3" would be 13).

A value that cannot be read stops the settings with a message naming its
variable.  ``DATABASE_URL`` is parsed by dj-database-url, not
``Env.db_url``: the test suite's PostgreSQL (``scripts/postgres.sh``) and
any other socket address name the socket's folder percent-encoded as the
host (``postgresql://donne@%2Fsome%2Ffolder:5432/donne``), which
django-environ keeps encoded, and dj-database-url alone knows the
``currentSchema`` option and refuses an unknown scheme.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from typing import Any

import dj_database_url
import environ
from django.core.exceptions import ImproperlyConfigured


class _Literal(Mapping[str, str]):
    """``os.environ`` with every "$" escaped; read with ``escape_proxy`` on,
    which turns each "\\$" back into "$", a value is exactly what was set."""

    def __getitem__(self, name: str) -> str:
        return os.environ[name].replace("$", "\\$")

    def __iter__(self) -> Iterator[str]:
        return iter(os.environ)

    def __len__(self) -> int:
        return len(os.environ)


def _number(text: str) -> float:
    """``text`` read by Python's ``float``."""
    return float(text)


class Env(environ.Env):
    """django-environ's ``Env`` reading Donne's variables as they always were."""

    ENVIRON = _Literal()
    BOOLEAN_TRUE_STRINGS = ("1", "true", "yes", "on")

    def __init__(self, **scheme: Any) -> None:
        super().__init__(**scheme)
        self.escape_proxy = True

    def get_value(
        self,
        var: str,
        cast: Any = None,
        default: Any = environ.Env.NOTSET,
        parse_default: bool = False,
    ) -> Any:
        """django-environ's read, a value it cannot convert named by its variable."""
        try:
            return super().get_value(var, cast, default, parse_default)
        except ValueError as error:
            raise _invalid(var, error) from error

    def float(self, var: str, default: Any = environ.Env.NOTSET) -> float:
        """``var`` as a number, read as Python reads one."""
        return self.get_value(var, cast=_number, default=default)

    def database_url(self, var: str, default: str, **options: Any) -> dict[str, Any]:
        """The ``DATABASES`` entry ``var`` names (dj-database-url's parse,
        ``options`` its keyword arguments), ``default`` when it is unset."""
        try:
            return dj_database_url.parse(self.str(var, default=default), **options)
        except ValueError as error:
            raise _invalid(var, error) from error


def _invalid(var: str, error: ValueError) -> ImproperlyConfigured:
    return ImproperlyConfigured(f"The environment variable {var} is invalid: {error}")


env = Env()
