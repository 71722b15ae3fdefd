"""Barbu events: lay one out, and write its deals (the one write path).

Players are entered in order. At full tables of four, player p holds seat
N, E, S or W all session (players 1..T are North, T+1..2T East, ...:
``individual_movement``) and starts at table ((p - 1) mod T) + 1; with a
count not a multiple of four some sit out each round, in turn
(``sitout_movement``). Each round every table plays a manche declared by
the seat whose turn it is. Every deal, from the director, the tablet or the
API, goes through :func:`barbu_deal_submit`: the record and the doubles are
checked by the rule book (``games.barbu``), the deal's total against the
contract's, its number in the manche, the trump and the réussite's height,
the compulsory doubles (``barbu.manche``), in a duplicate event the
same contracts at every table (``barbu.duplicate``), and the
section is rescored once the transaction commits.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from games.barbu import (
    COMPULSORY_DOUBLES,
    Contract,
    check_deal_total,
    check_doubles,
    deal_score,
    settle_doubles,
)
from games.errors import GameError
from tournaments.barbu.duplicate import (
    MIN_DUPLICATE_TABLES,
    check_same_deals,
    is_duplicate,
)
from tournaments.barbu.manche import (
    check_compulsory_doubles,
    deal_choices,
    deal_order,
)
from tournaments.barbu.movement import (
    SEATS,
    IndividualMovement,
    IndividualSeating,
    individual_movement,
)
from tournaments.barbu.sitout import (
    MAX_PLAYERS,
    SitOutMovement,
    sitout_movement,
)
from tournaments.models import (
    BarbuDeal,
    BarbuEntrant,
    Club,
    Event,
    Round,
    Section,
    Source,
    Table,
)
from tournaments.services.entry import Entry, Writer, write_line
from tournaments.services.rescoring import section_changed
from tournaments.services.single_section import (
    PlayerEntry,
    check_player_names,
    seated_event_create,
)

PLAYERS_PER_TABLE = 4
DEALS_PER_MANCHE = len(Contract)


@transaction.atomic
def barbu_event_create(
    *,
    name: str,
    date: dt.date,
    entries: Sequence[PlayerEntry],
    rounds: int = 4,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
    duplicate: bool = False,
    compulsory_doubles: int = COMPULSORY_DOUBLES,
) -> Event:
    """Create a Barbu event: its section, tables, rounds and seated players.

    ``duplicate``: a duplicate Barbu (``barbu.duplicate``), at two
    tables or more of four players each; ``compulsory_doubles``: how many
    times each other player must double the declarer a manche (0 to 7).
    Raises ``ValidationError`` naming the field for a bad setting.
    """
    count = len(entries)
    whole = isinstance(compulsory_doubles, int) and not isinstance(
        compulsory_doubles, bool
    )
    if not whole or not 0 <= compulsory_doubles <= DEALS_PER_MANCHE:
        raise ValidationError(
            {
                "compulsory_doubles": _(
                    "Each other player doubles the declarer 0 to 7 times a manche."
                )
            }
        )
    if duplicate and (
        count % PLAYERS_PER_TABLE or count < PLAYERS_PER_TABLE * MIN_DUPLICATE_TABLES
    ):
        raise ValidationError(
            {
                "players": _(
                    "A duplicate Barbu compares tables of four: 8, 12, 16... "
                    "players, got %(count)d."
                )
                % {"count": count}
            }
        )
    if not 4 <= count <= MAX_PLAYERS:
        raise ValidationError(
            {
                "players": _(
                    "Barbu is played four a table: 4 to %(most)d players (some "
                    "sitting out each round when they are not a multiple of "
                    "4), got %(count)d."
                )
                % {"most": MAX_PLAYERS, "count": count}
            }
        )
    check_player_names(entries)
    tables = count // PLAYERS_PER_TABLE
    try:
        movement = _built(tables, rounds, count)
    except ValueError as error:
        raise ValidationError({"rounds": str(error)}) from None
    seated = entries if count % PLAYERS_PER_TABLE else _seat_order(entries, tables)
    section, _entrants = seated_event_create(
        Event(
            name=name,
            date=date,
            club=club,
            created_by=user,
            kind=Event.Kind.BARBU_DUPLICATE if duplicate else Event.Kind.BARBU,
            barbu_compulsory_doubles=compulsory_doubles,
        ),
        BarbuEntrant,
        enumerate(seated, start=1),
        tables=tables,
        rounds=movement.rounds,
        boards_per_round=DEALS_PER_MANCHE,
    )
    return section.session.event


def barbu_duplicate_event_create(**settings: object) -> Event:
    """Create a duplicate Barbu event (``barbu_event_create``'s settings; a
    ``duplicate`` setting, as the Barbu forms carry it, is true here)."""
    settings.pop("duplicate", None)
    return barbu_event_create(duplicate=True, **settings)


def _seat_order(entries: Sequence[PlayerEntry], tables: int) -> list[PlayerEntry]:
    """Entries 1-4 to table 1 (N, E, S, W), 5-8 to table 2: as numbered by seat."""
    by_number: list[PlayerEntry | None] = [None] * len(entries)
    for index, entry in enumerate(entries):
        table, seat = divmod(index, PLAYERS_PER_TABLE)
        by_number[seat * tables + table] = entry
    return [entry for entry in by_number if entry is not None]


def section_barbu_movement(section: Section) -> IndividualMovement:
    """The section's movement, built once per process for each shape.

    A section whose players are not a multiple of four (one query finds the
    highest player number) has sit-outs each round (``SitOutMovement``).
    """
    highest = section.barbu_entrants.aggregate(highest=Max("number"))["highest"]
    players = max(highest or 0, PLAYERS_PER_TABLE * section.tables)
    return _built(section.tables, section.rounds, players)


@lru_cache(maxsize=256)
def _built(tables: int, rounds: int, players: int) -> IndividualMovement:
    if players % PLAYERS_PER_TABLE:
        return sitout_movement(players, rounds)
    return individual_movement(tables, rounds)


def sitting_out(section: Section, round: int) -> list[BarbuEntrant]:
    """The players who sit out round ``round`` (none at full tables of four)."""
    movement = section_barbu_movement(section)
    if not isinstance(movement, SitOutMovement):
        return []
    numbers = movement.sitting_out(round)
    return list(
        section.barbu_entrants.filter(number__in=numbers).select_related("player")
    )


def table_players(
    section: Section, seating: IndividualSeating
) -> dict[str, BarbuEntrant]:
    """The four players at a table in a round, by seat."""
    entrants = {e.number: e for e in section.barbu_entrants.select_related("player")}
    return {
        seat: entrants[number]
        for seat, number in zip(SEATS, seating.players, strict=True)
    }


def _doubles(doubles: Sequence[Sequence[object]]) -> list[tuple[str, str, int]]:
    found = []
    for item in doubles:
        if not isinstance(item, Sequence) or isinstance(item, str) or len(item) != 3:
            raise ValidationError(
                {"doubles": _("Write each double as [doubler, doubled, 1 or 2].")}
            )
        doubler, doubled, times = item
        found.append((str(doubler).upper(), str(doubled).upper(), times))
    return found


def barbu_points(
    contract: str,
    record: Mapping[str, object],
    doubles: Sequence[Sequence[object]],
    declarer: str,
) -> tuple[str, list[tuple[str, str, int]], dict[str, int]]:
    """Check a deal and give (contract, doubles, points by seat); names the field."""
    try:
        played = Contract.parse(contract)
    except GameError as error:
        raise ValidationError({"contract": str(error)}) from None
    listed = _doubles(doubles)
    try:
        base = deal_score(played, record, SEATS)
    except GameError as error:
        raise ValidationError({"record": str(error)}) from None
    try:
        check_doubles(declarer, listed, SEATS)
        points = settle_doubles(base, listed)
        check_deal_total(played, points)
    except GameError as error:
        raise ValidationError({"doubles": str(error)}) from None
    return str(played), listed, points


BARBU_AUDITED_FIELDS = (
    "contract", "declarer_id", "north_id", "east_id", "south_id", "west_id",
    "order", "trump", "height",
    "record", "doubles", "points_n", "points_e", "points_s", "points_w",
)  # fmt: skip


@transaction.atomic
def barbu_deal_submit(
    *,
    table: Table,
    round: int,
    contract: str,
    record: Mapping[str, object],
    doubles: Sequence[Sequence[object]] = (),
    order: int | None = None,
    trump: str | None = None,
    height: str | None = None,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
    rescore: bool = True,
) -> BarbuDeal:
    """Store a deal of the manche at ``table`` in round ``round`` (or correct it).

    Through the one write path: a closed session refuses it, a tablet writes
    its current round only, and every change is audited. ``order`` is the
    deal's number in the manche (by default the one it has, or the first
    free one: deals entered as played); the Trump deal needs its ``trump``
    suit and the Réussite its ``height``; the manche's compulsory doubles
    must stay reachable (``games.barbu.manche``).
    """
    section = table.section
    played_round = section.round_set.filter(number=round).first()
    if played_round is None:
        raise ValidationError({"round": _("No round %(n)d.") % {"n": round}})
    seating = section_barbu_movement(section).seating(round, table.number)
    players = table_players(section, seating)
    declarer = seating.declarer_seat
    contract, listed, points = barbu_points(contract, record, doubles, declarer)
    # The round is locked while its deals are checked and written, so that
    # two deals entered at once (the director and a tablet; two tables of a
    # duplicate) cannot both pass the order, doubles and same-deal checks:
    # the second waits and reads the first.
    Round.objects.select_for_update(no_key=True).filter(pk=played_round.pk).first()
    others = list(
        BarbuDeal.objects.filter(table=table, round=played_round)
        .exclude(contract=contract)
        .values_list("order", "contract", "doubles")
    )
    stored = BarbuDeal.objects.filter(
        table=table, round=played_round, contract=contract
    ).first()
    # A manche entered before issue 22 has deals without a number: it is
    # corrected under the rules it was entered with (no number, trump,
    # height or compulsory doubles required), so old events stay correctable.
    legacy = (stored is not None and stored.order is None) or any(
        number is None for number, _c, _d in others
    )
    trump, height = deal_choices(contract, trump, height, required=not legacy)
    if legacy:
        order = deal_order(contract, order, stored, others) if order else None
    else:
        order = deal_order(contract, order, stored, others)
        if is_duplicate(section):
            check_same_deals(table, played_round, contract, order)
        check_compulsory_doubles(
            declarer,
            players,
            [doubles for _n, _c, doubles in others] + [listed],
            section.session.event.barbu_compulsory_doubles,
        )
    values = {
        "declarer": players[declarer],
        "north": players["N"],
        "east": players["E"],
        "south": players["S"],
        "west": players["W"],
        "order": order,
        "trump": trump,
        "height": height,
        "record": dict(record),
        "doubles": [list(item) for item in listed],
        "points_n": points["N"],
        "points_e": points["E"],
        "points_s": points["S"],
        "points_w": points["W"],
    }
    writer = Writer.at(table, source, user, rescore=rescore)
    entry = Entry(
        section=section,
        model=BarbuDeal,
        slot={"table": table, "round": played_round, "contract": contract},
        values=values,
        audited=BARBU_AUDITED_FIELDS,
        table=table,
        round=round,
        where=_("Table %(t)d, round %(r)d, %(contract)s")
        % {"t": table.number, "r": round, "contract": contract},
        tablet_corrects=True,
        clash=_(
            "This contract, or this deal number, is already recorded for this manche."
        ),
    )
    entry.line = stored
    deal, _created = write_line(writer, entry)
    return deal


def queue_section(section: Section) -> None:
    """Rescore the section once the current transaction commits."""
    section_changed(section.pk)
