"""Tonight's club night in one write: the event, its session and its section.

The "Tonight" pages (``director/tonight.py``) ask only the number of pairs
and the players' names; everything else follows the club: the date is
today, the event is the club's, and the scoring is the event's default
(matchpoints), since a club holds no scoring defaults of its own.  The
section is added through ``pairs_section_add``, so the session is open for
the tablets as soon as this returns: the night is ready to play.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from tournaments.models import Club, Section
from tournaments.movements import Movement
from tournaments.selectors.movement import MovementChoice
from tournaments.services.events import PairEntry, event_create, pairs_section_add
from tournaments.services.pairs import club_player


def movement_choice(movement: Movement) -> MovementChoice:
    """The stored choice that builds ``movement`` again (its phantom included)."""
    return MovementChoice(
        kind=movement.kind,
        tables=movement.tables,
        boards_per_round=movement.boards_per_round,
        rounds=movement.rounds if movement.kind == "mitchell" else None,
        even_tables="relay" if movement.variant == "relay" else "skip",
        phantom=movement.phantom is not None,
    )


def night_name(date: dt.date) -> str:
    """The event's name: "Club night of 28 November 2026", in the director's
    language."""
    return _("Club night of %(date)s") % {"date": date_format(date, "j F Y")}


def pair_entries(club: Club, names: Sequence[tuple[str, str]]) -> list[PairEntry]:
    """Each pair's two players: the club's member of that name, a new member
    otherwise (a blank name is left out, to be typed later)."""
    return [
        PairEntry(players=[club_player(club, name) for name in pair if name])
        for pair in names
    ]


@transaction.atomic
def tonight_create(
    *,
    club: Club,
    movement: Movement,
    names: Sequence[tuple[str, str]],
    date: dt.date,
    user: AbstractBaseUser | None = None,
) -> Section:
    """Create tonight's pairs event for ``club`` playing ``movement``.

    ``names`` are the pairs' two players in the movement's order (N-S pairs
    then E-W in a Mitchell).  The event, its session, the section with its
    tables, boards and pairs, and any new club members are stored together
    or not at all; a movement the section cannot hold is refused with
    ``ValidationError`` naming the field, as ``section_create`` does.
    """
    event = event_create(name=night_name(date), date=date, club=club, user=user)
    return pairs_section_add(
        session=event.sessions.get(),
        choice=movement_choice(movement),
        entries=pair_entries(club, names),
    )
