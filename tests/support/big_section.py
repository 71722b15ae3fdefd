"""Build a big Mitchell section quickly, for the tests and benches of sizes.

``big_mitchell`` lays out an N-table Mitchell (up to 50 tables, any even
fix) through the service a director's page uses, so its pairs, boards,
rounds and tables (with their sign-in codes) are what a real section holds;
``play_rounds`` then stores every line of the chosen rounds in one
``bulk_create`` (not through the write path: this is test data, as
``bench/rescore.py`` makes it) and scores the section once.

    section = big_mitchell(50, even="relay", boards_per_round=1)
    play_rounds(section, rounds=range(1, 3))   # 100 lines, scored
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from games.bridge import result_score
from tournaments.models import Result, Round, Section, Session
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)

# (contract, declarer, tricks) picked by board and table: every board has ties
# and different scores.
CONTRACTS = [("4S", "N", 10), ("4S", "N", 11), ("3NT", "S", 8), ("2H", "E", 8)]


def big_mitchell(
    tables: int,
    *,
    even: str = "relay",
    boards_per_round: int = 1,
    rounds: int | None = None,
    phantom: bool = False,
    named: bool = True,
    published: bool = False,
) -> Section:
    """A Mitchell of ``tables`` tables in a new event being played.

    Pairs are named "NS 1", "EW 1"… (``named``) so that pages can be read.
    """
    event = event_create(
        name=f"Simultaneous {tables} tables",
        date=dt.date(2026, 11, 25),
        published=published,
    )
    real = 2 * tables - (1 if phantom else 0)
    names = [f"NS {n}" for n in range(1, tables + 1)] + [
        f"EW {n}" for n in range(1, tables + 1)
    ]
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice(
            Section.Movement.MITCHELL,
            tables,
            boards_per_round,
            rounds=rounds,
            even_tables=even,
            phantom=phantom,
        ),
        entries=[PairEntry(names=name) for name in names[:real]] if named else (),
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    section.session.refresh_from_db()
    return section


def play_rounds(section: Section, rounds: Iterable[int] | None = None) -> int:
    """Store every line of ``rounds`` (all by default) in bulk, score once;
    return how many lines were stored."""
    movement = section_movement(section)
    wanted = set(rounds) if rounds is not None else None
    pairs = {pair.label: pair.pk for pair in section.pairs.all()}
    boards = {board.number: board.pk for board in section.boards.all()}
    tables = dict(section.table_set.values_list("number", "pk"))
    round_rows = dict(Round.objects.filter(section=section).values_list("number", "pk"))
    offset = section.first_board - 1
    lines = []
    for seating in movement.seatings:
        if wanted is not None and seating.round not in wanted:
            continue
        if movement.is_sit_out(seating):
            continue
        for number in seating.boards:
            contract, declarer, tricks = CONTRACTS[
                (number + seating.table) % len(CONTRACTS)
            ]
            lines.append(
                Result(
                    board_id=boards[number + offset],
                    ns_pair_id=pairs[movement.pair(seating.ns).label],
                    ew_pair_id=pairs[movement.pair(seating.ew).label],
                    round_id=round_rows[seating.round],
                    table_id=tables[seating.table],
                    contract=contract,
                    declarer=declarer,
                    tricks=tricks,
                    score_ns=result_score(contract, declarer, tricks, number + offset),
                )
            )
    Result.objects.bulk_create(lines, batch_size=1000)
    rescore_section(section.pk)
    return len(lines)
