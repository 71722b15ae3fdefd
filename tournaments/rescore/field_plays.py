"""How many times each board of a field is played (the Neuberg N), remembered
across rescores.

Counting it lays out every section's movement: 80 movements at 2,000
tables, for each result rescored, though a movement changes only with its
section's settings.  So each section's count is remembered in the process
under the fields its movement is built from (``selectors.movement.movement_key``).
"""

from __future__ import annotations

from collections import defaultdict

from tournaments.models import Section
from tournaments.selectors.movement import movement_key, section_movement

# Sections' counts remembered; the memory is emptied when it holds more.
REMEMBERED = 4096

# Movement key -> (the most times a board is played, the boards played), or
# None for a section with no movement.
_plays: dict[tuple, tuple[int, tuple[int, ...]] | None] = {}


def field_expected(sections: list[Section]) -> int | dict[int, int] | None:
    """How many times each board of the field is played in full (the Neuberg
    N): each section adds the most times its movement has a board played to
    every board number it plays.  One number when every board has the same
    (always for one section), else each board number's; None when a section
    has no movement (imported: the scorer takes the most lines a board has).
    """
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
    key = movement_key(section)
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
