"""The audit trail of travellers: every entry, correction and adjustment."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import models

from tournaments.models import Board, Result, ResultChange, Table

# What a change records of a line: enough to read "4S= by N, +420" back.
AUDITED_FIELDS = (
    "ns_pair_id",
    "ew_pair_id",
    "contract",
    "declarer",
    "lead",
    "tricks",
    "score_ns",
    "adjusted_ns",
    "adjusted_ew",
)


# A Whiz line: the three players, the contract and each player's mark.
WHIZ_AUDITED_FIELDS = (
    "north_id",
    "east_id",
    "south_id",
    "contract",
    "declarer",
    "tricks",
    "points_n",
    "points_e",
    "points_s",
    "adjusted_n",
    "adjusted_e",
    "adjusted_s",
)


def snapshot(
    result: models.Model | None, fields: tuple[str, ...] = AUDITED_FIELDS
) -> dict[str, object] | None:
    """The audited fields of a line, or None when there is no line."""
    if result is None or result.pk is None:
        return None
    return {name: getattr(result, name) for name in fields}


def record_change(
    *,
    board: Board,
    action: str,
    result: Result | None,
    before: dict[str, object] | None,
    user: AbstractBaseUser | None,
    table: Table | None,
    source: str,
    after: dict[str, object] | None = None,
) -> ResultChange:
    """Keep who changed what on a board, when, from what to what.

    A pairs line is read from ``result``; another game's line (a Whiz board)
    gives its own ``after`` and no ``result``.
    """
    if result is not None and action != ResultChange.Action.DELETE:
        after = snapshot(result)
    return ResultChange.objects.create(
        board=board,
        result=result if result is not None and result.pk else None,
        action=action,
        before=before,
        after=after,
        user=user if user is not None and user.is_authenticated else None,
        table=table,
        source=source,
    )


def change_action(before: dict[str, object] | None, adjusted: bool) -> str:
    """What a write did to a line: adjusted it, entered it, or corrected it."""
    if adjusted:
        return ResultChange.Action.ADJUST
    if before is None:
        return ResultChange.Action.CREATE
    return ResultChange.Action.CORRECT
