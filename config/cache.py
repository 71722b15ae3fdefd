"""Where the shared cache lives when Redis serves Celery too (``config.settings``)."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit


def redis_cache_location(broker_url: str, db: int) -> str:
    """``broker_url`` (Celery's Redis) pointed at database number ``db``.

    The cache gets a database of its own, not only a key prefix: clearing
    the cache (``cache.clear()`` is Redis's FLUSHDB) must never empty
    Celery's queues.  A unix socket address names its database in the query.
    """
    parts = urlsplit(broker_url)
    query = [(name, value) for name, value in parse_qsl(parts.query) if name != "db"]
    if parts.scheme == "unix":
        return f"unix://{parts.path}?{urlencode([*query, ('db', db)])}"
    return urlunsplit(parts._replace(path=f"/{db}", query=urlencode(query)))


def redis_db(url: str) -> int:
    """The database number a Redis address names (0 when it names none)."""
    parts = urlsplit(url)
    named = dict(parse_qsl(parts.query)).get("db") or parts.path.strip("/") or "0"
    try:
        return int(named)
    except ValueError:
        return 0
