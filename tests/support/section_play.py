"""Sections being played, for tests: a 3-table Mitchell, its lines, and
Bridgeote lines.

Many tests start from the same evening: a pairs event (plain, Butler or a
Bridgeote duplicate) of one 3-table Mitchell, 2 boards a round, its session
marked as playing so that tablets and the API may enter lines, or the same
club night not started yet (``club_night``).  Its lines go through the one
write path: one line (``enter_line``, ``play_line``) or a seating's boards
(``enter_seating``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.urls import reverse

from tournaments.models import Board, Event, Pair, Result, Section, Session
from tournaments.selectors.movement import section_movement
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_adjust, result_submit

Played = tuple[str, str, int]
"""A line as played: (contract, declarer, tricks), e.g. ("4H", "N", 10)."""

# Board 1 of a Bridgeote 3-table Mitchell, played at tables 1, 3 and 2; the
# API's line for each, less its board.
BRIDGEOTE_BOARD_ONE = [
    # 100H by N made with 110 card points: NS 100, EW 160 - 110 = 50.
    {"ns": "1NS", "ew": "1EW", "contract": "100H", "declarer": "N",
     "points": 110},
    # 100H by N, 90 points: one down, EW take 160 + 0 announcements.
    {"ns": "2NS", "ew": "3EW", "contract": "100H", "declarer": "N",
     "points": 90},
    # 80S by E made with 100 and a Belote (20): EW 80, NS 60.
    {"ns": "3NS", "ew": "2EW", "contract": "80S", "declarer": "E",
     "points": 100, "taker_announcements": 20},
]  # fmt: skip


def club_night(**settings: object) -> Section:
    """A 3-table Mitchell of 2 boards a round in a new "Club night" of
    20 November 2026, its session not started; ``settings`` are the event's
    (``method="butler"``)."""
    event = event_create(name="Club night", date=dt.date(2026, 11, 20), **settings)
    return section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )


def enter_line(
    board: Board, ns: Pair, ew: Pair, played: Played | None, **extra: object
) -> Result:
    """Enter ``played`` between ``ns`` and ``ew`` through the one write path,
    or for None the director's A+/A- award; ``extra`` goes to the writer
    (``rescore=False``, ``round=``, ``table=``, ``user=``, ``result=``)."""
    if played is None:
        return result_adjust(
            board=board, ns_pair=ns, ew_pair=ew, ns="A+", ew="A-", **extra
        )
    contract, declarer, tricks = played
    return result_submit(
        board=board,
        ns_pair=ns,
        ew_pair=ew,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        **extra,
    )


def correct_line(stored: Result, played: Played | None, **extra: object) -> Result:
    """``stored`` corrected to ``played`` (None: A+/A-) between its own pairs,
    through the write path; ``extra`` as for :func:`enter_line` (``user=``)."""
    return enter_line(
        stored.board, stored.ns_pair, stored.ew_pair, played, result=stored, **extra
    )


def play_line(
    section: Section,
    board: int,
    ns: str,
    ew: str,
    tricks: int,
    *,
    contract: str = "4H",
    declarer: str = "N",
    **extra: object,
) -> Result:
    """Enter ``contract`` by ``declarer`` making ``tricks`` on board ``board``
    between the pairs labelled ``ns`` and ``ew`` ("1NS", "2EW"); ``extra``
    as for :func:`enter_line`."""
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    board_row = section.boards.get(number=board)
    played = (contract, declarer, tricks)
    return enter_line(board_row, pairs[ns], pairs[ew], played, **extra)


def board_slots(section: Section, number: int) -> list[tuple[Board, Pair, Pair]]:
    """(board, NS pair, EW pair) of each seating that plays board ``number``,
    in the movement's order (a 3-table Mitchell's board 1: tables 1, 3, 2)."""
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    board = section.boards.get(number=number)
    return [
        (board, pairs[movement.pair(s.ns).label], pairs[movement.pair(s.ew).label])
        for s in movement.seatings
        if number in s.boards
    ]


def enter_board(
    section: Section, number: int, lines: Iterable[Played | None], **extra: object
) -> list[Result]:
    """Enter board ``number``'s ``lines``, one a seating that plays it (see
    :func:`board_slots`), through :func:`enter_line`."""
    return [
        enter_line(board, ns, ew, played, **extra)
        for (board, ns, ew), played in zip(
            board_slots(section, number), lines, strict=True
        )
    ]


def enter_seating(
    section: Section,
    round: int,
    table: int,
    boards: Iterable[int] | None = None,
    played: Played = ("3NT", "N", 9),
) -> None:
    """Enter ``played`` on ``boards`` (all its boards by default) of the
    seating at ``table`` in ``round``, as its tablet or the director would."""
    movement = section_movement(section)
    seating = movement.seating(round, table)
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    ns = pairs[movement.pair(seating.ns).label]
    ew = pairs[movement.pair(seating.ew).label]
    for number in seating.boards if boards is None else boards:
        assert number in seating.boards
        enter_line(section.boards.get(number=number), ns, ew, played)


def playing_mitchell(event: Event) -> Section:
    """``event``'s section laid out as a 3-table Mitchell of 2 boards a round,
    its session playing."""
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status="playing")
    return section


def bridgeote_section(
    name: str = "Bridgeote night", date: dt.date = dt.date(2026, 11, 25)
) -> Section:
    """A Bridgeote duplicate pairs event being played (:func:`playing_mitchell`)."""
    event = event_create(name=name, date=date, game=Event.Game.BRIDGEOTE)
    return playing_mitchell(event)


def bridgeote_post(api, section: Section, data: dict, status: int = 201) -> dict:
    """Enter a Bridgeote line of ``section`` through the API, expecting ``status``;
    the answer's JSON."""
    url = reverse("api-bridgeote-results", args=[section.pk])
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()
