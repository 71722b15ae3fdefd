"""What the table tablet's pages read beyond its rounds: the line the players
answer, the section's withdrawals and late pairs, and whether the director
resolved a line.

Every read is scoped to the signed-in table or its section, never to an id
alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import models

from tournaments.models import Result, ResultChange, SectionChange, Table


def table_line(
    model: type[models.Model], table: Table, number: int, pk: int
) -> models.Model | None:
    """The line ``pk`` of ``model`` entered at ``table`` on its section's board
    ``number``, or None: a table answers only its own lines."""
    return model.objects.filter(
        pk=pk, board__section=table.section, board__number=number, table=table
    ).first()


def arrivals_and_withdrawals(
    table: Table,
) -> Iterable[tuple[str, str, int | None, dict[str, Any] | None]]:
    """``(action, pair, round, after)`` of each withdrawal and late pair of the
    table's section, as values (lazy: read once, for the round's notices)."""
    return SectionChange.objects.filter(
        section_id=table.section_id,
        action__in=(SectionChange.Action.WITHDRAW, SectionChange.Action.LATE_PAIR),
    ).values_list("action", "pair", "round", "after")


def resolved_by_director(result: Result) -> bool:
    """Whether the director resolved the line (an ``exists`` query on its
    changes)."""
    return ResultChange.objects.filter(
        result=result, action=ResultChange.Action.RESOLVE
    ).exists()
