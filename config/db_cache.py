"""The database cache with an atomic ``incr``: the embedded default's shared cache.

Without Redis, Donne's cache (sign-in lock-outs, API throttles) is Django's
database cache, one table every worker process reads, kept across restarts.
Django's ``DatabaseCache.incr`` is the generic get-then-set: two workers
counting the same wrong password at once can both read 3 and both write 4,
and the ``set`` gives the key a fresh default timeout, stretching a counting
window.  Here ``incr`` locks the row (``SELECT ... FOR UPDATE`` on
PostgreSQL; SQLite's ``BEGIN IMMEDIATE`` already holds the write lock) and
updates only its value, so counts are exact and windows keep their end.
"""

from __future__ import annotations

import base64
import pickle

from django.core.cache.backends.db import DatabaseCache
from django.db import connections, router, transaction
from django.utils.timezone import now as tz_now


class AtomicDatabaseCache(DatabaseCache):
    """Django's database cache whose ``incr`` is one locked read and write."""

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
