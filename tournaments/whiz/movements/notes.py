"""The director's notes on a Whiz movement sheet: who moves where.

Each note is translatable (``gettext_noop``) and filled in when the sheet is
shown: the Domy holds West, N players stay, how the E and S lines move (a
regular step in words, or "follow the guide card"), the boards, the phantoms.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from tournaments.movements.model import Listing, Note, gettext_noop
from tournaments.whiz.movements.seating import (
    EAST,
    NORTH,
    SOUTH,
    WhizPlayer,
    WhizSeating,
)


def movement_notes(
    tables: int,
    east: tuple[int, ...],
    south: tuple[int, ...],
    players: tuple[WhizPlayer, ...],
    seatings: list[WhizSeating],
    circuits: tuple[tuple[int, ...], tuple[int, ...]] | None = None,
) -> tuple[Note, ...]:
    """Return the director's notes for the movement sheet; ``circuits`` are
    the E and S circuits of tables when the lines follow them instead of
    offsets (3T - 1 players on an even number of tables)."""
    notes = [
        Note(
            gettext_noop(
                "The Domy holds the West hand at every table; each player keeps "
                "his hand (N, E or S) all session"
            )
        ),
        Note(gettext_noop("N players stay at their table")),
    ]
    if circuits:
        notes += [
            _circuit_note(line, route)
            for line, route in zip((EAST, SOUTH), circuits, strict=True)
        ]
    else:
        notes += [_moves_note(EAST, east, tables), _moves_note(SOUTH, south, tables)]
    if len(east) > 1 and east == south and not circuits:
        notes.append(
            Note(
                gettext_noop(
                    "E and S players move together: each E player has the same S "
                    "player at his table all session"
                )
            )
        )
    notes.append(
        Note(
            gettext_noop("Boards move down one table (table 1 to table %(tables)s)"),
            tables=tables,
        )
    )
    phantoms = [player for player in players if player.phantom]
    if phantoms:
        message = (
            gettext_noop(
                "Phantom %(players)s: a table with a phantom sits out (Whiz needs "
                "three players)"
            )
            if len(phantoms) == 1
            else gettext_noop(
                "Phantoms %(players)s: a table with a phantom sits out (Whiz needs "
                "three players)"
            )
        )
        notes.append(Note(message, players=Listing(p.label for p in phantoms)))
    notes += [
        Note(gettext_noop("Table %(table)s sits out every round"), table=player.number)
        for player in phantoms
        if player.line == NORTH
    ]
    shared = [s.round for s in seatings if len(s.phantom_seats) == 2]
    if shared:
        message = (
            gettext_noop("The phantoms share a table in round %(rounds)s")
            if len(shared) == 1
            else gettext_noop("The phantoms share a table in rounds %(rounds)s")
        )
        notes.append(Note(message, rounds=Listing(shared)))
    return tuple(notes)


def _circuit_note(line: str, route: tuple[int, ...]) -> Note:
    """Describe a circuit: "E players move each round to the next table of the
    circuit 1 → 2 → 4 → 3 → 1; each player starts at his own table"."""
    return Note(
        gettext_noop(
            "%(line)s players move each round to the next table of the circuit "
            "%(path)s; each player starts at the table of his number"
        ),
        line=line,
        path=" → ".join(str(table) for table in (*route, route[0])),
    )


# How many tables a line moves, in words, up to six.
_WORDS = {
    2: gettext_noop("two"),
    3: gettext_noop("three"),
    4: gettext_noop("four"),
    5: gettext_noop("five"),
    6: gettext_noop("six"),
}


def _step_words(step: int, tables: int) -> Note:
    """Return "move up one table", "move down two tables", "stay at their
    table" for a move of ``step`` tables."""
    if step == 0:
        return Note(gettext_noop("stay at their table"))
    up = step <= tables // 2
    size = step if up else tables - step
    if size == 1:
        return Note(
            gettext_noop("move up one table")
            if up
            else gettext_noop("move down one table")
        )
    count = Note(_WORDS[size]) if size in _WORDS else size
    message = (
        gettext_noop("move up %(count)s tables")
        if up
        else gettext_noop("move down %(count)s tables")
    )
    return Note(message, count=count)


def _moves_note(line: str, offsets: tuple[int, ...], tables: int) -> Note:
    """Describe how a line moves: a regular step, or "follow the guide card".

    A step taken in most rounds, with at most two exceptions, reads as a rule
    ("move up one table, but ... after round 4"); anything less regular lists
    player 1's tables, the others following shifted by their number.
    """
    steps = [(b - a) % tables for a, b in pairwise(offsets)]
    if not steps:
        return Note(gettext_noop("%(line)s players play at their own table"), line=line)
    common, times = Counter(steps).most_common(1)[0]
    exceptions = [(r, s) for r, s in enumerate(steps, start=1) if s != common]
    if 2 * times > len(steps) and len(exceptions) <= 2:
        wrap: Note | str = ""
        if common:
            wrap = Note(
                gettext_noop(" (counting on from table %(tables)s to table 1)")
                if common <= tables // 2
                else gettext_noop(" (counting back from table 1 to table %(tables)s)"),
                tables=tables,
            )
        but: Note | str = ""
        if exceptions:
            but = Note(
                gettext_noop(", but %(exceptions)s"),
                exceptions=Listing(
                    Note(
                        gettext_noop("%(move)s after round %(round)s"),
                        move=_step_words(s, tables),
                        round=r,
                    )
                    for r, s in exceptions
                ),
            )
        return Note(
            gettext_noop("%(line)s players %(move)s each round%(wrap)s%(but)s"),
            line=line,
            move=_step_words(common, tables),
            wrap=wrap,
            but=but,
        )
    return Note(
        gettext_noop(
            "%(line)s players follow the guide card: in rounds 1 to %(rounds)s "
            "%(line)s player 1 sits at tables %(path)s; %(line)s player n sits n - 1 "
            "tables higher (counting on from table %(tables)s to table 1)"
        ),
        line=line,
        rounds=len(offsets),
        path=Listing(offset % tables + 1 for offset in offsets),
        tables=tables,
    )
