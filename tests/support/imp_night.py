"""Hand-worked IMP-pairs boards stored as imported sections, for the tests of
issue 18's scoring options (``tests/tournaments/services/test_imp_options.py``).

Each board is ``{number: [(ns pair, ew pair, NS score or (NS mark, EW mark))]}``;
the figures are worked in the comments and in ``tests/scoring/test_imp_options.py``.
"""

from __future__ import annotations

import datetime as dt

from tournaments.models import Board, Event, Pair, PairScore, Result, Section, Source
from tournaments.rescore import rescore_section
from tournaments.services.events import event_create

# Board 1 of seven tables, NS scores by pair: sorted -100 50 140 400 420 450
# 1430 (sum 2790, mean 398.57).  Dropping one at each end: 1460 / 5 = 292.
SEVEN = {1: [(1, 2, 450), (3, 4, -100), (5, 6, 1430), (7, 8, 50), (9, 10, 400),
             (11, 12, 140), (13, 14, 420)]}  # fmt: skip
# Pair 1 meets 2, pair 3 meets 4, on boards 1 and 2.  Untrimmed, unrounded
# datums 260 and 925: pair 1 NS +8 and +11 IMPs, pair 3 NS -8 and -11.
TWO_ROUNDS = {1: [(1, 2, 620), (3, 4, -100)], 2: [(1, 2, 1430), (3, 4, 420)]}
# 620 and -100 (720 apart), and an A+/A- table.
AVERAGE_PLUS = {1: [(1, 2, 620), (3, 4, -100), (5, 6, ("A+", "A-"))]}
# 2210 v -100 is 20 IMPs, 2210 v 420 is 18, 420 v -100 is 11.
CROSS = {1: [(1, 2, 2210), (3, 4, 420), (5, 6, -100)]}
# Board 1 played at three of four tables (Neuberg to a top of 6), board 2 at
# four: pair 1 NS scores 5.6667 (5.67 printed) then 3 of 6.
NEUBERG = {1: [(1, 11, 450), (2, 12, 420), (3, 13, 400)],
           2: [(1, 11, 420), (2, 12, 450), (3, 13, 400), (4, 14, 420)]}  # fmt: skip


def imported(boards: dict, **settings: object) -> Section:
    """An event with these settings and one imported Howell section of these
    lines (``(ns, ew, score)`` or ``(ns, ew, (ns mark, ew mark))``), scored."""
    event = event_create(name="IMP night", date=dt.date(2026, 11, 24))
    Event.objects.filter(pk=event.pk).update(**settings)
    event.refresh_from_db()
    section = Section.objects.create(
        session=event.sessions.get(), movement=Section.Movement.NONE,
        tables=max(len(lines) for lines in boards.values()), rounds=0,
        boards_per_round=0,
    )  # fmt: skip
    numbers = {n for lines in boards.values() for ns, ew, _ in lines for n in (ns, ew)}
    pairs = {
        n: Pair.objects.create(section=section, number=n, names=f"Pair {n}")
        for n in sorted(numbers)
    }
    for number, lines in boards.items():
        board = Board.objects.create(section=section, number=number)
        for ns, ew, score in lines:
            marks = score if isinstance(score, tuple) else ("", "")
            Result.objects.create(
                board=board, ns_pair=pairs[ns], ew_pair=pairs[ew],
                score_ns=None if isinstance(score, tuple) else score,
                adjusted_ns=marks[0], adjusted_ew=marks[1], source=Source.IMPORT,
            )  # fmt: skip
    rescore_section(section.pk)
    return section


def datum(section: Section, number: int = 1) -> float | None:
    return Board.objects.get(section=section, number=number).datum


def imps_of(section: Section) -> list[tuple[float, float]]:
    results = Result.objects.filter(board__section=section).order_by(
        "board__number", "ns_pair__number"
    )
    return [(r.imp_ns, r.imp_ew) for r in results]


def total(section: Section, number: int, field: str = "imps") -> float:
    return getattr(PairScore.objects.get(pair__section=section, pair__number=number),
                   field)  # fmt: skip


# Board 1, nobody vulnerable: the contract of each score, so the lines export.
CONTRACTS = {450: ("4S", 11), 420: ("4S", 10), 400: ("3NT", 9), 110: ("2S", 8),
             -50: ("4S", 9), -100: ("4S", 8), 980: ("6S", 12)}  # fmt: skip
# Sorted -100 -50 110 400 420 450 980: top and bottom dropped, 1330 / 5 = 266
# (270); the middle 3 (110 400 420), 310 truncated.
PLAYED = {1: [(1, 2, 450), (3, 4, -100), (5, 6, 980), (7, 8, -50), (9, 10, 400),
              (11, 12, 110), (13, 14, 420)]}  # fmt: skip


def played(boards: dict, **settings: object) -> Section:
    """``imported`` with each line's contract, declarer North, and tricks."""
    section = imported(boards, **settings)
    for result in Result.objects.filter(board__section=section):
        contract, tricks = CONTRACTS[result.score_ns]
        result.contract, result.declarer, result.tricks = contract, "N", tricks
        result.save(update_fields=["contract", "declarer", "tricks"])
    return section
