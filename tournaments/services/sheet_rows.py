"""A director's sheet of typed rows (a board's lines table by table, a
table's deals of a round) saved all or nothing.

Each typed row is written by the game's service; a refusal is written on its
row for the page to show, and any refusal keeps nothing of the sheet, so
that the director corrects the sheet and saves it again whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.services.entry import refusal_messages


def sheet_rows_saved(
    rows: Sequence[Any],
    typed: Callable[[Any], object],
    save: Callable[[Any], None],
    refused: tuple[type[Exception], ...] = (ValidationError,),
    on_saved: Callable[[], None] | None = None,
) -> bool:
    """Save with ``save`` each row that is ``typed`` (the others are left
    blank), in one transaction. A ``refused`` error sets the row's
    ``errors`` and, once every row is tried, rolls the sheet back; when every
    row is saved, ``on_saved`` runs inside the transaction (a rescore queued
    once for the sheet). True when the sheet was saved."""
    ok = True
    with transaction.atomic():
        for row in rows:
            if not typed(row):
                continue
            try:
                save(row)
            except refused as error:
                row.errors = refusal_messages(error)
                ok = False
        if not ok:
            transaction.set_rollback(True)
        elif on_saved is not None:
            on_saved()
    return ok
