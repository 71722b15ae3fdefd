"""The demo club's individual evening: 12 players at three tables, finished.

Laid out with the real services: 7 rounds of 3 boards, the round's boards
passed round the three tables; every board dealt at random and played as a
simulated table would (``play_simulated``), entered through the one write
path under the round's partnerships, scored once and closed.  Seeded, so
every load gives the same event.
"""

from __future__ import annotations

import datetime as dt
import random

from tournaments.demo.common import (
    deal_boards,
    demo_players,
    made_once,
    play_simulated,
    player_event,
)
from tournaments.individual.rescore import rescore_individual_section
from tournaments.individual.services import individual_event_create, section_schedule
from tournaments.models import Club, Event
from tournaments.services.results import session_close

NAME = "Individual evening"
PLAYERS = 12
SEED = 20241121


@made_once(NAME)
def load_demo_individual(club: Club, date: dt.date) -> Event:
    """Create the demo individual event, once per club."""
    players = demo_players(club, NAME, PLAYERS, skip=8)
    event, section = player_event(
        individual_event_create, club, NAME, date, players, boards_per_round=3
    )
    rng = random.Random(SEED)
    boards, deals = deal_boards(section, rng)
    schedule = section_schedule(section)
    pairs = {pair.number: pair for pair in section.pairs.all()}
    rounds = {r.number: r for r in section.round_set.all()}
    tables = {t.number: t for t in section.table_set.all()}
    for seating in schedule.seatings:
        partnerships = (
            pairs[schedule.partnership_id(seating.round, seating.table, "NS")],
            pairs[schedule.partnership_id(seating.round, seating.table, "EW")],
        )
        for number in seating.boards:
            play_simulated(
                boards[number], deals[number], partnerships, rng, rng.gauss(0, 0.5),
                round=rounds[seating.round], table=tables[seating.table],
            )  # fmt: skip
    rescore_individual_section(section.pk)
    session_close(section.session)
    return event
