"""How a section's round clock reads at a moment: round, state, time left.

``RoundClock`` stores when the round ends (running) or the seconds left
(paused); the state is read from them and the time, never stored, so a
round whose time has run out needs no write to be over:

* ``running``: ``ends_at`` is in the future; ``seconds_left`` counts down;
* ``paused``: ``seconds_left`` frozen, ``ends_at`` null;
* ``stopped``: no clock runs: never started (``seconds_left`` the length
  set, ``ends_at`` null), or the round's time ran out (``ended``,
  ``seconds_left`` 0, ``ends_at`` the moment it ended).
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

from tournaments.models import RoundClock, Section
from tournaments.models.clock import SECONDS_A_BOARD


@dataclass(frozen=True)
class ClockState:
    """The clock as every screen shows it."""

    RUNNING = "running"
    PAUSED = "paused"
    STOPPED = "stopped"

    round: int
    state: str
    seconds_left: int
    ends_at: dt.datetime | None
    length: int
    ended: bool = False


def default_length(section: Section) -> int:
    """A round's length before the director sets one: 7.5 min a board."""
    return max(1, section.boards_per_round) * SECONDS_A_BOARD


def clock_state(
    clock: RoundClock | None, now: dt.datetime, section: Section | None = None
) -> ClockState:
    """The clock at ``now``; a section without one reads stopped in round 1
    with its default length."""
    if clock is None:
        length = default_length(section) if section is not None else SECONDS_A_BOARD
        return ClockState(1, ClockState.STOPPED, length, None, length)
    if clock.paused_left is not None:
        return ClockState(
            clock.round, ClockState.PAUSED, clock.paused_left, None, clock.length
        )
    if clock.ends_at is None:
        return ClockState(
            clock.round, ClockState.STOPPED, clock.length, None, clock.length
        )
    left = (clock.ends_at - now).total_seconds()
    if left > 0:
        return ClockState(
            clock.round,
            ClockState.RUNNING,
            math.ceil(left),
            clock.ends_at,
            clock.length,
        )
    return ClockState(
        clock.round, ClockState.STOPPED, 0, clock.ends_at, clock.length, ended=True
    )


def section_clock_state(section: Section, now: dt.datetime) -> ClockState:
    """The section's clock at ``now`` (stopped in round 1 if never started)."""
    clock = RoundClock.objects.filter(section=section).first()
    return clock_state(clock, now, section)
