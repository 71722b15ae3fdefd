"""Individual bridge events: create one, and read its movement as pairs do.

The event is one section of players (``IndividualEntrant`` 1..n) seated by
``movements.individual_bridge``.  Each round's partnership (N-S or E-W of a
table) is stored as a ``Pair`` numbered by ``partnership_id``, named with its
two players and their seats ("N 3 Ann Smith - S 7 Bob Jones"), so that the
tablets enter boards through the one write path as in pairs bridge, and the
pairs scorer matchpoints them; ``section_pairs_movement`` gives the pairs
movement those partnerships play (each partnership one round).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import lru_cache

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.individual.movement import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    IndividualSchedule,
    individual_schedule,
)
from tournaments.models import Club, Event, IndividualEntrant, Pair, Section
from tournaments.movements.model import BoardShare, Movement, MovementPair, Seating
from tournaments.services.single_section import (
    PlayerEntry,
    check_player_names,
    seated_event_create,
)

MEMO = "_donne_individual_schedule"


@transaction.atomic
def individual_event_create(
    *,
    name: str,
    date: dt.date,
    entries: Sequence[PlayerEntry],
    rounds: int = 7,
    boards_per_round: int = 3,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create an individual event: its section, boards, tables, players and
    the partnerships of every round.  Raises ``ValidationError`` naming the
    field for a bad setting; nothing is left half made."""
    count = len(entries)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise ValidationError(
            {
                "players": _(
                    "An individual has %(low)d to %(high)d players, got %(count)d."
                )
                % {"low": MIN_PLAYERS, "high": MAX_PLAYERS, "count": count}
            }
        )
    check_player_names(entries)
    try:
        schedule = individual_schedule(count, rounds, boards_per_round)
    except ValueError as error:
        field = "boards_per_round" if "boards_per_round" in str(error) else "rounds"
        raise ValidationError({field: str(error)}) from None
    event = Event(
        name=name, date=date, club=club, created_by=user, kind=Event.Kind.INDIVIDUAL
    )
    section, entrants = seated_event_create(
        event,
        IndividualEntrant,
        enumerate(entries, start=1),
        boards=schedule.boards,
        tables=schedule.tables,
        rounds=schedule.rounds,
        boards_per_round=boards_per_round,
    )
    names = {e.number: f"{e.number} {e.name}".strip() for e in entrants}
    for entrant, entry in zip(entrants, entries, strict=True):
        if entry.player is not None:
            names[entrant.number] = f"{entrant.number} {entry.player.full_name}"
    Pair.objects.bulk_create(
        Pair(
            section=section,
            number=schedule.partnership_id(seating.round, seating.table, side),
            names=partnership_names(seating.players, side, names),
        )
        for seating in schedule.seatings
        for side in ("NS", "EW")
    )
    return event


def partnership_names(
    players: tuple[int, int, int, int], side: str, names: dict[int, str]
) -> str:
    """The partnership as the tablet shows it: each player with his seat
    (cut to the pair's printed names' length: two long names still fit)."""
    first, second = (0, 2) if side == "NS" else (1, 3)
    seats = "NESW"
    text = (
        f"{seats[first]} {names[players[first]]} - "
        f"{seats[second]} {names[players[second]]}"
    )
    return text[: Pair._meta.get_field("names").max_length]


def section_schedule(section: Section) -> IndividualSchedule:
    """The schedule an individual section plays (memoised on the instance)."""
    key = (section.rounds, section.boards_per_round)
    memo = section.__dict__.get(MEMO)
    if memo is not None and memo[0] == key:
        return memo[1]
    players = IndividualEntrant.objects.filter(section=section).count()
    schedule = individual_schedule(players, section.rounds, section.boards_per_round)
    section.__dict__[MEMO] = (key, schedule)
    return schedule


def section_pairs_movement(section: Section) -> Movement:
    """The pairs movement of an individual section: its partnerships."""
    schedule = section_schedule(section)
    return _pairs_movement(schedule.players, schedule.rounds, schedule.boards_per_round)


@lru_cache(maxsize=128)
def _pairs_movement(players: int, rounds: int, boards_per_round: int) -> Movement:
    schedule = individual_schedule(players, rounds, boards_per_round)
    pairs = tuple(
        MovementPair(id=number, number=number, direction=None)
        for number in range(1, 2 * schedule.tables * schedule.rounds + 1)
    )
    seatings = tuple(
        Seating(
            round=s.round,
            table=s.table,
            ns=schedule.partnership_id(s.round, s.table, "NS"),
            ew=schedule.partnership_id(s.round, s.table, "EW"),
            board_set=s.board_set,
            boards=s.boards,
        )
        for s in schedule.seatings
    )
    every_table = tuple(range(1, schedule.tables + 1))
    shares = (
        tuple(BoardShare(r, r, every_table) for r in range(1, rounds + 1))
        if schedule.shared_boards
        else ()
    )
    return Movement(
        kind="individual",
        name=f"Individual, {players} players",
        tables=schedule.tables,
        rounds=schedule.rounds,
        boards_per_round=boards_per_round,
        pairs=pairs,
        seatings=seatings,
        shares=shares,
    )
