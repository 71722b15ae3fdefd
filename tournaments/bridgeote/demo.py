"""The demo club's Bridgeote evening: a 3-table Mitchell of Bridgeote deals, finished.

A pairs event whose game is Bridgeote: laid out with the real services, every
deal entered through ``bridgeote_result_submit`` (a contract from 80 to 120
in a random strain, the takers' card points drawn around the target), scored
by matchpoints of the North-South net marks, and closed.  Seeded.
"""

from __future__ import annotations

import datetime as dt
import random

from games.bridgeote import card_points
from tournaments.bridgeote.services_pairs import bridgeote_result_submit
from tournaments.demo.common import demo_players, made_once
from tournaments.models import Club, Event, Session
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.results import session_close

NAME = "Bridgeote evening"
SEED = 20240619
STRAINS = ("C", "D", "H", "S", "TA", "SA")


@made_once(NAME)
def load_demo_bridgeote(club: Club, date: dt.date) -> Event:
    """Create the demo Bridgeote event, once per club."""
    players = demo_players(club, NAME, 12, skip=20)
    event = event_create(name=NAME, date=date, club=club, game=Event.Game.BRIDGEOTE)
    session = event.sessions.get()
    section = section_create(
        session=session,
        choice=MovementChoice("mitchell", 3, 2),
        entries=[PairEntry(players=players[i : i + 2]) for i in range(0, 12, 2)],
    )
    session.status = Session.Status.PLAYING
    session.save(update_fields=["status"])
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    rounds = {r.number: r for r in section.round_set.all()}
    tables = {t.number: t for t in section.table_set.all()}
    rng = random.Random(SEED)
    for seating in movement.seatings:
        if movement.is_sit_out(seating):
            continue
        for number in seating.boards:
            strain = rng.choice(STRAINS)
            bid = rng.choice((80, 90, 100, 110, 120))
            whole = sum(card_points(c, strain) for c in _pack())
            target = bid + (50 if strain in ("TA", "SA") else 0)
            points = max(0, min(whole, round(rng.gauss(target + 5, 20))))
            bridgeote_result_submit(
                board=boards[number + section.first_board - 1],
                ns_pair=pairs[movement.pair(seating.ns).label],
                ew_pair=pairs[movement.pair(seating.ew).label],
                contract=f"{bid}{strain}",
                declarer=rng.choice("NESW"),
                card_points=points,
                round=rounds[seating.round],
                table=tables[seating.table],
                rescore=False,
            )
    rescore_section(section.pk)
    session_close(session)
    return event


def _pack() -> list[str]:
    """The 36 cards as the rule book names them (rank then suit)."""
    return [f"{rank}{suit}" for suit in "CDHS" for rank in "789TBJQKA"]
