"""``/health/``: is this Donne up, for ``scripts/stack.sh status`` and monitors.

django-health-check's checks do the work: ``Database`` (one ``SELECT 1``),
``Cache`` (one write and read) and, when Celery has a broker, ``Redis`` (a
ping of the broker, giving up on connecting after a second).  With no
broker (Celery runs the tasks in the web process, the embedded default)
there is none to check and the broker is "eager".

The answer keeps Donne's own shape, which ``scripts/stack.sh`` and the
deployment docs read: JSON ``{"database": "ok", "cache": "ok", "broker":
"ok"}``, a service "down" when its check fails, and a 503 only when the
database is down: without the broker or the cache the results are still
stored.  The library's own view would answer 500 for any failure, name its
checks by their ``repr`` and show their error text (a database error's may
hold its host); here nothing else is said, the failures go to the log
(the library's ``health_check`` logger).  ``manage.py health_check
tournaments:health --no-http`` runs the same checks from the command line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from health_check.base import HealthCheck
from health_check.checks import Cache, Database
from health_check.contrib.redis import Redis
from health_check.views import HealthCheckView
from redis.asyncio import Redis as RedisClient

OK = "ok"
DOWN = "down"
EAGER = "eager"
BROKER_CONNECT_SECONDS = 1
BROKER_ANSWER_SECONDS = 2


def broker_client() -> RedisClient:
    """A client of Celery's broker that gives up connecting after a second
    and waiting for its answer after two."""
    from config.celery import app

    return RedisClient.from_url(
        app.conf.broker_url,
        socket_connect_timeout=BROKER_CONNECT_SECONDS,
        socket_timeout=BROKER_ANSWER_SECONDS,
    )


def donne_checks() -> dict[str, HealthCheck]:
    """The library's checks Donne runs, by the name its answer gives them."""
    checks: dict[str, HealthCheck] = {"database": Database(), "cache": Cache()}
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        checks["broker"] = Redis(client_factory=broker_client)
    return checks


class HealthView(HealthCheckView):
    """The library's view running :func:`donne_checks`, answering Donne's JSON."""

    def get_checks(self) -> Iterator[HealthCheck]:
        """The checks, for the library's ``health_check`` command too."""
        yield from donne_checks().values()

    async def get(
        self, request: HttpRequest, *args: Any, **kwargs: Any
    ) -> JsonResponse:
        """Each service "ok" or "down" (the broker "eager" without one); 503
        without the database."""
        checks = donne_checks()
        with self.get_executor() as executor:
            results = await asyncio.gather(
                *(check.get_result(executor) for check in checks.values())
            )
        states = {
            name: DOWN if result.error else OK
            for name, result in zip(checks, results, strict=True)
        }
        states.setdefault("broker", EAGER)
        status = 503 if states["database"] == DOWN else 200
        return JsonResponse(states, status=status)
