"""``/health/``: is this Donne up, for ``scripts/stack.sh status`` and monitors.

Answers JSON ``{"database": "ok", "cache": "ok", "broker": "ok"}``, each
check cheap (one ``SELECT 1``, one cache write and read, one broker
connection with a one-second timeout).  The broker is "eager" when Celery
runs tasks in the web process (no ``REDIS_URL``), "down" when it cannot be
reached; the cache "down" when it fails.  Only the database being down makes
it a 503: without the broker or the cache the results are still stored.
Nothing else is said (no host, no error text): the failures go to the log.
"""

from __future__ import annotations

import logging
import secrets

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

logger = logging.getLogger(__name__)

OK = "ok"
DOWN = "down"
EAGER = "eager"
CACHE_KEY = "donne-health"


def database_state() -> str:
    """ "ok" when the database answers a ``SELECT 1``."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:
        logger.exception("health: the database is down")
        return DOWN
    return OK


def cache_state() -> str:
    """ "ok" when a value written to the cache reads back."""
    token = secrets.token_hex(8)
    try:
        cache.set(CACHE_KEY, token, timeout=10)
        if cache.get(CACHE_KEY) == token:
            return OK
    except Exception:
        logger.exception("health: the cache is down")
        return DOWN
    logger.error("health: the cache did not keep a value")
    return DOWN


def broker_state() -> str:
    """ "eager" without a broker, else "ok" when it accepts a connection."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return EAGER
    from config.celery import app

    try:
        with app.connection_for_write(connect_timeout=1) as broker:
            broker.ensure_connection(max_retries=1, interval_start=0, timeout=2)
    except Exception:
        logger.exception("health: the broker is down")
        return DOWN
    return OK


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    """The state of the database, the cache and the broker (503 without database)."""
    states = {
        "database": database_state(),
        "cache": cache_state(),
        "broker": broker_state(),
    }
    status = 503 if states["database"] != OK else 200
    return JsonResponse(states, status=status)
