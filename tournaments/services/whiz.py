"""Whiz-Bridge events: lay one out, and write its table results (the one write path).

An event of kind "whiz" has one session and one section played on the
individual movement of ``tournaments.movements.whiz``: players are entered
in order and seated three a table (players 1-3 start at table 1 on N, E and
S), the Domy is the West hand of every board.  Every result, from the
director, the API or a tablet, goes through :func:`whiz_result_submit` or
:func:`whiz_result_adjust`: the contract is checked by the rule book
(``games.whiz``), the players are those the movement seats at that table
for that board, each player's points follow the event's mark, and the
section is rescored once the transaction commits.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from games.errors import GameError
from games.whiz import parse_contract, player_points
from tournaments.models import (
    Board,
    Club,
    Event,
    Player,
    ResultChange,
    Round,
    Section,
    Session,
    Source,
    Table,
    WhizEntrant,
    WhizResult,
)
from tournaments.movements.whiz import (
    WhizMovement,
    WhizSeating,
    check_whiz_movement,
    whiz_movement,
)
from tournaments.services.audit import (
    WHIZ_AUDITED_FIELDS,
    change_action,
    record_change,
    snapshot,
)
from tournaments.services.checks import check_open, parse_adjusted
from tournaments.services.results import queue_scoring

MIN_TABLES, MAX_TABLES = 3, 12
POSITIONS = ("N", "E", "S")
# Whiz has no vulnerability; each human player deals in turn (the Domy never).
DEALERS = "NES"


@dataclass(frozen=True)
class WhizEntry:
    """A player as entered: a club member, or just a name."""

    name: str = ""
    player: Player | None = None


def whiz_tables(players: int) -> int:
    """Tables for ``players``: three a table, the last one or two seats empty."""
    return -(-players // 3)


@transaction.atomic
def whiz_event_create(
    *,
    name: str,
    date: dt.date,
    entries: Sequence[WhizEntry],
    boards_per_round: int,
    rounds: int | None = None,
    mark: str = Event.WhizMark.STANDARD,
    exact: bool = False,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create a Whiz event, its section, boards, tables and seated players.

    Raises ``ValidationError`` naming the field for a bad setting.
    """
    tables = whiz_tables(len(entries))
    if not MIN_TABLES <= tables <= MAX_TABLES:
        raise ValidationError(
            {
                "players": _(
                    "A Whiz tournament has 7 to 36 players (3 to 12 tables), "
                    "got %(count)d."
                )
                % {"count": len(entries)}
            }
        )
    for index, entry in enumerate(entries, start=1):
        if entry.player is None and not entry.name.strip():
            raise ValidationError(
                {"players": _("Player %(n)d has no name.") % {"n": index}}
            )
    try:
        movement = whiz_movement(
            tables, boards_per_round, players=len(entries), rounds=rounds
        )
    except ValueError as error:
        field = "rounds" if "rounds" in str(error) else "boards_per_round"
        raise ValidationError({field: str(error)}) from None
    problems = check_whiz_movement(movement)
    if problems:
        raise ValidationError({"rounds": problems})
    event = Event(
        name=name,
        date=date,
        club=club,
        created_by=user,
        kind=Event.Kind.WHIZ,
        whiz_mark=mark,
        whiz_exact=exact,
    )
    event.full_clean()
    event.save()
    session = Session.objects.create(
        event=event, number=1, status=Session.Status.PLAYING
    )
    section = Section.objects.create(
        session=session,
        movement=Section.Movement.WHIZ,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
    )
    Board.objects.bulk_create(
        Board(
            section=section,
            number=number,
            dealer=DEALERS[(number - 1) % len(DEALERS)],
            vulnerability="None",
        )
        for number in movement.boards
    )
    Round.objects.bulk_create(
        Round(section=section, number=n) for n in range(1, movement.rounds + 1)
    )
    Table.objects.bulk_create(
        Table(section=section, number=n) for n in range(1, movement.tables + 1)
    )
    seats = sorted(
        (player for player in movement.players if not player.phantom),
        key=lambda player: (player.number, POSITIONS.index(player.line)),
    )
    WhizEntrant.objects.bulk_create(
        WhizEntrant(
            section=section,
            number=seat.number,
            line=seat.line,
            player=entry.player,
            name=entry.name.strip() if entry.player is None else "",
        )
        for seat, entry in zip(seats, entries, strict=True)
    )
    return event


def seat_order(section: Section) -> list[WhizEntrant]:
    """The section's players as seated at the start: table 1 N, E, S, table 2..."""
    return sorted(
        section.whiz_entrants.select_related("player"),
        key=lambda entrant: (entrant.number, POSITIONS.index(entrant.line)),
    )


def section_whiz_movement(section: Section) -> WhizMovement:
    """The section's movement, rebuilt from its tables, rounds and players."""
    return whiz_movement(
        section.tables,
        section.boards_per_round,
        players=section.whiz_entrants.count(),
        rounds=section.rounds,
    )


def table_seating(section: Section, board: Board, table: Table) -> WhizSeating:
    """The round at ``table`` that plays ``board``; ValidationError if none does."""
    movement = section_whiz_movement(section)
    number = board.number - section.first_board + 1
    for seating in movement.seatings:
        if seating.table == table.number and number in seating.boards:
            if seating.sits_out:
                raise ValidationError(
                    {"table": _("Nobody plays at table %(t)d in round %(r)d.")
                     % {"t": table.number, "r": seating.round}}
                )  # fmt: skip
            return seating
    raise ValidationError(
        {"board": _("Board %(b)d is not played at table %(t)d.")
         % {"b": board.number, "t": table.number}}
    )  # fmt: skip


def seated_players(section: Section, seating: WhizSeating) -> dict[str, WhizEntrant]:
    """The three entrants the movement seats at a table, by hand position."""
    movement = section_whiz_movement(section)
    entrants = {(e.line, e.number): e for e in section.whiz_entrants.all()}
    found = {}
    for position, player_id in zip(
        POSITIONS, (seating.north, seating.east, seating.south), strict=True
    ):
        spec = movement.player(player_id)
        found[position] = entrants[(spec.line, spec.number)]
    return found


def played_points(event: Event, contract: str, declarer: str, tricks: int | None):
    """Check a played board and give (canonical contract, declarer, points by hand).

    Raises ``ValidationError`` naming the field at fault.
    """
    try:
        parsed = parse_contract(contract)
    except GameError as error:
        raise ValidationError({"contract": str(error)}) from None
    declarer = declarer.strip().upper()
    if declarer not in POSITIONS:
        raise ValidationError(
            {"declarer": _("The declarer is N, E or S (the Domy never declares).")}
        )
    if tricks is None or not 0 <= tricks <= 13:
        raise ValidationError(
            {"tricks": _("Tricks taken by declarer must be 0 to 13.")}
        )
    points = player_points(
        str(parsed), declarer, tricks, mark=event.whiz_mark, exact=event.whiz_exact
    )
    return str(parsed), declarer, points


def whiz_result_submit(
    *,
    board: Board,
    table: Table,
    contract: str,
    declarer: str,
    tricks: int | None,
    user: AbstractBaseUser | None = None,
    result: WhizResult | None = None,
    source: str = Source.DIRECTOR,
    key: str = "",
    rescore: bool = True,
) -> tuple[WhizResult, bool]:
    """Store a played board at a table (or correct ``result``); (line, created).

    A repeated submission with the same ``key`` is stored once; a different
    second entry from a tablet is refused and the stored one flagged.
    """
    section = board.section
    contract, declarer, points = played_points(
        section.session.event, contract, declarer, tricks
    )
    fields = {
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "points_n": points["N"],
        "points_e": points["E"],
        "points_s": points["S"],
        "adjusted_n": "",
        "adjusted_e": "",
        "adjusted_s": "",
    }
    return _write(board, table, fields, user, result, source, key, rescore)


def whiz_result_adjust(
    *,
    board: Board,
    table: Table,
    marks: Mapping[str, str],
    user: AbstractBaseUser | None = None,
    result: WhizResult | None = None,
    rescore: bool = True,
) -> WhizResult:
    """Award each of the three players an artificial score: A+, A, A- or a %."""
    fields: dict[str, object] = {
        "contract": "",
        "declarer": "",
        "tricks": None,
        "points_n": None,
        "points_e": None,
        "points_s": None,
    }
    for position in POSITIONS:
        name = f"adjusted_{position.lower()}"
        fields[name] = parse_adjusted(marks.get(position, ""), name)
    line, _created = _write(
        board, table, fields, user, result, Source.DIRECTOR, "", rescore
    )
    return line


def _write(
    board: Board,
    table: Table,
    fields: dict[str, object],
    user: AbstractBaseUser | None,
    result: WhizResult | None,
    source: str,
    key: str,
    rescore: bool,
) -> tuple[WhizResult, bool]:
    check_open(board)
    if table.section_id != board.section_id:
        raise ValidationError({"table": _("This table is in another section.")})
    section = board.section
    if key:
        stored = WhizResult.objects.filter(board=board, idempotency_key=key).first()
        if stored is not None:
            return stored, False
    seating = table_seating(section, board, table)
    players = seated_players(section, seating)
    existing = WhizResult.objects.filter(board=board, north=players["N"]).first()
    if result is None and existing is not None:
        if source != Source.DIRECTOR:
            with transaction.atomic():
                WhizResult.objects.filter(pk=existing.pk).update(disputed=True)
                before = snapshot(existing, WHIZ_AUDITED_FIELDS)
                record_change(
                    board=board, action=ResultChange.Action.REFUSE, result=None,
                    before=before, after=before, user=user, table=table,
                    source=source,
                )  # fmt: skip
            raise ValidationError(
                _("Board %(b)d already has a result at this table: the director "
                  "has been told.") % {"b": board.number}
            )  # fmt: skip
        result = existing
    line = result or WhizResult(board=board)
    created = line.pk is None
    before = snapshot(line, WHIZ_AUDITED_FIELDS)
    fields.update(
        table=table,
        round=section.round_set.get(number=seating.round),
        north=players["N"],
        east=players["E"],
        south=players["S"],
        source=source,
        entered_by=user if user is not None and user.is_authenticated else None,
        idempotency_key=key or line.idempotency_key,
    )
    for name, value in fields.items():
        setattr(line, name, value)
    with transaction.atomic():
        try:
            with transaction.atomic():
                line.save()
        except IntegrityError:
            raise ValidationError(
                _("These players already have a result on board %(b)d.")
                % {"b": board.number}
            ) from None
        after = snapshot(line, WHIZ_AUDITED_FIELDS)
        if after != before:
            action = change_action(before, bool(line.adjusted_n))
            record_change(
                board=board, action=action, result=None, before=before,
                after=after, user=user, table=table, source=source,
            )  # fmt: skip
        if rescore:
            queue_scoring(board)
    return line, created
