"""Which round a table's tablet may write: its current round, in every game.

A table's current round is the first round of the movement in which it has
a line not yet agreed (a board without a line, or a line its opponents have
not confirmed and the director has not settled).  The director may move a
table on (``Table.moved_to_round``): the tablet then writes that round even
though an earlier one is still open; the earlier one becomes the
director's.  Moving on never pins the table: from the round it was moved
to, it goes on as any table does (the first round from there with a line
not agreed).  A table with every round agreed has no current round.

Each game says when one of its rounds is done (``Game.open_round``): pairs
and teams here, every other game in its package, with the helpers below
(``first_short``, ``settled``).
"""

from __future__ import annotations

from collections import Counter

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Result, Section, Source, Table
from tournaments.registry import table_game
from tournaments.selectors.movement import section_movement
from tournaments.services.push import ROUND, section_pushed


def current_round(table: Table) -> int | None:
    """The round the table's tablet writes now (None: every round is done)."""
    first = _first_open_round(table)
    since = _moved_since(table, first)
    return first if since is None else _first_open_round(table, since)


def _moved_since(table: Table, first: int | None) -> int | None:
    """The round the director moved the table on to, when it is past the
    table's first open round ``first`` (None: the move no longer counts)."""
    moved = table.moved_to_round
    if moved is None or moved > _rounds(table):
        return None
    if first is not None and moved <= first:
        return None
    return moved


def pairs_current_rounds(section: Section) -> dict[int, int | None]:
    """``current_round`` of every table of a pairs (or teams) section, by
    table number, from one query for the settled lines: the director's
    console shows 50 tables at the cost of one."""
    movement = section_movement(section)
    needed: dict[int, dict[int, int]] = {}
    for seating in movement.seatings if movement is not None else ():
        if not movement.is_sit_out(seating):
            needed.setdefault(seating.table, {})[seating.round] = len(seating.boards)
    settled = Q(confirmed__isnull=False) | ~Q(source=Source.TABLE)
    done: dict[int, Counter[int]] = {}
    lines = Result.objects.filter(settled, table__section=section)
    for table_id, number in lines.values_list("table_id", "round__number"):
        done.setdefault(table_id, Counter())[number] += 1
    rounds: dict[int, int | None] = {}
    for table in section.table_set.all():
        table.section = section
        table_needed = needed.get(table.number, {})
        table_done = done.get(table.pk, Counter())
        open_round = first_short(table_needed, table_done)
        since = _moved_since(table, open_round)
        if since is not None:
            open_round = first_short(table_needed, table_done, since)
        rounds[table.number] = open_round
    return rounds


def _rounds(table: Table) -> int:
    return table.section.rounds


def _first_open_round(table: Table, since: int = 1) -> int | None:
    return table_game(table).open_round(table, since)


def pairs_open_round(table: Table, since: int = 1) -> int | None:
    """Pairs and teams: the first round (from ``since``) with a board not
    entered or agreed."""
    return first_short(_pairs_needed(table), settled(table, Result), since)


def first_short(
    needed: dict[int, int], done: Counter[int], since: int = 1
) -> int | None:
    """The first round (in order, from ``since``) with fewer lines done than
    it needs: each game's ``open_round`` from its own counts."""
    for number in sorted(needed):
        if number >= since and done[number] < needed[number]:
            return number
    return None


def _pairs_needed(table: Table) -> dict[int, int]:
    """Boards the movement gives the table each round (sit-outs left out)."""
    movement = section_movement(table.section)
    if movement is None:
        return {}
    return {
        seating.round: len(seating.boards)
        for seating in movement.seatings
        if seating.table == table.number and not movement.is_sit_out(seating)
    }


def settled(table: Table, model: type[models.Model]) -> Counter[int]:
    """Lines of ``model`` at the table per round that are agreed or the
    director's: what a game whose opponents agree each line has done."""
    agreed = Q(confirmed__isnull=False) | ~Q(source=Source.TABLE)
    rounds = model.objects.filter(agreed, table=table).values_list(
        "round__number", flat=True
    )
    return Counter(rounds)


def table_move_on(table: Table, round: int) -> Table:
    """The director moves a table on: its tablet writes ``round`` from now."""
    if not 1 <= round <= _rounds(table):
        raise ValidationError(
            {"round": _("Round %(round)d is not in this section's movement.")
             % {"round": round}}
        )  # fmt: skip
    Table.objects.filter(pk=table.pk).update(moved_to_round=round)
    section_pushed(table.section_id, ROUND, table.number)
    table.moved_to_round = round
    return table
