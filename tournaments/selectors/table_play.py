"""What a table plays: its rounds, their boards and states, and the moves after.

Everything here is read from the movement and the database for one table;
nothing is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import Board, Pair, Result, Round, Table
from tournaments.movements import Movement, Seating, format_boards, table_card
from tournaments.movements.absences import WITHDRAWN
from tournaments.selectors.movement import section_absences

DIRECTION_NAMES = {"NS": "N-S", "EW": "E-W"}


@dataclass
class BoardLine:
    """A board of the round at this table, with its result if entered."""

    board: Board
    result: Result | None = None
    # Not entered here and still in play at this table (the round before):
    # the board has not come yet.
    elsewhere: int | None = None

    @property
    def state(self) -> str:
        """ "todo", "entered" or "confirmed"."""
        if self.result is None:
            return "todo"
        return "confirmed" if self.result.confirmed else "entered"

    @property
    def state_label(self) -> str:
        if self.state == "todo" and self.elsewhere is not None:
            return _("still at table %(table)d") % {"table": self.elsewhere}
        return {
            "todo": _("to play"),
            "entered": _("entered"),
            "confirmed": _("confirmed"),
        }[self.state]


@dataclass
class TableRound:
    """One round at the table: who sits where and the boards they play."""

    number: int
    seating: Seating
    round: Round
    ns: Pair | None
    ew: Pair | None
    boards: list[BoardLine] = field(default_factory=list)
    opponents_withdrew: bool = False

    @property
    def sit_out(self) -> bool:
        return self.ns is None or self.ew is None

    @property
    def complete(self) -> bool:
        return all(line.result is not None for line in self.boards)

    @property
    def waiting(self) -> bool:
        """Nothing entered yet, and a board still in play at another table."""
        return all(line.result is None for line in self.boards) and any(
            line.elsewhere is not None for line in self.boards
        )

    def boards_text(self) -> str:
        """The round's boards as the movement card prints them: "3-4"."""
        return format_boards([line.board.number for line in self.boards])

    def line(self, number: int) -> BoardLine | None:
        """The board numbered ``number`` if this round plays it here."""
        return next((li for li in self.boards if li.board.number == number), None)


def table_rounds(table: Table, movement: Movement) -> list[TableRound]:
    """Every round at ``table`` with its pairs, boards and results so far."""
    section = table.section
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    rounds = {r.number: r for r in section.round_set.all()}
    lines = list(Result.objects.filter(board__section=section, table=table))
    results = {(r.board_id, r.ns_pair_id, r.ew_pair_id): r for r in lines}
    # A line whose pairs the director fixed or swapped stays in its round.
    placed = {(r.board_id, r.round_id): r for r in lines if r.round_id is not None}
    offset = section.first_board - 1
    withdrawn = {
        absence.pair: absence.first
        for absence in section_absences(section)
        if absence.reason == WITHDRAWN
    }
    found = []
    for number in range(1, movement.rounds + 1):
        seating = movement.seating(number, table.number)
        ns, ew = (
            None
            if movement.absent_in(pair_id, number)
            else pairs.get(movement.pair(pair_id).label)
            for pair_id in (seating.ns, seating.ew)
        )
        item = TableRound(number, seating, rounds[number], ns, ew)
        item.opponents_withdrew = any(
            withdrawn.get(movement.pair(pair_id).label, number + 1) <= number
            for pair_id in (seating.ns, seating.ew)
        )
        if not item.sit_out:
            for n in seating.boards:
                board = boards[n + offset]
                key = (board.pk, ns.pk, ew.pk)
                line = results.get(key) or placed.get((board.pk, rounds[number].pk))
                item.boards.append(BoardLine(board, line))
        found.append(item)
    _mark_elsewhere(table, movement, found, pairs)
    return found


def _mark_elsewhere(
    table: Table, movement: Movement, found: list[TableRound], pairs: dict[str, Pair]
) -> None:
    """Mark the boards not entered here that another table plays in the round
    before and has not entered yet: they are still there."""
    waiting = [line for item in found for line in item.boards if line.result is None]
    if not waiting:
        return
    offset = table.section.first_board - 1
    entered = set(
        Result.objects.filter(board__section=table.section).values_list(
            "board__number", "ns_pair_id"
        )
    )
    holders: dict[tuple[int, int], tuple[int, int | None]] = {}
    for seating in movement.seatings:
        if seating.table == table.number or movement.is_sit_out(seating):
            continue
        pair = pairs.get(movement.pair(seating.ns).label)
        for n in seating.boards:
            holders[(seating.round, n + offset)] = (seating.table, pair and pair.pk)
    for item in found:
        for line in item.boards:
            holder = holders.get((item.number - 1, line.board.number))
            if (
                line.result is None
                and holder is not None
                and (line.board.number, holder[1]) not in entered
            ):
                line.elsewhere = holder[0]


def current_round(rounds: list[TableRound]) -> TableRound:
    """The first round with boards still to enter (the last when all are in)."""
    for item in rounds:
        if not item.sit_out and not item.complete:
            return item
    return rounds[-1]


def moves_after(movement: Movement, item: TableRound, table: Table) -> list[str]:
    """Where each pair and the boards go after the round, e.g. "1EW: table 2".

    Empty after the last round.
    """
    if item.number >= movement.rounds:
        return []
    lines = []
    for pair_id in (item.seating.ns, item.seating.ew):
        pair = movement.pair(pair_id)
        place = movement.next_position(pair_id, item.number)
        if (
            place is None
            or movement.absent_in(pair_id, item.number)
            or movement.absent_in(pair_id, item.number + 1)
        ):
            continue
        text = _("%(pair)s: table %(table)d") % {"pair": pair.label, "table": place[0]}
        if place[1] != pair.direction:
            text = f"{text}, {DIRECTION_NAMES[place[1]]}"
        lines.append(text)
    row = table_card(movement, table.number)[item.number - 1]
    if not row["sit_out"]:
        boards = _section_boards(item, table)
        lines.append(
            _("Boards %(boards)s: %(where)s")
            % {"boards": boards, "where": _boards_go(movement, item.number, row)}
        )
    return lines


def _section_boards(item: TableRound, table: Table) -> str:
    offset = table.section.first_board - 1
    return format_boards([n + offset for n in item.seating.boards])


def _boards_go(movement: Movement, number: int, row: dict[str, object]) -> str:
    """The tables that play the set next round, or a stand when none does."""
    following = [
        s.table
        for s in movement.seatings_of_round(number + 1)
        if s.board_set == row["board_set"]
    ]
    if following:
        tables = ", ".join(str(t) for t in following)
        return ngettext("table %(tables)s", "tables %(tables)s", len(following)) % {
            "tables": tables
        }
    later = any(
        s.board_set == row["board_set"]
        for r in range(number + 2, movement.rounds + 1)
        for s in movement.seatings_of_round(r)
    )
    if not later:
        return _("finished")
    return _("bye stand") if movement.variant == "relay" else _("relay stand")


@dataclass(frozen=True)
class TravellerLine:
    """Another table's line on the board, as a traveller prints it."""

    ns: str
    ew: str
    contract: str
    declarer: str
    result: str
    score: str


def traveller(board: Board) -> list[TravellerLine]:
    """The board's lines so far, without names."""
    lines = []
    for r in board.results.select_related("ns_pair", "ew_pair"):
        if r.is_adjusted:
            played = ("", "", "", f"{r.adjusted_ns}/{r.adjusted_ew}")
        else:
            text = r.made
            played = (r.contract, r.declarer, text, str(r.score_ns))
        lines.append(TravellerLine(r.ns_pair.label, r.ew_pair.label, *played))
    return lines
