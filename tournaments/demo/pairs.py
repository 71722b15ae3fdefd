"""The demo club's events: two finished club nights, one being played, and teams.

"Tuesday Mitchell" (7 tables, 14 pairs) and "Thursday Howell" (4 tables,
8 pairs) are laid out with the real services, every traveller line entered
through ``result_submit`` as a scorer would, then scored and closed.
"Tonight's pairs" (a 5-table Mitchell dated today) is still being played:
its tablets have entered and confirmed two rounds and half of the third, so
the director's live console, the table terminal and the provisional results
have something to show. Deals and results come from seeded random
generators (``games.simulate``), so every load gives the same events.
The other games' demo events come from their packages, reached through the
registry (``Game.demo``, ``CardGame.demo``): "Saturday Swiss teams" is an
8-team Swiss; "Sunday Whiz" a finished 4-table Whiz-Bridge tournament;
"Barbu evening" a finished game of Barbu at two tables; "Bridgeote evening"
a finished 3-table Mitchell of Bridgeote deals; "Chinese bridge round robin"
six players' finished round robin; "Individual evening" twelve players'
finished individual at three tables.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from tournaments.demo.common import (
    deal_boards,
    demo_players,
    loaded,
    play_simulated,
)
from tournaments.models import (
    Club,
    Event,
    Pair,
    Result,
    Section,
    Session,
    Source,
)
from tournaments.movements import Movement, Seating
from tournaments.registry import CARD_GAMES, GAMES
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.results import result_adjust, session_close

__all__ = ["DEMO_EVENTS", "DemoEvent", "load_demo_events"]

# Pair strength: tricks a pair gains over an average pair, drawn per pair, so
# the rankings spread out from about 35 % to 65 % as on a club night.
PAIR_SKILL_SD = 0.35
PLAYERS_PER_PAIR = 2
# A game's demo: made in the club once, on the date given (None: made before).
DemoLoader = Callable[[Club, dt.date], Event | None]


@dataclass(frozen=True)
class DemoEvent:
    """One demo event: its movement, how many players, when, and its seed.

    ``weekday`` is the day it is dated on (Monday 0): the last such day before
    today, or None for today itself. ``adjusted`` is (round, table) of the
    seating whose last board gets an artificial A+ / A- (a fouled board, say)
    instead of a result.
    ``live_rounds`` > 0 makes an event being played today: the tablets have
    entered (and E-W confirmed) that many rounds, then the next round's
    odd-numbered tables have entered theirs; the session stays open.
    """

    name: str
    kind: str
    tables: int
    boards_per_round: int
    players: int
    weekday: int | None
    seed: int
    adjusted: tuple[int, int] | None = None
    live_rounds: int = 0

    def plays(self, seating: Seating) -> bool:
        """Whether the seating's results are in when the demo is loaded."""
        if not self.live_rounds or seating.round <= self.live_rounds:
            return True
        return seating.round == self.live_rounds + 1 and seating.table % 2 == 1


DEMO_EVENTS: tuple[DemoEvent, ...] = (
    DemoEvent(
        name="Tuesday Mitchell",
        kind=Section.Movement.MITCHELL,
        tables=7,
        boards_per_round=3,
        players=28,
        weekday=1,
        seed=20240607,
        adjusted=(4, 5),
    ),
    DemoEvent(
        name="Thursday Howell",
        kind=Section.Movement.HOWELL,
        tables=4,
        boards_per_round=3,
        players=16,
        weekday=3,
        seed=20240609,
    ),
    DemoEvent(
        name="Tonight's pairs",
        kind=Section.Movement.MITCHELL,
        tables=5,
        boards_per_round=3,
        players=20,
        weekday=None,
        seed=20240611,
        live_rounds=2,
    ),
)


@transaction.atomic
def load_demo_events(club: Club) -> list[Event]:
    """Create the demo events the club does not have yet; return the new ones.

    Safe to rerun: an event whose name the club already uses is left alone.
    All in one transaction, scoring included: no event is ever left unscored
    or open (the lines are entered with ``rescore=False`` and the section is
    rescored once, rather than once per line when the transaction commits).
    """
    today = timezone.localdate()
    created = []
    for spec in DEMO_EVENTS:
        if loaded(club, spec.name):
            continue
        created.append(_create_event(club, spec, today))
    for load, weekday in game_demos():
        event = load(club, last_weekday(weekday, today))
        if event is not None:
            created.append(event)
    return created


def last_weekday(weekday: int, today: dt.date) -> dt.date:
    """The last date before ``today`` falling on ``weekday`` (Monday 0)."""
    days = (today.weekday() - weekday - 1) % 7 + 1
    return today - dt.timedelta(days=days)


def game_demos() -> tuple[tuple[DemoLoader, int], ...]:
    """Each installed game's and card game's demo event (``demo``, e.g. the
    Bridgeote evening: a pairs event played at Bridgeote) with the weekday it
    is played on (``demo_weekday``), in the order the games are installed."""
    played = (*GAMES.values(), *CARD_GAMES.values())
    return tuple(
        (game.demo, game.demo_weekday)
        for game in played
        if game.demo_weekday is not None
    )


def _create_event(club: Club, spec: DemoEvent, today: dt.date) -> Event:
    """Lay out, play, score and close one demo event."""
    players = demo_players(club, spec.name, spec.players)
    date = today if spec.weekday is None else last_weekday(spec.weekday, today)
    event = event_create(name=spec.name, date=date, club=club)
    session = event.sessions.get()
    entries = [
        PairEntry(players=players[index : index + PLAYERS_PER_PAIR])
        for index in range(0, len(players), PLAYERS_PER_PAIR)
    ]
    section = section_create(
        session=session,
        choice=MovementChoice(spec.kind, spec.tables, spec.boards_per_round),
        entries=entries,
    )
    session.status = Session.Status.PLAYING
    session.save(update_fields=["status"])
    _play(section, spec, random.Random(spec.seed))
    rescore_section(section.pk)
    if not spec.live_rounds:
        session_close(session)
    return event


def _play(section: Section, spec: DemoEvent, rng: random.Random) -> None:
    """Deal the boards and enter every seating's results, table by table."""
    movement = section_movement(section)
    if movement is None:
        raise ValueError(f"{section} has no movement to play")
    boards, deals = deal_boards(section, rng)
    pairs = _pairs_by_movement_id(section, movement)
    skill = {pair.pk: rng.gauss(0, PAIR_SKILL_SD) for pair in pairs.values()}
    rounds = {row.number: row for row in section.round_set.all()}
    tables = {row.number: row for row in section.table_set.all()}
    source = Source.TABLE if spec.live_rounds else Source.DIRECTOR
    for seating in sorted(movement.seatings, key=lambda s: (s.round, s.table)):
        if movement.is_sit_out(seating) or not spec.plays(seating):
            continue
        _confirm_rounds_before(section, seating.round, spec)
        ns, ew = pairs[seating.ns], pairs[seating.ew]
        where = {"round": rounds[seating.round], "table": tables[seating.table]}
        for number in seating.boards:
            board = boards[number + section.first_board - 1]
            adjusted = (seating.round, seating.table) == spec.adjusted
            if adjusted and number == seating.boards[-1]:
                result_adjust(
                    board=board,
                    ns_pair=ns,
                    ew_pair=ew,
                    ns="A+",
                    ew="A-",
                    rescore=False,
                    **where,
                )
                continue
            edge = skill[ns.pk] - skill[ew.pk]
            play_simulated(
                board, deals[board.number], (ns, ew), rng, edge, source=source, **where
            )
    _confirm_rounds_before(section, spec.live_rounds + 1, spec)


def _confirm_rounds_before(section: Section, round: int, spec: DemoEvent) -> None:
    """E-W agree with the live rounds' lines before the tablets move on, as
    at the table: a tablet writes its next round once the last is agreed."""
    if spec.live_rounds:
        Result.objects.filter(
            board__section=section,
            round__number__lt=round,
            round__number__lte=spec.live_rounds,
            confirmed__isnull=True,
        ).update(confirmed=timezone.now())


def _pairs_by_movement_id(section: Section, movement: Movement) -> dict[int, Pair]:
    """The section's pairs keyed by the movement's pair ids (phantom left out)."""
    stored = {(pair.number, pair.direction): pair for pair in section.pairs.all()}
    return {
        spec.id: stored[spec.number, spec.direction or ""]
        for spec in movement.pairs
        if not spec.phantom
    }
