"""A board of a 5-table Mitchell worked by hand, for the wrong-pairs tests.

Board 1, one matchpoint a beat, Neuberg off: four lines make a top of 3.
The movement seats it at table 1 in round 1 (1NS v 1EW), table 5 in round 2
(5NS v 4EW), table 4 in round 3 (4NS v 2EW) and table 3 in round 4 (3NS v
5EW); round 5 (2NS v 3EW) is not played yet.
"""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.models import Pair, PairScore, Result, Session
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.rescoring import rescore
from tournaments.services.results import result_submit

LINES = [  # (NS, EW, contract, declarer, tricks)
    ("1NS", "1EW", "4S", "N", 10),
    ("5NS", "4EW", "4S", "N", 11),
    ("4NS", "2EW", "4S", "N", 9),
    ("3NS", "5EW", "3NT", "N", 10),
]


@pytest.fixture
def section():
    """A 5-table Mitchell being played, board 1 entered at four tables."""
    event = event_create(
        name="Club night", date=dt.date(2026, 11, 24), neuberg=False, scale=1
    )
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 5, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    board = section.boards.get(number=1)
    for ns, ew, contract, declarer, tricks in LINES:
        result_submit(
            board=board,
            ns_pair=pair(section, ns),
            ew_pair=pair(section, ew),
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            rescore=False,
        )
    rescore(section.pk)
    return section


def pair(section, label: str) -> Pair:
    return section.pairs.get(number=int(label[:-2]), direction=label[-2:])


def line(section, ns: str) -> Result:
    return Result.objects.get(board__section=section, ns_pair=pair(section, ns))


def mp(section, label: str) -> tuple[float, float]:
    score = PairScore.objects.get(pair=pair(section, label))
    return score.mp, round(score.pct, 2)
