"""Lay out a section, and create the events that are one section of players.

Every section is laid out the same way, whatever its game: the ``Section``
row with its movement's size, its boards, its ``Round`` rows and its
``Table`` rows (the tablets sign in with the tables' codes).  Whiz, Barbu
and Chinese bridge events are one session of one section, their players
entered one by one (``PlayerEntry``): :func:`single_section_event_create`
makes the event, its session and its laid-out section in one transaction,
and :func:`seated_event_create` also stores the players each numbered
(Whiz seats its own, by line); each game then adds what only it has.  Pairs
sections (``services.events``) and teams rounds (``services.teams``) use
:func:`section_lay_out` for their own sessions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext as _

from games.bridge import board_dealer, board_vulnerability
from tournaments.models import Board, Event, Player, Round, Section, Session, Table

BoardFields = Callable[[int], dict[str, object]]
Entrant = TypeVar("Entrant", bound=models.Model)


@dataclass(frozen=True)
class PlayerEntry:
    """A player as entered: a club member, or just a name."""

    name: str = ""
    player: Player | None = None


def check_player_names(entries: Sequence[PlayerEntry]) -> None:
    """Refuse a player who is neither a club member nor named (field "players")."""
    for index, entry in enumerate(entries, start=1):
        if entry.player is None and not entry.name.strip():
            raise ValidationError(
                {"players": _("Player %(n)d has no name.") % {"n": index}}
            )


def entrant_fields(entry: PlayerEntry) -> dict[str, object]:
    """The ``player`` and ``name`` fields of the entrant stored for ``entry``."""
    return {
        "player": entry.player,
        "name": entry.name.strip() if entry.player is None else "",
    }


def entrants_create(
    model: type[Entrant], section: Section, numbered: Iterable[tuple[int, PlayerEntry]]
) -> list[Entrant]:
    """Store the section's players as ``model`` (the game's entrant), each
    ``(number, entry)`` a club member or a name (``entrant_fields``): how
    every game of players entered one by one seats them."""
    return model.objects.bulk_create(
        model(section=section, number=number, **entrant_fields(entry))
        for number, entry in numbered
    )


def players_label(players: Sequence[Player], text: str, joiner: str) -> str:
    """How a pair or a team prints: its players' names joined, else ``text``."""
    if players:
        return joiner.join(player.full_name for player in players)
    return text


def bridge_board(number: int) -> dict[str, object]:
    """A bridge board's dealer and vulnerability, from its number."""
    return {
        "dealer": board_dealer(number),
        "vulnerability": board_vulnerability(number),
    }


def section_lay_out(
    session: Session,
    *,
    boards: Iterable[int] = (),
    board_fields: BoardFields = bridge_board,
    round_rows: bool = True,
    **fields: object,
) -> Section:
    """Create a section of ``session`` with ``fields``, its boards, rounds, tables.

    ``boards`` are the board numbers, each made with ``board_fields(number)``;
    a ``Round`` row is made for each of the section's rounds unless
    ``round_rows`` is false (a Chinese bridge section pairs its rounds in
    matches), a ``Table`` row for each of its tables.
    """
    section = Section.objects.create(session=session, **fields)
    Board.objects.bulk_create(
        Board(section=section, number=number, **board_fields(number))
        for number in boards
    )
    if round_rows:
        Round.objects.bulk_create(
            Round(section=section, number=n) for n in range(1, section.rounds + 1)
        )
    Table.objects.bulk_create(
        Table(section=section, number=n) for n in range(1, section.tables + 1)
    )
    return section


@transaction.atomic
def single_section_event_create(event: Event, **layout: Any) -> Section:
    """Save ``event`` (validated) with its one playing session and laid-out section.

    ``layout`` is what :func:`section_lay_out` takes besides the session:
    the boards and how each is made, whether it has round rows, and the
    section's fields (tables, rounds, boards per round).  Its players move
    by the game's own schedule (``Section.Movement.GAME``), not as pairs of
    a Mitchell or a Howell.  Raises ``ValidationError`` for a bad event
    field; nothing is left half made.
    """
    event.full_clean()
    event.save()
    session = Session.objects.create(
        event=event, number=1, status=Session.Status.PLAYING
    )
    return section_lay_out(session, movement=Section.Movement.GAME, **layout)


@transaction.atomic
def seated_event_create(
    event: Event,
    entrant: type[Entrant],
    numbered: Iterable[tuple[int, PlayerEntry]],
    **layout: Any,
) -> tuple[Section, list[Entrant]]:
    """:func:`single_section_event_create`, then its players stored as
    ``entrant`` rows numbered as in ``numbered`` (:func:`entrants_create`):
    the whole creation of an event whose players each keep one number."""
    section = single_section_event_create(event, **layout)
    return section, entrants_create(entrant, section, numbered)
