"""Store what a scorer worked out, writing only the rows whose values changed.

A rescore recomputes a whole section, but most of its figures come out as they
were: rewriting every row (``bulk_update``'s ``CASE … WHEN`` over every row)
cost 17 s of an 18 s rescore at 1,000 tables.  ``store_changed`` compares the
computed values with the stored ones (the loader has read them already) and
writes only the rows that differ, in a few set-based statements:

- SQLite (3.33 and later): ``UPDATE table SET f = v.f, … FROM (SELECT …
  FROM (VALUES (…), …)) AS v WHERE table.id = v.id``, 1,000 rows a statement;
- PostgreSQL: the same joined to ``unnest(%s::type[], …)``, one array a
  column cast to the column's type (NULLs keep it), 50,000 rows a statement
  (a ``VALUES`` list of 1,000 rows cost a scan of the table each);
- any other database: ``bulk_update``.

``BULK_UPDATE`` and ``EXECUTEMANY`` are the other ways, kept callable for
``bench/rescore.py`` (``bulk_update`` was the old store).  Values are always
parameters, names quoted by the connection; the caller's transaction holds.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from itertools import islice
from typing import Any

import numpy as np
from django.db import connections, models, router

# The ways of writing the changed rows (``store_changed``'s ``how``).
VALUES = "values"
EXECUTEMANY = "executemany"
BULK_UPDATE = "bulk_update"

# Rows a statement: 1,000 rows of 8 values is 8,000 parameters, below
# SQLite's 32,766; PostgreSQL takes one array a column, so far more rows.
CHUNK = 1000
ARRAY_CHUNK = 50_000
# ``UPDATE … FROM`` came with SQLite 3.33.
SQLITE_UPDATE_FROM = (3, 33, 0)

Key = Any
Values = tuple[Any, ...]

# Set by ``old_store`` (the bench's baseline): every row rewritten by
# ``bulk_update``, as before this module.
_OLD_STORE = False


@contextmanager
def old_store() -> Iterator[None]:
    """Within: ``store_changed`` writes every row by ``bulk_update``, as the
    store did before (``bench/rescore.py``'s baseline)."""
    global _OLD_STORE
    previous, _OLD_STORE = _OLD_STORE, True
    try:
        yield
    finally:
        _OLD_STORE = previous


def changed_rows(
    new: Mapping[Key, Values], old: Mapping[Key, Values]
) -> dict[Key, Values]:
    """The rows of ``new`` whose values differ from ``old``'s (or that ``old``
    lacks)."""
    return {key: values for key, values in new.items() if old.get(key) != values}


def store_changed(
    model: type[models.Model],
    fields: Sequence[str],
    new: Mapping[Key, Values],
    old: Mapping[Key, Values],
    *,
    how: str | None = None,
) -> int:
    """Write ``fields`` of the rows of ``model`` keyed by primary key in
    ``new`` whose values (in ``fields`` order) differ from ``old``'s; the
    number of rows written.  Every key of ``new`` must be a stored row."""
    if _OLD_STORE:
        update_rows(model, fields, new, how=BULK_UPDATE)
        return len(new)
    rows = changed_rows(new, old)
    update_rows(model, fields, rows, how=how)
    return len(rows)


def store_changed_columns(
    model: type[models.Model],
    fields: Sequence[str],
    keys: np.ndarray,
    new: np.ndarray,
    old: np.ndarray,
    *,
    null: float,
) -> int:
    """``store_changed`` for values held as columns (``changed_columns``),
    written as ``store_changed`` writes them; the number of rows written."""
    rows = changed_columns(keys, new, old, null=null, every=_OLD_STORE)
    update_rows(model, fields, rows, how=BULK_UPDATE if _OLD_STORE else None)
    return len(rows)


def changed_columns(
    keys: np.ndarray,
    new: np.ndarray,
    old: np.ndarray,
    *,
    null: float,
    every: bool = False,
) -> dict[Key, Values]:
    """``changed_rows`` for columns: ``new`` and ``old`` are float arrays of
    one row a field and one column a key of ``keys``, ``null`` standing for
    NULL.  The changed columns are found by numpy (no tuple a row compared),
    and only they become rows (every one with ``every``)."""
    if every:
        changed = np.arange(len(keys))
    else:
        changed = np.flatnonzero((new != old).any(axis=0))
    values = [_nulls(row, null) for row in new[:, changed]]
    return dict(zip(keys[changed].tolist(), zip(*values, strict=True), strict=True))


def _nulls(row: np.ndarray, null: float) -> list:
    """``row`` as a list, ``null`` as None (a value at a time only in a row
    that mixes them: a line's blank IMPs are a whole row)."""
    missing = row == null
    if not missing.any():
        return row.tolist()
    if missing.all():
        return [None] * len(row)
    return [None if value == null else value for value in row.tolist()]


def update_rows(
    model: type[models.Model],
    fields: Sequence[str],
    rows: Mapping[Key, Values],
    *,
    how: str | None = None,
) -> None:
    """Write ``fields`` of every row of ``rows`` (primary key to values)."""
    if not rows:
        return
    connection = connections[router.db_for_write(model)]
    how = how or best_way(connection)
    if how == BULK_UPDATE:
        _bulk_update(model, fields, rows)
        return
    if how == EXECUTEMANY:
        _executemany(model, fields, rows, connection)
        return
    if how != VALUES:
        raise ValueError(f"unknown way of storing {how!r}")
    size = ARRAY_CHUNK if connection.vendor == "postgresql" else CHUNK
    for chunk in _chunks(rows.items(), size):
        sql, params = values_update(model, fields, chunk, connection)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def best_way(connection: Any) -> str:
    """``VALUES`` where the database has ``UPDATE … FROM``, else
    ``bulk_update``."""
    if connection.vendor == "postgresql":
        return VALUES
    if connection.vendor == "sqlite":
        import sqlite3

        if sqlite3.sqlite_version_info >= SQLITE_UPDATE_FROM:
            return VALUES
        return EXECUTEMANY
    return BULK_UPDATE


def values_update(
    model: type[models.Model],
    fields: Sequence[str],
    rows: Sequence[tuple[Key, Values]],
    connection: Any,
) -> tuple[str, list[Any]]:
    """One ``UPDATE … FROM (VALUES …)`` statement writing ``rows`` and its
    parameters."""
    quote = connection.ops.quote_name
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    names = [f"c{index}" for index in range(len(columns))]
    table = quote(meta.db_table)
    assignments = ", ".join(
        f"{quote(column.column)} = v.{name}"
        for column, name in zip(columns[1:], names[1:], strict=True)
    )
    if connection.vendor == "postgresql":
        return _arrays_update(table, assignments, columns, names, rows, connection)
    row_sql = "(" + ", ".join(["%s"] * len(columns)) + ")"
    values = ", ".join([row_sql] * len(rows))
    # SQLite names a VALUES list's columns column1, column2, …
    renamed = ", ".join(
        f"column{index} AS {name}" for index, name in enumerate(names, start=1)
    )
    source = f"(SELECT {renamed} FROM (VALUES {values})) AS v"
    sql = (
        f"UPDATE {table} SET {assignments} FROM {source} "
        f"WHERE {table}.{quote(meta.pk.column)} = v.{names[0]}"
    )
    params: list[Any] = []
    for key, row in rows:
        params.append(meta.pk.get_db_prep_save(key, connection))
        params.extend(
            column.get_db_prep_save(value, connection)
            for column, value in zip(columns[1:], row, strict=True)
        )
    return sql, params


def _arrays_update(
    table: str,
    assignments: str,
    columns: list[Any],
    names: list[str],
    rows: Sequence[tuple[Key, Values]],
    connection: Any,
) -> tuple[str, list[Any]]:
    """PostgreSQL's form: one array a column, ``unnest``ed into rows, so a
    statement takes any number of rows in as many parameters as columns (a
    ``VALUES`` list of 1,000 rows made PostgreSQL scan the table once a
    chunk).  Each array is cast to its column's type, NULLs included."""
    arrays = ", ".join(f"%s::{column.cast_db_type(connection)}[]" for column in columns)
    quote = connection.ops.quote_name
    sql = (
        f"UPDATE {table} SET {assignments} "
        f"FROM unnest({arrays}) AS v ({', '.join(names)}) "
        f"WHERE {table}.{quote(columns[0].column)} = v.{names[0]}"
    )
    params = [[columns[0].get_db_prep_save(key, connection) for key, _ in rows]]
    params.extend(
        [column.get_db_prep_save(row[index], connection) for _, row in rows]
        for index, column in enumerate(columns[1:])
    )
    return sql, params


def _executemany(
    model: type[models.Model],
    fields: Sequence[str],
    rows: Mapping[Key, Values],
    connection: Any,
) -> None:
    """One prepared ``UPDATE … WHERE id = %s`` run for every row."""
    quote = connection.ops.quote_name
    meta = model._meta
    columns = [meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{quote(column.column)} = %s" for column in columns)
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {assignments} "
        f"WHERE {quote(meta.pk.column)} = %s"
    )
    params = [
        [
            *(
                column.get_db_prep_save(value, connection)
                for column, value in zip(columns, row, strict=True)
            ),
            meta.pk.get_db_prep_save(key, connection),
        ]
        for key, row in rows.items()
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, params)


def _bulk_update(
    model: type[models.Model], fields: Sequence[str], rows: Mapping[Key, Values]
) -> None:
    """Django's ``bulk_update``: the old store, for other databases."""
    objects = []
    for key, row in rows.items():
        instance = model(pk=key)
        for name, value in zip(fields, row, strict=True):
            setattr(instance, name, value)
        objects.append(instance)
    model.objects.bulk_update(objects, list(fields), batch_size=500)


def _chunks(items: Any, size: int) -> Any:
    """``items`` in lists of at most ``size``."""
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk
