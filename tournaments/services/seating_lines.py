"""Which stored line answers each board of each seating of a movement.

The console's grid and the close check both ask it: a line is found by its
pairs, or, when the director fixed its pairs (a board played by the wrong
pairs or turned round), where it was played (its round and table).  One
query for the section.
"""

from __future__ import annotations

from tournaments.models import Result, Section
from tournaments.movements import Movement

SeatingLines = dict[tuple[int, int], list[Result | None]]


def seating_lines(section: Section, movement: Movement) -> SeatingLines:
    """Each played seating's lines, by (round, table), board by board in the
    movement's order (None where nothing is entered); sit-outs left out."""
    pairs = {pair.label: pair.pk for pair in section.pairs.all()}
    results: dict[tuple[int, int, int], Result] = {
        (r.board.number, r.ns_pair_id, r.ew_pair_id): r
        for r in Result.objects.filter(board__section=section).select_related(
            "board", "round", "table"
        )
    }
    placed = {
        (r.board.number, r.round.number, r.table.number): r
        for r in results.values()
        if r.round is not None and r.table is not None
    }
    offset = section.first_board - 1
    found: SeatingLines = {}
    for seating in movement.seatings:
        if movement.is_sit_out(seating):
            continue
        ns = pairs.get(movement.pair(seating.ns).label)
        ew = pairs.get(movement.pair(seating.ew).label)
        found[seating.round, seating.table] = [
            results.get((number + offset, ns, ew))
            or placed.get((number + offset, seating.round, seating.table))
            for number in seating.boards
        ]
    return found
