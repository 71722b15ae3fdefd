"""Build played pairs fields of any shape for the page and ranking tests.

``played_field`` makes one session of ``sections`` Mitchell sections of
``tables`` tables each (``rounds`` rounds of ``boards`` boards), every line
entered and scored; the pairs have no players and, unless ``names`` is set, no
names: what an import of an unnamed file or a quick club night leaves.
"""

from __future__ import annotations

import datetime as dt

from tournaments.models import Event, Result, Section, Session
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.results import played_line_fields, result_submit

CONTRACTS = [("4S", "N", 10), ("4S", "N", 11), ("3NT", "S", 8), ("2H", "E", 8)]


def played_mitchell(
    session: Session,
    letter: str,
    tables: int,
    *,
    boards: int = 2,
    rounds: int = 3,
    names: list[str] | None = None,
    entered: bool = False,
) -> Section:
    """A Mitchell of ``tables`` tables in ``session``, every line stored, scored.

    ``entered``: each line goes through the one write path (``result_submit``,
    audited, as a tablet's would).  Otherwise the lines are stored in one
    insert, their scores computed as the write path computes them: the page,
    ranking and export tests need a played field, not the write path again
    (some 10 ms a line, thousands of lines a module)."""
    full = tables - 1 if tables % 2 == 0 else tables
    section = section_create(
        session=session,
        choice=MovementChoice("mitchell", tables, boards, rounds=min(rounds, full)),
        letter=letter,
        entries=[PairEntry(names=name) for name in names or []],
    )
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    board_rows = {
        board.number: board
        for board in section.boards.select_related("section__session__event")
    }
    rounds_by_number = {row.number: row for row in section.round_set.all()}
    tables_by_number = {row.number: row for row in section.table_set.all()}
    stored = []
    for seating in movement.seatings:
        ns = pairs[movement.pair(seating.ns).label]
        ew = pairs[movement.pair(seating.ew).label]
        for number in seating.boards:
            pick = (number + 2 * ns.number + ew.number + ord(letter)) % len(CONTRACTS)
            contract, declarer, tricks = CONTRACTS[pick]
            board = board_rows[number]
            if entered:
                result_submit(
                    board=board, ns_pair=ns, ew_pair=ew, contract=contract,
                    declarer=declarer, tricks=tricks, rescore=False,
                )  # fmt: skip
                continue
            fields = played_line_fields(board, contract, declarer, tricks)
            stored.append(
                Result(
                    board=board, ns_pair=ns, ew_pair=ew,
                    round=rounds_by_number[seating.round],
                    table=tables_by_number[seating.table], **fields,
                )
            )  # fmt: skip
    Result.objects.bulk_create(stored)
    rescore_section(section.pk)
    return section


def played_field(
    sections: int,
    tables: int,
    *,
    boards: int = 2,
    rounds: int = 3,
    published: bool = True,
    **settings: object,
) -> Event:
    """One session of ``sections`` sections (A, B, ...) of ``tables`` tables;
    ``settings`` are the event's scoring fields (``method="butler"``)."""
    event = event_create(
        name=f"Field {sections}x{tables}",
        date=dt.date(2026, 11, 25),
        published=published,
        **settings,
    )
    session = event.sessions.get()
    for index in range(sections):
        played_mitchell(
            session, chr(ord("A") + index), tables, boards=boards, rounds=rounds
        )
    return event
