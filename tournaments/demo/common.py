"""What every game's demo does: find the club's players, deal the boards,
enter a simulated table result."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from functools import wraps

from django.db.models import QuerySet

from games.deal import Deal
from games.simulate import simulate_table_result
from tournaments.models import Board, Club, Event, Pair, Player, Section
from tournaments.services.results import result_submit
from tournaments.services.single_section import PlayerEntry


def loaded(club: Club, name: str) -> bool:
    """The club already has the demo event called ``name``."""
    return Event.objects.filter(club=club, name=name).exists()


Loader = Callable[[Club, dt.date], Event]


def made_once(name: str) -> Callable[[Loader], Callable[[Club, dt.date], Event | None]]:
    """A demo loader that makes its event ``name`` only if the club has none
    of that name: loading the demo twice adds nothing (then None)."""

    def once(load: Loader) -> Callable[[Club, dt.date], Event | None]:
        @wraps(load)
        def loader(club: Club, date: dt.date) -> Event | None:
            return None if loaded(club, name) else load(club, date)

        return loader

    return once


def demo_players(
    club: Club, name: str, count: int, *, skip: int = 0, newest: bool = False
) -> list[Player]:
    """``count`` active players of the club (oldest first, or newest), after
    the first ``skip``; ValueError when the club has too few."""
    active: QuerySet[Player] = club.players.filter(active=True)
    players = list(active.order_by("-pk" if newest else "pk")[skip : skip + count])
    if len(players) < count:
        raise ValueError(
            f"{name} needs {count} active players in {club}, found {len(players)}"
        )
    return players


def player_event(
    create: Callable[..., Event],
    club: Club,
    name: str,
    date: dt.date,
    players: list[Player],
    **settings: object,
) -> tuple[Event, Section]:
    """A one-section event of a game of players (Whiz, Barbu, Chinese bridge)
    made by its service ``create``, the players seated in the order given."""
    entries = [PlayerEntry(player=player) for player in players]
    event = create(name=name, date=date, club=club, entries=entries, **settings)
    return event, Section.objects.get(session__event=event)


def deal_boards(
    section: Section, rng: random.Random
) -> tuple[dict[int, Board], dict[int, Deal]]:
    """Deal every board of the section at random, by number, and store the deals."""
    boards = {board.number: board for board in section.boards.order_by("number")}
    deals = {number: Deal.random(rng) for number in sorted(boards)}
    for number, board in boards.items():
        board.deal = deals[number].to_pbn()
    Board.objects.bulk_update(boards.values(), ["deal"])
    return boards, deals


def play_simulated(
    board: Board,
    deal: Deal,
    pairs: tuple[Pair, Pair],
    rng: random.Random,
    edge: float,
    **where: object,
) -> None:
    """Enter the result a table would make of ``deal`` (NS ``edge`` tricks
    stronger), without rescoring: the demo scores each section once."""
    result = simulate_table_result(deal, board.number, rng, ns_edge=edge)
    ns, ew = pairs
    result_submit(
        board=board,
        ns_pair=ns,
        ew_pair=ew,
        contract=result.contract,
        declarer=result.declarer,
        tricks=None if result.passed_out else result.tricks,
        lead=result.lead,
        rescore=False,
        **where,
    )
