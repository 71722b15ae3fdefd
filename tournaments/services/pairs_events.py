"""Create a pairs event with its sections in one go (``POST /api/events/``).

The director's pages create the event (``events.event_create``), then add
each section (``events.pairs_section_add``); a client of the API gives both
at once.  Everything is written in one transaction: a section that cannot be
laid out leaves no event behind, and its refusal names the section's field
as the request gave it (``sections[1].tables``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.models import Club, Event, Section
from tournaments.selectors.movement import MovementChoice
from tournaments.services.events import PairEntry, event_create, pairs_section_add


@dataclass(frozen=True)
class SectionPlan:
    """A section to lay out in the new event's first session."""

    choice: MovementChoice
    entries: Sequence[PairEntry] = field(default=())
    first_board: int = 1
    traveller_privacy: str = Section.TravellerPrivacy.UNTIL_PLAYED


@transaction.atomic
def pairs_event_create(
    *,
    name: str,
    date: dt.date,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
    sections: Sequence[SectionPlan] = (),
    **settings: object,
) -> Event:
    """A pairs event scored with ``settings`` and its first session holding
    ``sections`` (lettered A, B… in order); nothing is kept if one is refused."""
    event = event_create(name=name, date=date, club=club, user=user, **settings)
    session = event.sessions.get()
    for index, plan in enumerate(sections):
        try:
            pairs_section_add(
                session=session,
                choice=plan.choice,
                entries=plan.entries,
                first_board=plan.first_board,
                traveller_privacy=plan.traveller_privacy,
            )
        except ValidationError as error:
            raise _in_section(index, error) from None
    return event


def _in_section(index: int, error: ValidationError) -> ValidationError:
    """``error`` with its fields named under the request's ``sections[index]``."""
    if not hasattr(error, "error_dict"):
        return ValidationError({f"sections[{index}]": error.messages})
    return ValidationError(
        {
            f"sections[{index}].{name}": texts
            for name, texts in error.message_dict.items()
        }
    )
