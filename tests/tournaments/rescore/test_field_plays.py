"""``field_plays.field_expected`` (remembered across rescores) gives the
Neuberg N the sections' movements, laid out afresh, give: Mitchells and
Howells of several sizes, boards numbered from 1 or further on, sections
scored apart or as one field, a section with no movement, and a section
whose movement changes."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict

import pytest

from tournaments.models import Section
from tournaments.rescore import field_plays
from tournaments.selectors.movement import section_movement
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

CHOICES = [
    (MovementChoice("mitchell", 3, 2), 1),
    (MovementChoice("mitchell", 5, 3), 7),
    (MovementChoice("howell", 4, 2), 1),
    (MovementChoice("mitchell", 4, 2), 1),
]


def fresh_expected(sections: list[Section]) -> int | dict[int, int] | None:
    """The Neuberg N counted from each section's movement laid out now."""
    by_board: dict[int, int] = defaultdict(int)
    for section in sections:
        movement = section_movement(section)
        if movement is None:
            return None
        most = max(movement.times_played(board) for board in movement.boards)
        for board in movement.boards:
            by_board[board + section.first_board - 1] += most
    counts = set(by_board.values())
    if len(counts) <= 1:
        return counts.pop() if counts else 0
    return dict(by_board)


def test_the_remembered_count_is_the_fresh_one():
    event = event_create(name="Field", date=dt.date(2026, 12, 8))
    session = event.sessions.get()
    sections = [
        section_create(session=session, choice=choice, letter=letter, first_board=first)
        for (choice, first), letter in zip(CHOICES, "ABCD", strict=True)
    ]
    field_plays._plays.clear()
    for count in range(1, len(sections) + 1):
        for field in (sections[:count], [sections[count - 1]]):
            fresh = [Section.objects.get(pk=s.pk) for s in field]
            assert field_plays.field_expected(fresh) == fresh_expected(fresh)
            assert field_plays.field_expected(fresh) == fresh_expected(fresh)
    Section.objects.filter(pk=sections[0].pk).update(tables=5)
    changed = [Section.objects.get(pk=sections[0].pk)]
    assert field_plays.field_expected(changed) == fresh_expected(changed)
    Section.objects.filter(pk=sections[0].pk).update(movement=Section.Movement.NONE)
    imported = [Section.objects.get(pk=sections[0].pk)]
    assert field_plays.field_expected(imported) is None
    assert fresh_expected(imported) is None
