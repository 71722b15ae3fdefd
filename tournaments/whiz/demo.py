"""The demo club's Whiz-Bridge tournament: 4 tables, 12 players, finished.

"Sunday Whiz" is laid out with the real services (12 club members seated
three a table, 2 boards a round, 4 rounds), every table's board entered
through ``whiz_result_submit`` as the tablets would, scored, and closed.
Results come from the bridge simulator: the simulated bridge contract at
level L becomes a Whiz contract of 6 + L tricks with the same trumps; a
West declarer (the Domy's seat) hands the contract to East, and a
passed-out deal is redrawn.  Seeded, so every load gives the same event.
"""

from __future__ import annotations

import datetime as dt
import random

from games.deal import Deal
from games.simulate import simulate_table_result
from tournaments.demo.common import (
    deal_boards,
    demo_players,
    made_once,
    player_event,
)
from tournaments.models import Club, Event, Section
from tournaments.services.results import session_close
from tournaments.whiz.rescore import rescore_whiz_section
from tournaments.whiz.services import (
    section_whiz_movement,
    whiz_event_create,
    whiz_result_submit,
)

NAME = "Sunday Whiz"
PLAYERS = 12
BOARDS_PER_ROUND = 2
SEED = 20240615
BOOK = 6


@made_once(NAME)
def load_demo_whiz(club: Club, date: dt.date) -> Event:
    """Create the demo Whiz tournament, once per club."""
    players = demo_players(club, NAME, PLAYERS, newest=True)
    event, section = player_event(
        whiz_event_create, club, NAME, date, players, boards_per_round=BOARDS_PER_ROUND
    )
    _play(section, random.Random(SEED))
    rescore_whiz_section(section.pk)
    session_close(section.session)
    return event


def _play(section: Section, rng: random.Random) -> None:
    """Deal the boards and enter each table's result, round by round."""
    boards, deals = deal_boards(section, rng)
    tables = {table.number: table for table in section.table_set.all()}
    for seating in section_whiz_movement(section).seatings:
        if seating.sits_out:
            continue
        for number in seating.boards:
            contract, declarer, tricks = _whiz_result(deals[number], number, rng)
            whiz_result_submit(
                board=boards[number],
                table=tables[seating.table],
                contract=contract,
                declarer=declarer,
                tricks=tricks,
                rescore=False,
            )


def _whiz_result(deal: Deal, number: int, rng: random.Random) -> tuple[str, str, int]:
    """A plausible Whiz line from a simulated bridge one (see the module doc)."""
    for _attempt in range(20):
        result = simulate_table_result(deal, number, rng)
        if not result.passed_out:
            break
    else:
        return "7C", "N", 7
    level = int(result.contract[0]) + BOOK
    contract = f"{level}{result.contract[1:]}"
    declarer = "E" if result.declarer == "W" else result.declarer
    return contract, declarer, result.tricks
