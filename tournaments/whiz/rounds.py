"""When a Whiz table's round is done: every board the Whiz movement gives the
table that round entered and agreed (or the director's), sit-outs left out.

The table's current round is the shared machinery's
(``services.table_rounds.current_round``); this is the Whiz rule it asks
through ``WhizGame.open_round``.
"""

from __future__ import annotations

from tournaments.models import Table, WhizResult
from tournaments.services.table_rounds import first_short, settled
from tournaments.whiz.services import section_whiz_movement


def whiz_open_round(table: Table, since: int = 1) -> int | None:
    """Whiz: the first round (from ``since``) with a board not entered or agreed."""
    return first_short(_whiz_needed(table), settled(table, WhizResult), since)


def _whiz_needed(table: Table) -> dict[int, int]:
    """Boards the Whiz movement gives the table each round (sit-outs left out)."""
    movement = section_whiz_movement(table.section)
    return {
        seating.round: len(seating.boards)
        for seating in movement.seatings
        if seating.table == table.number and not seating.sits_out
    }
