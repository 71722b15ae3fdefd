"""Public results of a Whiz event: the individual ranking, travellers, scorecards.

Thin views over what the scorer stored on ``WhizResult`` and ``WhizScore``;
a board's traveller and a player's scorecard are routed here
(``whiz_board_results``, ``whiz_player_results``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.http import HttpRequest, HttpResponse

from tournaments.models import Board, Event, WhizEntrant, WhizResult, WhizScore
from tournaments.results.event_page import (
    board_page,
    event_page,
    event_section,
    ranking_page,
)
from tournaments.results.hand_records import (
    TABLE_DENOMINATIONS,
    HandRecord,
    deals_visible,
    hand_record,
)
from tournaments.results.views import game_page
from tournaments.services.privacy import (
    boards_in_play,
    hidden_boards,
    request_viewer,
)
from tournaments.whiz.selectors import (
    entrant_lines,
    entrant_score,
    ordered_boards,
    section_entrant,
    traveller_lines,
)

POSITIONS = ("N", "E", "S")


def whiz_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """The ranking, then links to every board's traveller."""
    section = event_section(event)
    return ranking_page(
        request,
        "whiz/results.html",
        event,
        live,
        section,
        WhizScore,
        # The workbook holds every line: not offered while a board with
        # lines is hidden from this visitor (``views.event_excel``).
        workbook_held=bool(boards_in_play(section, request_viewer(request))),
        boards=ordered_boards(section),
    )


@dataclass(frozen=True)
class HandRow:
    """One player's side of a table result: hand, player, points, MP, %."""

    position: str
    entrant: WhizEntrant
    points: int | None
    adjusted: str
    mp: float | None
    pct: float | None


def hand_rows(result: WhizResult) -> list[HandRow]:
    """The three players of a table result, N, E then S."""
    return [
        HandRow(
            position,
            entrant,
            getattr(result, f"points_{position.lower()}"),
            getattr(result, f"adjusted_{position.lower()}"),
            getattr(result, f"mp_{position.lower()}"),
            getattr(result, f"pct_{position.lower()}"),
        )
        for position, entrant in result.players().items()
    ]


def whiz_board(
    request: HttpRequest, event: Event, number: int, live: dict[str, object]
) -> HttpResponse:
    """A board's traveller: each table's contract and its three players' marks."""
    return board_page(
        request,
        event,
        number,
        live,
        "whiz/results_board.html",
        lambda _section, board: {
            "rows": [(result, hand_rows(result)) for result in traveller_lines(board)],
            "record": whiz_hand_record(board)
            if deals_visible(request, event)
            else None,
            "denominations": [symbol for _name, symbol in TABLE_DENOMINATIONS],
        },
    )


def whiz_hand_record(board: Board) -> HandRecord | None:
    """The deal with the Domy's hand (West) among the four; no bridge par,
    which Whiz-Bridge does not score."""
    record = hand_record(board)
    return replace(record, par="") if record is not None else None


def whiz_player(
    request: HttpRequest, event: Event, entrant_pk: int, live: dict[str, object]
) -> HttpResponse:
    """A player's scorecard: each board, the contract, his points and his MP."""
    section = event_section(event)
    entrant = section_entrant(section, entrant_pk)
    results = entrant_lines(entrant)
    hidden = hidden_boards(section, request_viewer(request))
    rows = [
        (result, next(r for r in hand_rows(result) if r.position == entrant.line))
        for result in results
        if result.board.number not in hidden
    ]
    score = entrant_score(entrant)
    template = "whiz/results_player.html"
    return event_page(
        request, template, event, live, entrant=entrant, score=score, rows=rows
    )


def whiz_board_results(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A Whiz board's traveller, table by table."""
    return game_page(request, pk, Event.Kind.WHIZ, whiz_board, number)


def whiz_player_results(request: HttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    """A Whiz player's scorecard."""
    return game_page(request, pk, Event.Kind.WHIZ, whiz_player, entrant_pk)
