"""How many times each board of a field is played (the Neuberg N), remembered
across rescores.

``pairs.field_expected`` lays out every section's movement to count it: 80
movements at 2,000 tables, for each result rescored board by board, though a
movement changes only with its section's settings.  ``field_expected`` here
gives the same answer, each section's count remembered in the process under
the fields its movement is built from (``selectors.movement``'s memo key)
and its first board.
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.models import Section
from tournaments.selectors.movement import section_movement

# Sections' counts remembered; the memory is emptied when it holds more.
REMEMBERED = 4096

# Movement key -> (the most times a board is played, the boards played), or
# None for a section with no movement.
_plays: dict[tuple, tuple[int, tuple[int, ...]] | None] = {}


def field_expected(sections: list[Section]) -> int | dict[int, int] | None:
    """``pairs.field_expected``'s answer: one N for every board of the field,
    else each board number's; None when a section has no movement."""
    by_board: dict[int, int] = defaultdict(int)
    for section in sections:
        plays = section_plays(section)
        if plays is None:
            return None
        most, boards = plays
        for board in boards:
            by_board[board + section.first_board - 1] += most
    counts = set(by_board.values())
    if len(counts) <= 1:
        return counts.pop() if counts else 0
    return dict(by_board)


def section_plays(section: Section) -> tuple[int, tuple[int, ...]] | None:
    """The most times the section's movement has a board played, and the
    boards it plays (numbered from 1); None for a section with no movement."""
    key = (
        section.movement, section.tables, section.rounds, section.boards_per_round,
        section.even_tables, section.phantom, repr(section.arrow_switch_rounds),
        repr(section.absences),
    )  # fmt: skip
    if key not in _plays:
        if len(_plays) >= REMEMBERED:
            _plays.clear()
        movement = section_movement(section)
        _plays[key] = (
            None
            if movement is None
            else (
                max(movement.times_played(board) for board in movement.boards),
                movement.boards,
            )
        )
    return _plays[key]
