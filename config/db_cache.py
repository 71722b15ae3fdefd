"""The database cache with an atomic ``incr``: the embedded default's shared cache.

Without Redis, Donne's cache (sign-in lock-outs, API throttles) is Django's
database cache, one table every worker process reads, kept across restarts.
Django's ``DatabaseCache.incr`` is the generic get-then-set: two workers
counting the same wrong password at once can both read 3 and both write 4,
and the ``set`` gives the key a fresh default timeout, stretching a counting
window.  Here ``incr`` locks the row (``SELECT ... FOR UPDATE`` on
PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already holds the write lock) and
updates only its value, so counts are exact and windows keep their end.

Its ``set`` is one upsert.  Django's first counts the whole table (to cull
it past ``MAX_ENTRIES``), then reads the key and updates or inserts it in a
savepoint: five statements, one of them a scan of up to 100,000 rows, for
every throttled API request a tablet sends.  Here Django's own ``set``, with
its count and cull, runs on one ``set`` in :data:`CULL_CHECK_EVERY` (and the
first one) of a process; the others are a single ``INSERT ... ON CONFLICT
DO UPDATE`` (SQLite 3.24+ and PostgreSQL), the table then at most that many
entries past its limit until the next check.
"""

from __future__ import annotations

import base64
import pickle
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction
from django.utils.timezone import now as tz_now

# One ``set`` in this many counts the table and culls it (Django's ``set``).
CULL_CHECK_EVERY = 200


class AtomicDatabaseCache(DatabaseCache):
    """Django's database cache whose ``incr`` is one locked read and write,
    and whose ``set`` is one upsert (the table culled now and then)."""

    def __init__(self, table: str, params: dict[str, Any]) -> None:
        super().__init__(table, params)
        self._sets = 0

    def set(
        self,
        key: str,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        """Store ``value`` under ``key`` for ``timeout`` seconds."""
        self._sets += 1
        if self._sets % CULL_CHECK_EVERY == 1:
            super().set(key, value, timeout, version)
            return
        made = self.make_and_validate_key(key, version=version)
        backend_timeout = self.get_backend_timeout(timeout)
        if backend_timeout is None:
            expires = datetime.max
        else:
            zone = UTC if settings.USE_TZ else None
            expires = datetime.fromtimestamp(backend_timeout, tz=zone)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        name = connection.ops.quote_name
        encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol))
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {name(self._table)} "
                f"({name('cache_key')}, {name('value')}, {name('expires')}) "
                f"VALUES (%s, %s, %s) ON CONFLICT ({name('cache_key')}) DO UPDATE "
                f"SET {name('value')} = excluded.{name('value')}, "
                f"{name('expires')} = excluded.{name('expires')}",
                [
                    made,
                    encoded.decode("latin1"),
                    connection.ops.adapt_datetimefield_value(
                        expires.replace(microsecond=0)
                    ),
                ],
            )

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        """Add ``delta`` to the stored number, keeping its expiry.

        Raise ``ValueError`` when the key is missing or expired, as every
        Django cache does.
        """
        made = self.make_and_validate_key(key, version=version)
        db = router.db_for_write(self.cache_model_class)
        connection = connections[db]
        name = connection.ops.quote_name
        table = name(self._table)
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        now = tz_now().replace(microsecond=0)
        with transaction.atomic(using=db), connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {name('value')} FROM {table} "
                f"WHERE {name('cache_key')} = %s AND {name('expires')} > %s{lock}",
                [made, connection.ops.adapt_datetimefield_value(now)],
            )
            row = cursor.fetchone()
            if row is None:
                raise ValueError(f"Key '{key}' not found")
            stored = connection.ops.process_clob(row[0])
            value = pickle.loads(base64.b64decode(stored.encode())) + delta
            encoded = base64.b64encode(pickle.dumps(value, self.pickle_protocol))
            cursor.execute(
                f"UPDATE {table} SET {name('value')} = %s "
                f"WHERE {name('cache_key')} = %s",
                [encoded.decode("latin1"), made],
            )
        return value
