"""Running sections in tests: a 7-table Mitchell waiting for a late pair, a
5-table Mitchell from which a pair withdraws, and their lines entered.

Every table bids 4S by North; 1NS makes eleven tricks, every other NS pair
ten (``tricks_by_skill``), so each board's lines are worked by hand in
``tests/tournaments/services/test_running_late_pair.py`` and
``test_running_withdrawals.py``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.core.exceptions import ValidationError

from tournaments.models import Result, Section, Session
from tournaments.movements import Seating
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.results import result_submit

# A tablet's sign-in page, and its round page.
SIGN_IN = "/table/"
PLAY = "/table/play/"


def error_fields(error: pytest.ExceptionInfo[ValidationError]) -> set[str]:
    """The fields a refusal (``pytest.raises(ValidationError)``) names."""
    return set(error.value.message_dict)


def running_section(tables: int, *, phantom: bool, name: str = "Club night") -> Section:
    """A Mitchell of ``tables`` tables, 2 boards a round, its session playing."""
    event = event_create(name=name, date=dt.date(2026, 11, 24))
    pairs = 2 * tables - (1 if phantom else 0)
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", tables, 2, phantom=phantom),
        entries=[PairEntry(names=f"Player {n} – Partner {n}") for n in range(pairs)],
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return Section.objects.get(pk=section.pk)


def tricks_by_skill(seating: Seating, ns: str, ew: str) -> int:
    """1NS makes 4S with an overtrick, everybody else just makes it."""
    return 11 if ns == "1NS" else 10


def enter_rounds(
    section: Section,
    rounds: range,
    tricks: Callable[[Seating, str, str], int] = tricks_by_skill,
) -> int:
    """Enter 4S by North at every seating played in ``rounds`` (lines already
    stored, e.g. by a tablet, are left alone); how many lines were entered.

    The section is read again first: a director's page may have changed its
    movement since the test loaded it."""
    section.refresh_from_db()
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    stored = set(
        Result.objects.filter(board__section=section).values_list(
            "board__number", "ns_pair_id"
        )
    )
    entered = 0
    for seating in movement.seatings:
        if seating.round not in rounds or movement.is_sit_out(seating):
            continue
        ns = movement.pair(seating.ns).label
        ew = movement.pair(seating.ew).label
        for number in seating.boards:
            if (number, pairs[ns].pk) in stored:
                continue
            result_submit(
                board=boards[number], ns_pair=pairs[ns], ew_pair=pairs[ew],
                contract="4S", declarer="N", tricks=tricks(seating, ns, ew),
                rescore=False,
            )  # fmt: skip
            entered += 1
    return entered


def percentages(section: Section) -> dict[str, str]:
    """Rescore the section; each pair's percentage as printed, by label."""
    rescore_section(section.pk)
    return {
        pair.label: f"{pair.score.pct:.2f}"
        for pair in section.pairs.select_related("score")
    }
