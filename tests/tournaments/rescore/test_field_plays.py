"""``field_plays.field_expected`` (remembered across rescores) gives
``pairs.field_expected``'s Neuberg N: Mitchells and Howells of several
sizes, boards numbered from 1 or further on, sections scored apart or as one
field, a section with no movement, and a section whose movement changes."""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.models import Section
from tournaments.rescore import field_plays, pairs
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

CHOICES = [
    (MovementChoice("mitchell", 3, 2), 1),
    (MovementChoice("mitchell", 5, 3), 7),
    (MovementChoice("howell", 4, 2), 1),
    (MovementChoice("mitchell", 4, 2), 1),
]


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
            assert field_plays.field_expected(fresh) == pairs.field_expected(fresh)
            assert field_plays.field_expected(fresh) == pairs.field_expected(fresh)
    Section.objects.filter(pk=sections[0].pk).update(tables=5)
    changed = [Section.objects.get(pk=sections[0].pk)]
    assert field_plays.field_expected(changed) == pairs.field_expected(changed)
    Section.objects.filter(pk=sections[0].pk).update(movement=Section.Movement.NONE)
    imported = [Section.objects.get(pk=sections[0].pk)]
    assert field_plays.field_expected(imported) is None
    assert pairs.field_expected(imported) is None
