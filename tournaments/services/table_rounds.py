"""Which round a table's tablet may write: its current round, in every game.

A table's current round is the first round of the movement in which it has
a line not yet agreed (a board without a line, or a line its opponents have
not confirmed and the director has not settled).  The director may move a
table on (``Table.moved_to_round``): the tablet then writes that round even
though an earlier one is still open; the earlier one becomes the
director's.  Moving on never pins the table: from the round it was moved
to, it goes on as any table does (the first round from there with a line
not agreed).  A table with every round agreed has no current round.

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
        open_round = _first_short(table_needed, table_done)
        since = _moved_since(table, open_round)
        if since is not None:
            open_round = _first_short(table_needed, table_done, since)
        rounds[table.number] = open_round
    return rounds


def _rounds(table: Table) -> int:
    return table.section.rounds


def _first_open_round(table: Table, since: int = 1) -> int | None:
    return table_game(table).open_round(table, since)


def pairs_open_round(table: Table, since: int = 1) -> int | None:
    """Pairs and teams: the first round (from ``since``) with a board not
    entered or agreed."""
    return _first_short(_pairs_needed(table), _settled(table, Result), since)


def whiz_open_round(table: Table, since: int = 1) -> int | None:
    """Whiz: the first round (from ``since``) with a board not entered or agreed."""
    return _first_short(_whiz_needed(table), _settled(table, WhizResult), since)


def barbu_open_round(table: Table, since: int = 1) -> int | None:
    """Barbu: the first round (from ``since``) whose manche is not all entered."""
    return _first_short(_barbu_needed(table), _barbu_done(table), since)


def _first_short(
    needed: dict[int, int], done: Counter[int], since: int = 1
) -> int | None:
    """The first round (in order, from ``since``) with fewer lines done than
    it needs."""
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


def _whiz_needed(table: Table) -> dict[int, int]:
    from tournaments.whiz.services import section_whiz_movement

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
    from tournaments.barbu.services import DEALS_PER_MANCHE

    return dict.fromkeys(range(1, table.section.rounds + 1), DEALS_PER_MANCHE)


def _barbu_done(table: Table) -> Counter[int]:
    return Counter(
        BarbuDeal.objects.filter(table=table).values_list("round__number", flat=True)
    )


def chinese_open_round(table: Table, since: int = 1) -> int | None:
    """The first round (from ``since``) whose match at the table is not over
    (hands still to play, or to the target not yet reached), or has a hand
    the opponent has not agreed (nor the director settled)."""
    from tournaments.chinese.services import match_finished

    settings = table.section.chinese
    matches: Iterable[ChineseMatch] = (
        ChineseMatch.objects.filter(
            section=table.section,
            table=table.number,
            b__isnull=False,
            round__gte=since,
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
