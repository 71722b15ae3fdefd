"""Create events and sections, laying out pairs, boards, rounds and tables."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy

from games.bridge import board_dealer, board_vulnerability
from tournaments.models import (
    Board,
    Club,
    Event,
    Pair,
    Player,
    Result,
    Round,
    Section,
    Session,
    Table,
)
from tournaments.selectors.movement import MovementChoice
from tournaments.services.analysis import ANALYSIS_FIELDS


@dataclass(frozen=True)
class PairEntry:
    """Who plays as one pair: chosen players, or just the names to print."""

    players: Sequence[Player] = ()
    names: str = ""

    @property
    def label(self) -> str:
        if self.players:
            return " – ".join(player.full_name for player in self.players)
        return self.names


@transaction.atomic
def event_create(
    *,
    name: str,
    date: dt.date,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
    **settings: object,
) -> Event:
    """Create a pairs event with its first session; ``settings`` are scoring fields."""
    event = Event(name=name, date=date, club=club, created_by=user, **settings)
    event.full_clean()
    event.save()
    Session.objects.create(event=event, number=1)
    return event


DEAL_FIELDS = ("deal", *ANALYSIS_FIELDS)


def session_deals(session: Session, numbers: list[int]) -> dict[int, dict[str, object]]:
    """The deals (and analysis) the session's other sections already hold, by
    board number: sections of a session play the same boards, so a section
    added after the hand records were imported gets them too."""
    boards = Board.objects.filter(section__session=session, number__in=numbers).exclude(
        deal=""
    )
    return {
        board.number: {name: getattr(board, name) for name in DEAL_FIELDS}
        for board in boards.order_by("section__letter")
    }


@transaction.atomic
def section_create(
    *,
    session: Session,
    choice: MovementChoice,
    entries: Sequence[PairEntry] = (),
    letter: str = "A",
    first_board: int = 1,
    traveller_privacy: str = Section.TravellerPrivacy.UNTIL_PLAYED,
) -> Section:
    """Lay out a section for a movement: its pairs, boards, rounds and tables.

    ``entries`` fill the real pairs in the movement's order (NS pairs then EW
    in a Mitchell); missing entries leave pairs to be named later.
    """
    movement = choice.build()
    section = Section.objects.create(
        session=session,
        letter=letter,
        movement=choice.kind,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        even_tables=choice.even_tables,
        arrow_switch_rounds=sorted(movement.arrow_switch_rounds),
        phantom=choice.phantom,
        first_board=first_board,
        traveller_privacy=traveller_privacy,
    )
    real = [pair for pair in movement.pairs if not pair.phantom]
    for index, spec in enumerate(real):
        entry = entries[index] if index < len(entries) else PairEntry()
        pair = Pair.objects.create(
            section=section,
            number=spec.number,
            direction=spec.direction or "",
            names=entry.label,
        )
        pair.players.set(entry.players)
    numbers = [number + first_board - 1 for number in movement.boards]
    dealt = session_deals(session, numbers)
    Board.objects.bulk_create(
        Board(
            section=section,
            number=number,
            dealer=board_dealer(number),
            vulnerability=board_vulnerability(number),
            **dealt.get(number, {}),
        )
        for number in numbers
    )
    Round.objects.bulk_create(
        Round(section=section, number=n) for n in range(1, movement.rounds + 1)
    )
    Table.objects.bulk_create(
        Table(section=section, number=n) for n in range(1, movement.tables + 1)
    )
    return section


GAME_FIXED = gettext_lazy("The game cannot change once results are stored.")


def game_fixed(event: Event) -> bool:
    """Whether the event's game is settled: a line of it is stored."""
    return Result.objects.filter(board__section__session__event=event).exists()


@transaction.atomic
def event_settings_change(event: Event, **settings: object) -> int:
    """Change a pairs event's name, date, club or scoring settings.

    Every section is rescored once the change commits (the scorer always
    recomputes a whole section), so the rankings follow the new settings;
    returns how many sections were queued.  The game cannot change once a
    line is stored: its lines would not be lines of the other game.
    """
    from tournaments.services.rescoring import section_changed

    game = settings.get("game", event.game)
    if game != event.game and game_fixed(event):
        raise ValidationError({"game": GAME_FIXED})
    for name, value in settings.items():
        setattr(event, name, value)
    event.full_clean()
    event.save()
    sections = list(
        Section.objects.filter(session__event=event).values_list("pk", flat=True)
    )
    for section in sections:
        section_changed(section)
    return len(sections)
