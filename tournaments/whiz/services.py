"""Whiz-Bridge events: lay one out, and write its table results (the one write path).

An event of kind "whiz" has one session and one section played on the
individual movement of ``tournaments.whiz.movements``: players are entered
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
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import GameError
from games.whiz import parse_contract, player_points
from tournaments.models import (
    Board,
    Club,
    Event,
    Section,
    Source,
    Table,
    WhizEntrant,
    WhizResult,
)
from tournaments.services.audit import WHIZ_AUDITED_FIELDS
from tournaments.services.checks import parse_adjusted
from tournaments.services.entry import Entry, Writer, write_line
from tournaments.services.line_answers import LineAnswers
from tournaments.services.single_section import (
    PlayerEntry,
    check_player_names,
    entrant_fields,
    single_section_event_create,
)
from tournaments.whiz.movements import (
    MAX_TABLES,
    MIN_TABLES,
    WhizMovement,
    WhizSeating,
    check_whiz_movement,
    whiz_movement,
)

POSITIONS = ("N", "E", "S")
# Whiz has no vulnerability; each human player deals in turn (the Domy never).
DEALERS = "NES"


# The name the Whiz, Barbu and Chinese bridge callers have long imported.
WhizEntry = PlayerEntry


def whiz_board(number: int) -> dict[str, object]:
    """A Whiz board: no vulnerability, the three players dealing in turn."""
    return {"dealer": DEALERS[(number - 1) % len(DEALERS)], "vulnerability": "None"}


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
                    "A Whiz tournament has %(low)d to %(high)d players "
                    "(%(fewest)d to %(most)d tables), got %(count)d."
                )
                % {
                    "low": 3 * MIN_TABLES - 2,  # the last table's two empty seats
                    "high": 3 * MAX_TABLES,
                    "fewest": MIN_TABLES,
                    "most": MAX_TABLES,
                    "count": len(entries),
                }
            }
        )
    check_player_names(entries)
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
    section = single_section_event_create(
        event,
        boards=movement.boards,
        board_fields=whiz_board,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
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
            **entrant_fields(entry),
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
    """The section's movement, from its tables, rounds and players.

    Built once per process for each shape (``_built``): a submission looks it
    up several times (the seating, the players, the round, the privacy).
    """
    players = section.whiz_entrants.count()
    return _built(section.tables, section.boards_per_round, players, section.rounds)


@lru_cache(maxsize=256)
def _built(
    tables: int, boards_per_round: int, players: int, rounds: int
) -> WhizMovement:
    """A Whiz movement, generated (a frozen value, so shared safely)."""
    return whiz_movement(tables, boards_per_round, players=players, rounds=rounds)


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
    """Seat the movement's players, then store through the one write path."""
    if table.section_id != board.section_id:
        raise ValidationError({"table": _("This table is in another section.")})
    section = board.section
    seating = table_seating(section, board, table)
    players = seated_players(section, seating)
    fields.update(
        table=table,
        round=section.round_set.get(number=seating.round),
        north=players["N"],
        east=players["E"],
        south=players["S"],
    )
    writer = Writer.at(table, source, user, key, rescore)
    entry = _entry(board, table, seating.round, fields, result)
    line, created = write_line(writer, entry)
    return line, created


def _entry(
    board: Board,
    table: Table,
    round_number: int | None,
    fields: dict[str, object],
    result: WhizResult | None,
) -> Entry:
    """A Whiz line as the write path takes it."""
    return Entry(
        section=board.section,
        model=WhizResult,
        slot={"board": board, "north": fields.get("north")},
        values=fields,
        audited=WHIZ_AUDITED_FIELDS,
        table=table,
        round=round_number,
        where=_("Board %(b)d at table %(t)d") % {"b": board.number, "t": table.number},
        board=board,
        line=result,
        key_scope={"board": board},
        adjusted=bool(fields.get("adjusted_n")),
        clash=_("These players already have a result on board %(b)d.")
        % {"b": board.number},
    )


def _stored_entry(result: WhizResult) -> Entry:
    """A stored Whiz line as the write path takes it, to answer or resolve."""
    round_number = result.round.number if result.round_id else None
    return _entry(result.board, result.table, round_number, {}, result)


# The two other players agree with a Whiz line (locking it for the tablet) or
# call the director; the director keeps a disputed line as entered, audited.
WHIZ_ANSWERS = LineAnswers(_stored_entry)
whiz_result_answer = WHIZ_ANSWERS.answer
whiz_result_resolve = WHIZ_ANSWERS.resolve
