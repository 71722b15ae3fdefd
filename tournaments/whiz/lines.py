"""A Whiz section's lines as the shared machinery counts them: how many each
board expects (traveller privacy), which are missing and which are disputed
(closing a session, the console).

One line a board at every table the Whiz movement seats (sit-outs left out);
the shared modules ask through ``WhizGame.expected_lines``,
``missing_results`` and ``disputed_lines``.
"""

from __future__ import annotations

from collections import Counter

from tournaments.models import Section, WhizResult
from tournaments.services.closing import Pending
from tournaments.whiz.services import section_whiz_movement


def whiz_expected_lines(section: Section) -> Counter[int]:
    """A Whiz section's lines per board: one per table the movement seats."""
    offset = section.first_board - 1
    whiz = section_whiz_movement(section)
    return Counter(
        number + offset
        for seating in whiz.seatings
        if not seating.sits_out
        for number in seating.boards
    )


def missing_whiz_lines(section: Section) -> list[Pending]:
    """A Whiz section's boards not entered at a table that plays them."""
    entered = set(
        WhizResult.objects.filter(board__section=section).values_list(
            "board__number", "table__number"
        )
    )
    offset = section.first_board - 1
    return [
        Pending.unentered(section, seating, number + offset, whiz=True)
        for seating in section_whiz_movement(section).seatings
        if not seating.sits_out
        for number in seating.boards
        if (number + offset, seating.table) not in entered
    ]


def whiz_disputes(section: Section) -> list[Pending]:
    """A Whiz section's disputed lines, each with its three players."""
    lines = (
        WhizResult.objects.filter(board__section=section, disputed=True)
        .select_related("board", "round", "table", "north", "east", "south")
        .order_by("board__number", "table__number")
    )
    return [
        Pending.disputed(section, line, _whiz_players(line), whiz=True)
        for line in lines
    ]


def _whiz_players(line: WhizResult) -> str:
    """A Whiz line's three players by seat: "N 1, E 5, S 9"."""
    seats = (("N", line.north), ("E", line.east), ("S", line.south))
    return ", ".join(f"{seat} {player.label}" for seat, player in seats)
