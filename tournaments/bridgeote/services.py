"""Bridgeote individual events: lay one out, and write its deals.

Players are entered table by table as they sit in round 1: entries 1 to
``size`` at table 1 (seat 0 first), the next at table 2, and are numbered by
seat (the players of seat s are s * T + 1 to s * T + T: ``movements.
bridgeote``). Every deal, from the director, a tablet or the API, goes
through :func:`bridgeote_deal_submit` and the one write path
(``services.entry``): the rule book marks each seat (``games.bridgeote.
individual``) and the section is rescored once the transaction commits.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games.bridgeote import attacking_seats, check_side_announcements, parse_contract
from games.bridgeote.individual import INDIVIDUAL_TABLES, TableDeal, seat_marks
from games.bridgeote.pack import seat_number, variant_of
from games.errors import GameError
from tournaments.bridgeote.movement import (
    MAX_TABLES,
    BridgeoteMovement,
    BridgeoteSeating,
)
from tournaments.models import (
    BridgeoteDeal,
    BridgeoteEntrant,
    Club,
    Event,
    Section,
    Source,
    Table,
)
from tournaments.services.entry import Entry, Writer, write_line
from tournaments.services.single_section import (
    PlayerEntry,
    check_player_names,
    seated_event_create,
)


@transaction.atomic
def bridgeote_event_create(
    *,
    name: str,
    date: dt.date,
    entries: Sequence[PlayerEntry],
    size: int = 5,
    rounds: int = 3,
    deals_per_round: int = 4,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create a Bridgeote individual event: its section, tables and players.

    Raises ``ValidationError`` naming the field for a bad setting.
    """
    if size not in INDIVIDUAL_TABLES:
        raise ValidationError(
            {"size": _("Bridgeote is played 3, 5, 6 or 7 a table, not %(size)s.")
             % {"size": size}}
        )  # fmt: skip
    count = len(entries)
    if count % size or not size <= count <= size * MAX_TABLES:
        raise ValidationError(
            {"players": _("%(count)d players cannot sit %(size)d a table: give "
                          "%(size)d, %(twice)d, ... %(most)d players.")
             % {"count": count, "size": size, "twice": 2 * size,
                "most": size * MAX_TABLES}}
        )  # fmt: skip
    check_player_names(entries)
    tables = count // size
    try:
        BridgeoteMovement(tables, size, rounds, deals_per_round)
    except ValueError as error:
        field = "rounds" if str(error).startswith("rounds") else "deals_per_round"
        raise ValidationError({field: str(error)}) from None
    section, _entrants = seated_event_create(
        Event(
            name=name, date=date, club=club, created_by=user, kind=Event.Kind.BRIDGEOTE
        ),
        BridgeoteEntrant,
        _numbered(entries, tables, size),
        tables=tables,
        rounds=rounds,
        boards_per_round=deals_per_round,
    )
    return section.session.event


def _numbered(
    entries: Sequence[PlayerEntry], tables: int, size: int
) -> list[tuple[int, PlayerEntry]]:
    """Entry i sits at table i // size, seat i % size: number seat * T + table."""
    return sorted(
        (seat * tables + table + 1, entry)
        for index, entry in enumerate(entries)
        for table, seat in [divmod(index, size)]
    )


def section_bridgeote_movement(section: Section) -> BridgeoteMovement:
    """The section's movement: its tables, their size, rounds and deals."""
    size = section.bridgeote_entrants.count() // max(section.tables, 1)
    return _movement(section.tables, size, section.rounds, section.boards_per_round)


@lru_cache(maxsize=256)
def _movement(tables: int, size: int, rounds: int, deals: int) -> BridgeoteMovement:
    return BridgeoteMovement(tables, size, rounds, deals)


def seated_players(
    section: Section, seating: BridgeoteSeating
) -> list[BridgeoteEntrant]:
    """The players at a table in a round, seat 0 first."""
    entrants = {
        e.number: e for e in section.bridgeote_entrants.select_related("player")
    }
    return [entrants[number] for number in seating.players]


BRIDGEOTE_AUDITED_FIELDS = (
    "contract", "taker", "partner", "taker_points", "taker_announced",
    "defence_announced", "capot", "players", "marks",
)  # fmt: skip


def bridgeote_marks_of(
    size: int,
    contract: str,
    taker: int,
    partner: int | None,
    taker_points: int,
    taker_announced: int = 0,
    defence_announced: int = 0,
    capot: bool = False,
) -> tuple[str, int | None, list[int]]:
    """Check a deal by the rule book and give (contract, partner, marks).

    Raises ``ValidationError`` naming the field at fault.
    """
    try:
        played = parse_contract(contract)
    except GameError as error:
        raise ValidationError({"contract": str(error)}) from None
    try:
        seat_number(taker, size, "taker")
    except GameError as error:
        raise ValidationError({"taker": str(error)}) from None
    try:
        attackers = attacking_seats(size, taker, partner)
    except GameError as error:
        raise ValidationError({"partner": str(error)}) from None
    hand = variant_of(size).hand_size
    sides = (
        ("taker_announcements", taker_announced, len(attackers)),
        ("defence_announcements", defence_announced, size - len(attackers)),
    )
    for field, points, players in sides:
        try:
            check_side_announcements(played, points, players * hand)
        except GameError as error:
            raise ValidationError({field: str(error)}) from None
    deal = TableDeal(
        size, played, taker, partner, taker_points, taker_announced,
        defence_announced, capot,
    )  # fmt: skip
    try:
        marks = seat_marks(deal)
    except GameError as error:
        raise ValidationError({"taker_points": str(error)}) from None
    kept_partner = None if variant_of(size).teams else partner
    return str(played), kept_partner, list(marks)


def bridgeote_deal_submit(
    *,
    table: Table,
    round: int,
    deal: int,
    contract: str,
    taker: int,
    partner: int | None = None,
    taker_points: int,
    taker_announced: int = 0,
    defence_announced: int = 0,
    capot: bool = False,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
    key: str = "",
) -> BridgeoteDeal:
    """Store deal ``deal`` played at ``table`` in round ``round`` (or correct it).

    Through the one write path: a closed session refuses it, a tablet writes
    its current round only, and every change is audited.
    """
    section = table.section
    played_round = section.round_set.filter(number=round).first()
    if played_round is None:
        raise ValidationError({"round": _("No round %(n)d.") % {"n": round}})
    movement = section_bridgeote_movement(section)
    seating = movement.seating(round, table.number)
    if deal not in seating.deals:
        raise ValidationError(
            {"deal": _("Round %(round)d plays deals %(first)d to %(last)d.")
             % {"round": round, "first": seating.deals[0],
                "last": seating.deals[-1]}}
        )  # fmt: skip
    contract, partner, marks = bridgeote_marks_of(
        movement.size, contract, taker, partner, taker_points,
        taker_announced, defence_announced, capot,
    )  # fmt: skip
    values = {
        "round": played_round,
        "contract": contract,
        "taker": taker,
        "partner": partner,
        "taker_points": taker_points,
        "taker_announced": taker_announced,
        "defence_announced": defence_announced,
        "capot": capot,
        "players": list(seating.players),
        "marks": marks,
    }
    writer = Writer.at(table, source, user, key=key)
    entry = Entry(
        section=section,
        model=BridgeoteDeal,
        slot={"table": table, "number": deal},
        values=values,
        audited=BRIDGEOTE_AUDITED_FIELDS,
        table=table,
        round=round,
        where=_("Table %(t)d, deal %(d)d") % {"t": table.number, "d": deal},
        tablet_corrects=True,
        clash=_("This deal is already recorded at this table."),
    )
    entry.line = BridgeoteDeal.objects.filter(**entry.slot).first()
    line, _created = write_line(writer, entry)
    return line


def bridgeote_open_round(table: Table, since: int = 1) -> int | None:
    """The first round (from ``since``) whose deals are not all entered at
    ``table``."""
    done = Counter(
        BridgeoteDeal.objects.filter(table=table).values_list(
            "round__number", flat=True
        )
    )
    section = table.section
    for number in range(since, section.rounds + 1):
        if done[number] < section.boards_per_round:
            return number
    return None
