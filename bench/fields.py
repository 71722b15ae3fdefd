"""Build big played pairs fields for the benches, in bulk (no write path).

``mitchell_event(tables)`` makes one published event of one session:
Mitchell sections of at most 25 tables (``manage.py bench_section`` splits
them so), 13 rounds of 2 boards, so boards 1-26 at every table; every line of
every movement stored with ``bulk_create`` (3NT or 4S made or not, from a
seeded dice), nothing scored yet.
"""

from __future__ import annotations

import datetime as dt
import math
import random
import string

BOARDS_A_TABLE = 26
MAX_ROUNDS = 13


def section_letter(index: int) -> str:
    """A, B, ..., Z, AA, AB, ...: the ``index``-th section's letter."""
    letters = string.ascii_uppercase
    if index < len(letters):
        return letters[index]
    return section_letter(index // len(letters) - 1) + letters[index % len(letters)]


def mitchell_event(tables: int, *, across_field: bool = False) -> object:
    """A published event of ``tables`` Mitchell tables, every line stored."""
    from django.db import transaction

    from tournaments.management.commands.bench_section import section_sizes
    from tournaments.services.events import MovementChoice, event_create, section_create

    with transaction.atomic():
        event = event_create(
            name=f"Field of {tables}",
            date=dt.date.today(),
            published=True,
            across_field=across_field,
        )
        session = event.sessions.get()
        for index, size in enumerate(section_sizes(tables)):
            full = size - 1 if size % 2 == 0 else size
            rounds = min(MAX_ROUNDS, full)
            choice = MovementChoice(
                "mitchell", size, math.ceil(BOARDS_A_TABLE / rounds), rounds=rounds
            )
            section = section_create(
                session=session, choice=choice, letter=section_letter(index)
            )
            fill(section)
    return event


def fill(section: object) -> None:
    """Every line of the section's movement, a 3NT or 4S made or not."""
    from tournaments.models import Result
    from tournaments.selectors.movement import section_movement

    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    offset = section.first_board - 1
    dice = random.Random(section.letter)
    lines = []
    for seating in movement.seatings:
        if movement.is_sit_out(seating):
            continue
        ns = pairs[movement.pair(seating.ns).label]
        ew = pairs[movement.pair(seating.ew).label]
        for number in seating.boards:
            tricks = dice.choice((8, 9, 9, 10, 10, 11))
            contract, need = dice.choice((("3NT", 9), ("4S", 10)))
            made = tricks - need
            score = (400 + 30 * max(made, 0)) if made >= 0 else 50 * made
            lines.append(
                Result(
                    board=boards[number + offset],
                    ns_pair=ns,
                    ew_pair=ew,
                    contract=contract,
                    declarer="N",
                    tricks=tricks,
                    score_ns=score + (20 if contract == "4S" and made >= 0 else 0),
                )
            )
    Result.objects.bulk_create(lines, batch_size=2000)
