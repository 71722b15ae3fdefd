"""Create events and sections, laying out pairs, boards, rounds and tables."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy

from tournaments.models import (
    Board,
    Club,
    Event,
    Pair,
    Player,
    Result,
    Section,
    Session,
)
from tournaments.movements import Movement
from tournaments.registry import event_game
from tournaments.selectors.movement import MovementChoice
from tournaments.services.analysis import ANALYSIS_FIELDS
from tournaments.services.push import event_pushed
from tournaments.services.section_sizes import check_tables
from tournaments.services.single_section import (
    bridge_board,
    players_label,
    section_lay_out,
)


@dataclass(frozen=True)
class PairEntry:
    """Who plays as one pair: chosen players, or just the names to print."""

    players: Sequence[Player] = ()
    names: str = ""

    @property
    def label(self) -> str:
        return players_label(self.players, self.names, " – ")


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
    in a Mitchell); missing entries leave pairs to be named later.  A choice
    the movement cannot make raises ``ValidationError`` naming the field
    ("A Mitchell has at most 50 tables." on ``tables``).  The pairs and their
    players are stored in two statements whatever the section's size.
    """
    movement = built_movement(choice)
    numbers = [number + first_board - 1 for number in movement.boards]
    dealt = session_deals(session, numbers)
    section = section_lay_out(
        session,
        boards=numbers,
        board_fields=lambda number: bridge_board(number) | dealt.get(number, {}),
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
    filled = [
        entries[index] if index < len(entries) else PairEntry()
        for index in range(len(real))
    ]
    pairs = Pair.objects.bulk_create(
        Pair(
            section=section,
            number=spec.number,
            direction=spec.direction or "",
            names=entry.label,
        )
        for spec, entry in zip(real, filled, strict=True)
    )
    Through = Pair.players.through
    Through.objects.bulk_create(
        Through(pair_id=pair.pk, player_id=player_id)
        for pair, entry in zip(pairs, filled, strict=True)
        for player_id in dict.fromkeys(player.pk for player in entry.players)
    )
    return section


# The argument a movement's ValueError names first -> the field it is about.
CHOICE_FIELDS = {
    "tables": "tables",
    "rounds": "rounds",
    "boards_per_round": "boards_per_round",
    "even": "even_tables",
    "pairs": "phantom",
    "phantom": "phantom",
    "arrow_switch": "arrow_switch",
}


def built_movement(choice: MovementChoice) -> Movement:
    """The movement of ``choice``, or ``ValidationError`` naming the field.

    The number of tables is checked against the movement's own cap first,
    so that the refusal states it; any other bad argument is refused under
    the field the movement's message names (``rounds`` for a curtailed relay
    Mitchell).
    """
    check_tables(choice.kind, choice.tables)
    try:
        return choice.build()
    except ValueError as error:
        message = str(error)
        first = message.split(" ", 1)[0]
        raise ValidationError({CHOICE_FIELDS.get(first, "movement"): message}) from None


# A, ..., Z, then AA, AB, ..., ZZ: a national simultaneous scored across the
# field has more than 26 sections of one session (2,000 tables of at most 50).
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SECTION_LETTERS = [*_LETTERS, *(a + b for a in _LETTERS for b in _LETTERS)]


def pairs_section_add(
    *,
    session: Session,
    choice: MovementChoice,
    entries: Sequence[PairEntry] = (),
    first_board: int = 1,
    traveller_privacy: str = Section.TravellerPrivacy.UNTIL_PLAYED,
) -> Section:
    """Add a pairs section to ``session`` under its next free letter (A, B…).

    The session is then being played.  Refused with ``ValidationError``
    naming the field: ``session`` for another game's session, a closed one
    (its results are final until the director reopens it) or one whose 702
    letters (A to ZZ) are taken, ``tables`` (and the others) for a movement
    that cannot be made.  The session's row is locked while the letter is
    chosen, so two directors adding sections at once get two letters.
    """
    with transaction.atomic():
        locked = (
            Session.objects.select_for_update(of=("self",))
            .select_related("event")
            .get(pk=session.pk)
        )
        if not event_game(locked.event).ranks_pairs:
            raise ValidationError(
                {"session": gettext_lazy("Only a pairs event has pairs sections.")}
            )
        if locked.status == Session.Status.CLOSED:
            raise ValidationError(
                {"session": gettext_lazy("This session is closed: reopen it first.")}
            )
        used = set(locked.sections.values_list("letter", flat=True))
        free = [letter for letter in SECTION_LETTERS if letter not in used]
        if not free:
            raise ValidationError(
                {"session": gettext_lazy("A session has at most 702 sections.")}
            )
        section = section_create(
            session=locked,
            choice=choice,
            entries=entries,
            letter=free[0],
            first_board=first_board,
            traveller_privacy=traveller_privacy,
        )
        Session.objects.filter(pk=locked.pk).update(status=Session.Status.PLAYING)
        # The event's tablets waiting for this session move on to it.
        event_pushed(locked.event_id)
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
