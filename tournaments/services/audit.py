"""The audit trail of every game's lines: every entry, correction, adjustment,
refusal and answer of the opponents, with what the line said before and after."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import models

from tournaments.models import Result, ResultChange, Section
from tournaments.services.push import LINE, section_pushed

if TYPE_CHECKING:
    from tournaments.services.entry import Entry, Writer

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
    "absent",
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


def snapshot(line: models.Model | None, fields: Sequence[str]) -> dict | None:
    """The audited fields of a stored line, or None when there is none."""
    if line is None or line.pk is None:
        return None
    return {name: plain(getattr(line, name)) for name in fields}


def plain(value: object) -> object:
    """A value as JSON keeps it, so that before and after compare alike."""
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def audit(
    *,
    entry: Entry,
    action: str,
    writer: Writer,
    line: models.Model | None,
    before: dict | None,
    after: dict | None,
) -> ResultChange:
    """Keep who changed which line, when, from what to what (and tell the
    live pages once it commits)."""
    section = entry.section
    section_pushed(
        section.pk,
        LINE,
        getattr(entry.table, "number", None),
        event_id=section.session.event_id
        if Section.session.is_cached(section)
        else None,
    )
    return ResultChange.objects.create(
        section=entry.section,
        board=entry.board,
        line=entry.where[:120],
        result=line if isinstance(line, Result) and line.pk else None,
        action=action,
        before=before,
        after=after,
        user=writer.account,
        table=entry.table,
        source=writer.source,
    )


def change_action(before: dict | None, adjusted: bool) -> str:
    """What a write did to a line: adjusted it, entered it, or corrected it."""
    if adjusted:
        return ResultChange.Action.ADJUST
    if before is None:
        return ResultChange.Action.CREATE
    return ResultChange.Action.CORRECT
