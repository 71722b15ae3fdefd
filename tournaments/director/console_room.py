"""The console's view of the room: the current round at a glance, and each
table's tablet's last contact.

Both are read from what the console already has (its grid, the round
clock's state and late tables) plus one query for the tablets' sign-ins, so
the console costs the same queries at 10 tables as at 50.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tournaments.director.console_states import CONFIRMED, ENTERED, SIT_OUT
from tournaments.models import Section
from tournaments.selectors.console import tablet_contacts
from tournaments.selectors.round_clock import ClockState

if TYPE_CHECKING:
    from tournaments.director.console import ConsoleRow


@dataclass(frozen=True)
class MissingBoard:
    """A board a table has not entered in a round the room has left."""

    table: int
    round: int
    board: int


@dataclass
class RoundSummary:
    """The current round as the director reads it at a glance."""

    round: int
    finished: list[int] = field(default_factory=list)
    playing: list[int] = field(default_factory=list)
    late: list[int] = field(default_factory=list)
    missing: list[MissingBoard] = field(default_factory=list)

    @property
    def missing_by_table(self) -> list[tuple[int, int, list[int]]]:
        """The missing boards as the summary lists them: (round, table,
        boards), one entry a table and round."""
        grouped: dict[tuple[int, int], list[int]] = {}
        for m in self.missing:
            grouped.setdefault((m.round, m.table), []).append(m.board)
        return [(rnd, table, boards) for (rnd, table), boards in grouped.items()]


def current_round(grid: list[ConsoleRow], clock: ClockState) -> int:
    """The round the room plays: the clock's once it was started (running,
    paused or over), else the one most tablets enter (the lower on a tie)."""
    if clock.state != ClockState.STOPPED or clock.ended:
        return clock.round
    counts = Counter(row.tablet_round for row in grid if row.tablet_round)
    if not counts:
        return clock.round
    most = max(counts.values())
    return min(number for number, count in counts.items() if count == most)


def round_summary(
    grid: list[ConsoleRow], clock: ClockState, late: list[int]
) -> RoundSummary:
    """The tables that finished the current round (every board in), those
    still playing it, those late against the clock (``late``, from
    ``clock_tables.late_tables``), and the boards still missing: every
    board of an earlier round, and the late tables' boards of this one."""
    number = current_round(grid, clock)
    summary = RoundSummary(round=number, late=list(late))
    for row in grid:
        for cell in row.cells:
            if cell.state == SIT_OUT:
                continue
            if cell.round == number:
                done = cell.state in (ENTERED, CONFIRMED)
                (summary.finished if done else summary.playing).append(row.table)
            earlier = cell.round < number
            if earlier or (cell.round == number and row.table in summary.late):
                summary.missing.extend(
                    MissingBoard(row.table, cell.round, board) for board in cell.missing
                )
    summary.missing.sort(key=lambda m: (m.round, m.table, m.board))
    return summary


@dataclass(frozen=True)
class TabletSeen:
    """A table's tablet: when it was last heard from, and whether one is
    signed in now."""

    last: dt.datetime | None
    signed_in: bool


def tablets_seen(section: Section) -> dict[int, TabletSeen]:
    """Each table's last contact from any of its tablets, by table number:
    the latest request seen (``TabletGrant.last_seen``, kept to the minute)
    or sign-in; one query for the whole section.

    A tablet signs in once an event (``services.event_tables``): a grant of
    the same event table at an earlier round or session plays here too."""
    grants = tablet_contacts(section)
    found: dict[int, TabletSeen] = {}
    for row in grants:
        times = [t for t in (row["seen"], row["signed"]) if t is not None]
        found[row["table__number"]] = TabletSeen(
            last=max(times) if times else None, signed_in=row["live"] is not None
        )
    return found


def attach_tablets(grid: list[ConsoleRow], seen: dict[int, TabletSeen]) -> None:
    """Put each table's tablet contact on its grid row."""
    for row in grid:
        row.tablet = seen.get(row.table)
