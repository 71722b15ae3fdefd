"""Which round a table's tablet may write: its current round, in every game.

A table's current round is the first round of the movement in which it has
a line not yet agreed (a board without a line, or a line its opponents have
not confirmed and the director has not settled).  The director may move a
table on (``Table.moved_to_round``): the tablet then writes that round even
though an earlier one is still open; the earlier one becomes the
director's.  A table with every round agreed has no current round.

Barbu has no confirmation by opponents (one tablet keeps the table's score
sheet): a round there is done when its manche (seven deals) is entered.  A
Chinese bridge round is done when its match is over and the opponent has
agreed every hand entered on the tablet.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import (
    BarbuDeal,
    ChineseMatch,
    Result,
    Section,
    Source,
    Table,
    WhizResult,
)
from tournaments.registry import table_game
from tournaments.selectors.movement import section_movement
from tournaments.services.push import ROUND, section_pushed


def current_round(table: Table) -> int | None:
    """The round the table's tablet writes now (None: every round is done)."""
    return _moved_on(table, _first_open_round(table))


def _moved_on(table: Table, default: int | None) -> int | None:
    """The first open round ``default``, or the director's later one."""
    moved = table.moved_to_round
    if moved is not None and (default is None or moved > default):
        return moved if moved <= _rounds(table) else default
    return default


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
        open_round = _first_short(
            needed.get(table.number, {}), done.get(table.pk, Counter())
        )
        rounds[table.number] = _moved_on(table, open_round)
    return rounds


def _rounds(table: Table) -> int:
    return table.section.rounds


def _first_open_round(table: Table) -> int | None:
    return table_game(table).open_round(table)


def pairs_open_round(table: Table) -> int | None:
    """Pairs and teams: the first round with a board not entered or agreed."""
    return _first_short(_pairs_needed(table), _settled(table, Result))


def whiz_open_round(table: Table) -> int | None:
    """Whiz: the first round with a board not entered or agreed."""
    return _first_short(_whiz_needed(table), _settled(table, WhizResult))


def barbu_open_round(table: Table) -> int | None:
    """Barbu: the first round whose manche is not all entered."""
    return _first_short(_barbu_needed(table), _barbu_done(table))


def _first_short(needed: dict[int, int], done: Counter[int]) -> int | None:
    """The first round (in order) with fewer lines done than it needs."""
    for number in sorted(needed):
        if done[number] < needed[number]:
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


def _whiz_needed(table: Table) -> dict[int, int]:
    from tournaments.services.whiz import section_whiz_movement

    movement = section_whiz_movement(table.section)
    return {
        seating.round: len(seating.boards)
        for seating in movement.seatings
        if seating.table == table.number and not seating.sits_out
    }


def _settled(table: Table, model: type[Result] | type[WhizResult]) -> Counter[int]:
    """Lines at the table per round that are agreed or the director's."""
    settled = Q(confirmed__isnull=False) | ~Q(source=Source.TABLE)
    rounds = model.objects.filter(settled, table=table).values_list(
        "round__number", flat=True
    )
    return Counter(rounds)


def _barbu_needed(table: Table) -> dict[int, int]:
    from tournaments.services.barbu import DEALS_PER_MANCHE

    return dict.fromkeys(range(1, table.section.rounds + 1), DEALS_PER_MANCHE)


def _barbu_done(table: Table) -> Counter[int]:
    return Counter(
        BarbuDeal.objects.filter(table=table).values_list("round__number", flat=True)
    )


def chinese_open_round(table: Table) -> int | None:
    """The first round whose match at the table is not over (hands still to
    play, or to the target not yet reached), or has a hand the opponent has
    not agreed (nor the director settled)."""
    from tournaments.services.chinese import match_finished

    settings = table.section.chinese
    matches: Iterable[ChineseMatch] = (
        ChineseMatch.objects.filter(
            section=table.section, table=table.number, b__isnull=False
        )
        .prefetch_related("hands")
        .order_by("round")
    )
    for match in matches:
        hands = list(match.hands.all())
        settled = all(h.confirmed or h.source != Source.TABLE for h in hands)
        if not settled or not match_finished(settings, [h.tricks_a for h in hands]):
            return match.round
    return None


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
