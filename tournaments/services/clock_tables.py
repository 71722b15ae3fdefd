"""The tables as the round clock sees them: the round the room plays, and
the tables late against the clock.

Both read each table's current round as the console does
(``table_rounds.pairs_current_rounds``: the first round with a board not
entered or agreed, or the director's later one).
"""

from __future__ import annotations

from collections import Counter

from tournaments.models import Section
from tournaments.selectors.movement import section_movement
from tournaments.selectors.round_clock import ClockState
from tournaments.services.table_rounds import pairs_current_rounds


def opening_round(section: Section) -> int:
    """The round the clock starts with the first time: the one most tables
    write now (the lower on a tie), 1 when none writes any."""
    if section_movement(section) is None:
        return 1
    rounds = Counter(
        number for number in pairs_current_rounds(section).values() if number
    )
    if not rounds:
        return 1
    most = max(rounds.values())
    return min(number for number, count in rounds.items() if count == most)


def late_tables(section: Section, state: ClockState) -> list[int]:
    """The tables whose round is not finished though its time ran out: the
    clock's round is over and their current round is that one or earlier.
    Empty while the clock runs, is paused or was never started."""
    if not state.ended or section_movement(section) is None:
        return []
    return sorted(
        table
        for table, number in pairs_current_rounds(section).items()
        if number is not None and number <= state.round
    )
