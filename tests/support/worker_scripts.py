"""Scripts the real-worker tests run with ``manage.py shell -c``.

They save lines from a process of their own, as a tablet's request would,
so that the rescore is queued on commit to the broker and the worker under
test (``test_celery_worker``, ``test_celery_faults``).
"""

from __future__ import annotations

from string import Template

_ENTER_BOARD_ONE = Template("""
import contextlib, datetime as dt, time
from django.db import transaction
from tournaments.selectors.movement import section_movement
from tournaments.models import Pair
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_submit

event = event_create(name=$name, date=dt.date.fromisoformat($date))
section = section_create(
    session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
)
movement = section_movement(section)
pairs = {p.label: p for p in Pair.objects.filter(section=section)}
board = section.boards.get(number=1)
scores = iter([("4S", "N", 10), ("2S", "N", 9), ("4S", "N", 9)])
ONE_COMMIT = $one_commit
with transaction.atomic() if ONE_COMMIT else contextlib.nullcontext():
    for seating in movement.seatings:
        if 1 in seating.boards:
            contract, declarer, tricks = next(scores)
            started = time.monotonic()
            result_submit(
                board=board,
                ns_pair=pairs[movement.pair(seating.ns).label],
                ew_pair=pairs[movement.pair(seating.ew).label],
                contract=contract, declarer=declarer, tricks=tricks,
            )
            print("saved in", round(time.monotonic() - started, 2))
print(section.pk)
""")


def enter_board_one(name: str, date: str, *, one_commit: bool) -> str:
    """A script entering board 1 of a new 3-table Mitchell, event ``name`` on
    ``date`` (ISO): 4S= 420, 2S+1 140, 4S-1 -50 on a top of 4.  Each line is
    saved in its own transaction (one rescore queued a line) or, with
    ``one_commit``, all three in one (one rescore in all).  It prints how
    long each save took ("saved in 0.02"), then, last, the section's id."""
    return _ENTER_BOARD_ONE.substitute(
        name=repr(name), date=repr(date), one_commit=one_commit
    )
