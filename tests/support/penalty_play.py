"""A hand-worked pairs session for the penalty tests, stored as an imported
Mitchell: three NS and three EW pairs, two boards played three times (top 4).

NS: 2NS 6 MP (75 %), 3NS 4 MP (50 %), 1NS 2 MP (25 %); by cross-IMPs NS:
3NS +3.0, 2NS +0.5, 1NS -3.5; EW: 3EW +2.5, 2EW +2.0, 1EW -4.5.
"""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.models import Board, Event, Pair, Result, Section, Source
from tournaments.rescore import rescore_section
from tournaments.services.events import event_create

LINES = [
    (1, "1NS", "1EW", 420),
    (1, "2NS", "2EW", 450),
    (1, "3NS", "3EW", 400),
    (2, "1NS", "2EW", -100),
    (2, "2NS", "3EW", -50),
    (2, "3NS", "1EW", 110),
]


def stored_section(event: Event, number: int = 1) -> Section:
    """The hand-worked session stored as an imported Mitchell, then scored."""
    session = event.sessions.get_or_create(number=number)[0]
    section = Section.objects.create(
        session=session,
        movement=Section.Movement.NONE,
        tables=3,
        rounds=0,
        boards_per_round=0,
    )
    pairs = {
        f"{n}{d}": Pair.objects.create(
            section=section, number=n, direction=d, names=f"Pair {n}{d}"
        )
        for n in (1, 2, 3)
        for d in ("NS", "EW")
    }
    for number in (1, 2):
        board = Board.objects.create(section=section, number=number)
        for line in LINES:
            if line[0] == number:
                Result.objects.create(
                    board=board,
                    ns_pair=pairs[line[1]],
                    ew_pair=pairs[line[2]],
                    score_ns=line[3],
                    source=Source.IMPORT,
                )
    rescore_section(section.pk)
    return section


def new_event() -> Event:
    return event_create(name="Penalty pairs", date=dt.date(2026, 11, 24))


def pair(section: Section, label: str) -> Pair:
    return section.pairs.get(number=int(label[0]), direction=label[1:])


# The fixtures of the penalty test modules, imported by them
# (``from penalty_play import penalty_event, penalty_section``): named
# ``event`` and ``section`` there, this section rather than the conftest's.


@pytest.fixture(name="event")
def penalty_event() -> Event:
    """The penalty tests' event; ``section`` stores its first session."""
    return new_event()


@pytest.fixture(name="section")
def penalty_section(event: Event) -> Section:
    """The hand-worked session, stored and scored."""
    return stored_section(event)
