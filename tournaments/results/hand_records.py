"""Hand records: each board's four hands, its double-dummy table and par.

Deals are shown once the event is published (or to a director): while play
goes on, a player who has finished a board must not see the hands of a
board another table has still to play.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.deal import Deal
from games.errors import GameError
from tournaments import access
from tournaments.models import Board, Event
from tournaments.selectors.results_pages import (
    hand_record_boards,
    public_event,
    session_count,
)
from tournaments.services.analysis import analysis_progress, board_table

SUIT_SYMBOLS = "♠♥♦♣"
# Columns of the double-dummy table, as hand-record sheets print them.
TABLE_DENOMINATIONS = (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠"), ("NT", "NT"))


@dataclass(frozen=True)
class HandRecord:
    """What the printed sheet shows of one board."""

    board: Board
    hands: dict[str, list[tuple[str, str]]]
    points: dict[str, int | None]
    tricks: list[tuple[str, list[int]]] | None
    par: str


def deals_visible(request: HttpRequest, event: Event) -> bool:
    """Hands are public once the results are published; a director sees them always."""
    return event.published or access.directs_request(request)


def hand_diagram(board: Board) -> dict[str, list[tuple[str, str]]] | None:
    """The deal by seat, each hand as (suit symbol, cards) rows, if known.

    An unknown hand ("-" in PBN) shows as rows of "?".
    """
    deal = _deal(board)
    if deal is None:
        return None
    text = deal.to_pbn().split(":", 1)[1].split()
    hands = {}
    for seat, hand in zip("NESW", text, strict=True):
        suits = hand.split(".") if hand != "-" else ["?"] * 4
        hands[seat] = list(zip(SUIT_SYMBOLS, suits, strict=True))
    return hands


def _deal(board: Board) -> Deal | None:
    if not board.deal:
        return None
    try:
        return Deal.from_pbn(board.deal)
    except GameError:
        return None


def high_card_points(board: Board) -> dict[str, int | None]:
    """Each seat's high-card points (None for an unknown hand)."""
    deal = _deal(board)
    if deal is None:
        return dict.fromkeys("NESW")
    return {
        seat: deal.hcp(seat) if deal.hand(seat) is not None else None for seat in "NESW"
    }


def trick_rows(board: Board) -> list[tuple[str, list[int]]] | None:
    """The stored double-dummy table as rows N, S, E, W of ♣ ♦ ♥ ♠ NT tricks."""
    table = board_table(board)
    if table is None:
        return None
    return [
        (seat, [table.get(seat, name) for name, _symbol in TABLE_DENOMINATIONS])
        for seat in "NSEW"
    ]


def hand_record(board: Board) -> HandRecord | None:
    """One board's sheet, or None when its hands are not known."""
    hands = hand_diagram(board)
    if hands is None:
        return None
    return HandRecord(
        board=board,
        hands=hands,
        points=high_card_points(board),
        tricks=trick_rows(board),
        par=board.par,
    )


def event_hand_records(event: Event) -> list[HandRecord]:
    """Every board with hands, once per board number and deal (sections that
    played the same boards share a sheet)."""
    records, seen = [], set()
    for board in hand_record_boards(event):
        key = (board.number, board.deal)
        if key in seen:
            continue
        seen.add(key)
        record = hand_record(board)
        if record is not None:
            records.append(record)
    return records


def hand_records(request: HttpRequest, pk: int) -> HttpResponse:
    """The printable hand records of an event: diagrams, double-dummy, par."""
    event = public_event(pk)
    visible = deals_visible(request, event)
    context = {
        "event": event,
        "visible": visible,
        "records": event_hand_records(event) if visible else [],
        "denominations": [symbol for _name, symbol in TABLE_DENOMINATIONS],
        "analysis": analysis_progress(event),
        "sessions": session_count(event),
    }
    return render(request, "results/hand_records.html", context)
