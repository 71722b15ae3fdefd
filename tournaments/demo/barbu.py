"""The demo club's Barbu evening: 8 players at two tables, one full game, finished.

Laid out with the real services, every deal entered through
``barbu_deal_submit`` as a director would key the score sheets: each table
plays a manche a round, the declarer choosing the seven contracts in order;
what each player took is drawn at random (seeded), with a few doubles of the
declarer, so every load gives the same event.
"""

from __future__ import annotations

import datetime as dt
import random

from games.barbu import Contract
from tournaments.demo.common import demo_players, made_once, player_event
from tournaments.models import Club, Event
from tournaments.rescore.barbu import rescore_barbu_section
from tournaments.services.barbu import barbu_deal_submit, barbu_event_create
from tournaments.services.results import session_close

NAME = "Barbu evening"
PLAYERS = 8
SEED = 20240617
SEATS = ("N", "E", "S", "W")


@made_once(NAME)
def load_demo_barbu(club: Club, date: dt.date) -> Event:
    """Create the demo Barbu event, once per club."""
    players = demo_players(club, NAME, PLAYERS, skip=4)
    event, section = player_event(barbu_event_create, club, NAME, date, players)
    rng = random.Random(SEED)
    for table in section.table_set.all():
        for number in range(1, section.rounds + 1):
            declarer = SEATS[(number - 1) % len(SEATS)]
            for contract in Contract:
                barbu_deal_submit(
                    table=table,
                    round=number,
                    contract=contract,
                    record=random_record(contract, rng),
                    doubles=_doubles(declarer, rng),
                    rescore=False,
                )
    rescore_barbu_section(section.pk)
    session_close(section.session)
    return event


def _shared(total: int, rng: random.Random) -> dict[str, int]:
    counts = dict.fromkeys(SEATS, 0)
    for _ in range(total):
        counts[rng.choice(SEATS)] += 1
    return counts


def random_record(contract: Contract | str, rng: random.Random) -> dict[str, object]:
    """What a score sheet notes for ``contract``, drawn at random (tests use it)."""
    contract = Contract.parse(contract)
    if contract is Contract.BARBU:
        return {"king": rng.choice(SEATS)}
    if contract is Contract.HEARTS:
        hearts = _shared(13, rng)
        return {"hearts": hearts, "ace": rng.choice([s for s in SEATS if hearts[s]])}
    if contract is Contract.QUEENS:
        return {"queens": _shared(4, rng)}
    if contract in (Contract.TRICKS, Contract.TRUMP):
        return {"tricks": _shared(13, rng)}
    if contract is Contract.LAST_TWO:
        return {"penultimate": rng.choice(SEATS), "last": rng.choice(SEATS)}
    order = list(SEATS)
    rng.shuffle(order)
    return {"order": order}


def _doubles(declarer: str, rng: random.Random) -> list[list[object]]:
    """One or two of the other players double the declarer."""
    others = [seat for seat in SEATS if seat != declarer]
    return [[seat, declarer, 1] for seat in rng.sample(others, rng.randint(0, 2))]
