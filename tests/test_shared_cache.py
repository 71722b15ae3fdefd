"""The shared cache: the database cache by default (its table made by the
migrations), Redis on its own database number when REDIS_URL is set, and an
``incr`` on the database cache that counts exactly and keeps the window."""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from settings_probe import probed, run_probe

from config import db_cache
from config.cache import redis_cache_location, redis_db
from config.db_cache import AtomicDatabaseCache

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json
import django
django.setup()
from django.conf import settings
print(json.dumps({"cache": settings.CACHES["default"],
                  "rates": settings.DONNE_THROTTLE_RATES,
                  "broker": settings.CELERY_BROKER_URL}))
"""


def _ours(key: str) -> bool:
    cache = key.startswith(("DONNE_CACHE", "DONNE_THROTTLE"))
    return cache or key in {"REDIS_URL", "DATABASE_URL"}


def settings_under(**environ: str) -> subprocess.CompletedProcess:
    return run_probe(PROBE, environ, _ours)


def found_under(**environ: str) -> dict:
    return probed(PROBE, environ, _ours)


def test_without_redis_the_cache_is_the_database_table():
    found = found_under()
    assert found["cache"]["BACKEND"] == "config.db_cache.AtomicDatabaseCache"
    assert found["cache"]["LOCATION"] == "donne_cache"
    assert found["rates"] == {"table": "120/min", "anon": "600/min",
                              "director": "1200/min"}  # fmt: skip


def test_with_redis_the_cache_has_a_database_of_its_own():
    found = found_under(REDIS_URL="redis://127.0.0.1:6379/0")
    assert found["cache"]["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert found["cache"]["LOCATION"] == "redis://127.0.0.1:6379/1"
    assert found["broker"] == "redis://127.0.0.1:6379/0"
    found = found_under(REDIS_URL="redis://h:6379/0", DONNE_CACHE_REDIS_DB="5")
    assert found["cache"]["LOCATION"] == "redis://h:6379/5"
    found = found_under(REDIS_URL="redis://h:6379/0", DONNE_CACHE_URL="redis://c/2")
    assert found["cache"]["LOCATION"] == "redis://c/2"


def test_the_cache_may_not_share_celerys_redis_database():
    out = settings_under(REDIS_URL="redis://h:6379/1")
    assert out.returncode != 0
    assert "DONNE_CACHE_REDIS_DB must differ" in out.stderr


def test_the_throttle_rates_come_from_the_environment():
    found = found_under(DONNE_THROTTLE_TABLE="30", DONNE_THROTTLE_ANON="90",
                        DONNE_THROTTLE_DIRECTOR="100")  # fmt: skip
    assert found["rates"] == {"table": "30/min", "anon": "90/min",
                              "director": "100/min"}  # fmt: skip


@pytest.mark.parametrize(
    ("url", "location", "db"),
    [
        ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/1", 0),
        (
            "redis://:pw@h:1/3?ssl_cert_reqs=none",
            "redis://:pw@h:1/1?ssl_cert_reqs=none",
            3,
        ),
        ("rediss://h", "rediss://h/1", 0),
        ("unix:///run/redis.sock?db=2", "unix:///run/redis.sock?db=1", 2),
    ],
)
def test_the_cache_location_keeps_everything_but_the_database(url, location, db):
    assert redis_cache_location(url, 1) == location
    assert redis_db(url) == db


@pytest.mark.django_db
def test_migrate_made_the_cache_table():
    assert "donne_cache" in connection.introspection.table_names()


@pytest.mark.django_db
def test_incr_counts_and_keeps_the_windows_end():
    cache.delete("count")
    assert cache.add("count", 0, 2)
    assert not cache.add("count", 0, 600)
    assert [cache.incr("count") for _ in range(3)] == [1, 2, 3]
    assert cache.incr("count", 5) == 8
    with connection.cursor() as cursor:
        cursor.execute("SELECT expires FROM donne_cache WHERE cache_key = %s",
                       [cache.make_key("count")])  # fmt: skip
        assert cursor.fetchone() is not None
    time.sleep(2.1)
    assert cache.get("count") is None
    with pytest.raises(ValueError):
        cache.incr("count")
    with pytest.raises(ValueError):
        cache.incr("never-set")


def _fresh_cache(**options: int) -> AtomicDatabaseCache:
    """The database cache as a new process has it (no ``set`` counted yet)."""
    return AtomicDatabaseCache("donne_cache", {"OPTIONS": options})


@pytest.mark.django_db
def test_a_set_is_one_statement_after_the_first():
    shared = _fresh_cache()
    shared.set("first", "counted and culled as Django does")
    with CaptureQueriesContext(connection) as queries:
        shared.set("history", [1, 2, 3], 60)
        shared.set("history", [4], 60)
        shared.set("forever", "kept", None)
        shared.set("gone", "at once", 0)
    assert len(queries) == 4
    assert all(query["sql"].startswith("INSERT") for query in queries)
    assert shared.get("history") == [4]
    assert shared.get("forever") == "kept"
    assert shared.get("gone", "missing") == "missing"
    assert shared.get("first") == "counted and culled as Django does"
    assert shared.add("gone", "added again") and shared.get("gone") == "added again"


@pytest.mark.django_db
def test_the_table_is_still_culled_every_few_sets(monkeypatch):
    """Five entries at most, a check every ten sets: at the 11th the table's
    ten rows are culled to five, at the 21st its fifteen to eight; the 30
    sets leave 18 rows (30 without the checks)."""
    monkeypatch.setattr(db_cache, "CULL_CHECK_EVERY", 10)
    shared = _fresh_cache(MAX_ENTRIES=5, CULL_FREQUENCY=2)
    shared.clear()
    for number in range(30):
        shared.set(f"key-{number:02}", number, 600)
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM donne_cache")
        assert cursor.fetchone()[0] == 18
    assert shared.get("key-29") == 29


REDIS_URL = os.environ.get("DONNE_TEST_REDIS_URL", "")


@pytest.mark.skipif(not REDIS_URL, reason="no Redis: ./scripts/test.sh starts one")
def test_on_redis_the_lock_out_counts_are_shared_too(settings):
    """Production's cache: two clients (two worker processes) on the cache's
    Redis database see the one count, and the lock it sets off."""
    from django.core.cache import caches

    from tournaments.services import director_locks

    prefix = f"test-{os.getpid()}-{time.time_ns()}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_cache_location(REDIS_URL, 1),
            "KEY_PREFIX": prefix,
        }
    }
    user_key, address_key = director_locks._keys("td", "10.0.0.1")
    try:
        for _ in range(4):
            assert director_locks.record_failure("td", "10.0.0.1") is None
        other_worker = caches.create_connection("default")
        assert other_worker.get(user_key) == 4
        assert other_worker.incr(user_key) == 5
        assert director_locks.record_failure("td", "10.0.0.1") is not None
        assert caches.create_connection("default").get(f"{user_key}:lock") > time.time()
        assert director_locks.lock_for("td", "10.0.0.1") is not None
    finally:
        cache.delete_many([user_key, address_key, f"{user_key}:lock"])


@pytest.mark.django_db(transaction=True)
def test_incr_from_many_connections_at_once_loses_no_count():
    """Eight threads (eight database connections, as eight workers) add 25
    each to one count at the same moment: 200, not fewer.

    On PostgreSQL (the second run of scripts/test.sh): the test database of
    SQLite is an in-memory one whose shared cache locks tables without
    waiting, unlike the database file the server uses (tests/live runs
    gunicorn's workers on one, throttled through this cache)."""
    if connection.vendor == "sqlite":
        pytest.skip("in-memory SQLite: run on PostgreSQL (scripts/test.sh)")
    import threading

    from django.db import connections

    cache.set("racing", 0, 60)
    start = threading.Barrier(8)
    failures = []

    def worker() -> None:
        try:
            start.wait()
            for _ in range(25):
                cache.incr("racing")
        except Exception as error:
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert cache.get("racing") == 200
    cache.delete("racing")
