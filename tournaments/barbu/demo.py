"""The demo club's Barbu evening: 8 players at two tables, one full game, finished.

Laid out with the real services, every deal entered through
``barbu_deal_submit`` as a director would key the score sheets: each table
plays a manche a round, the declarer choosing the seven contracts in the
book's advised order (Barbu, Last two, Hearts, Queens, Tricks, Trump,
Réussite), a trump suit and a réussite height; what each player took is
drawn at random (seeded), and each other player doubles the declarer on two
deals (the compulsory doubles), so every load gives the same event.
"""

from __future__ import annotations

import datetime as dt
import random

from games.barbu import Contract
from tournaments.barbu.rescore import rescore_barbu_section
from tournaments.barbu.services import barbu_deal_submit, barbu_event_create
from tournaments.demo.common import demo_players, made_once, player_event
from tournaments.models import Club, Event
from tournaments.services.results import session_close

NAME = "Barbu evening"
PLAYERS = 8
SEED = 20240617
SEATS = ("N", "E", "S", "W")
# « L'ordre conseillé pour les choix est le suivant » (shared/seeds/004).
ADVISED_ORDER = (
    Contract.BARBU,
    Contract.LAST_TWO,
    Contract.HEARTS,
    Contract.QUEENS,
    Contract.TRICKS,
    Contract.TRUMP,
    Contract.REUSSITE,
)


@made_once(NAME)
def load_demo_barbu(club: Club, date: dt.date) -> Event:
    """Create the demo Barbu event, once per club."""
    players = demo_players(club, NAME, PLAYERS, skip=4)
    event, section = player_event(barbu_event_create, club, NAME, date, players)
    rng = random.Random(SEED)
    for table in section.table_set.all():
        for number in range(1, section.rounds + 1):
            declarer = SEATS[(number - 1) % len(SEATS)]
            doubles = compulsory_doubles(declarer, rng)
            for order, contract in enumerate(ADVISED_ORDER, start=1):
                barbu_deal_submit(
                    table=table,
                    round=number,
                    contract=contract,
                    record=random_record(contract, rng),
                    doubles=doubles[order - 1],
                    order=order,
                    trump=rng.choice("SHDC") if contract is Contract.TRUMP else None,
                    height=rng.choice("789TJ")
                    if contract is Contract.REUSSITE
                    else None,
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


def compulsory_doubles(declarer: str, rng: random.Random) -> list[list[list[object]]]:
    """The doubles of each of the manche's seven deals: every other player
    doubles the declarer on two deals drawn at random (tests use it)."""
    deals: list[list[list[object]]] = [[] for _ in ADVISED_ORDER]
    for seat in SEATS:
        if seat != declarer:
            for deal in rng.sample(range(len(ADVISED_ORDER)), 2):
                deals[deal].append([seat, declarer, 1])
    return deals
