"""Public results of an individual bridge event: the ranking, each
player's scorecard and each board's traveller, whose lines name the four
players by seat; the views of the game's own results routes (``urls``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse

from tournaments.individual.selectors import (
    board_lines,
    board_numbers,
    entrants_by_number,
    partnership_lines,
)
from tournaments.individual.services import section_schedule
from tournaments.models import (
    Board,
    Event,
    IndividualEntrant,
    IndividualScore,
    Section,
)
from tournaments.results.event_page import (
    board_page,
    event_page,
    event_section,
    ranking_page,
)
from tournaments.results.views import game_page
from tournaments.selectors.player_games import entrant_score, section_entrant


def individual_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """The ranking (percentages over the boards each player played) and the
    boards' travellers."""
    section = event_section(event)
    return ranking_page(
        request,
        "individual/results.html",
        event,
        live,
        section,
        IndividualScore,
        boards=board_numbers(section),
    )


def individual_player(
    request: HttpRequest, event: Event, entrant_pk: int, live: dict[str, object]
) -> HttpResponse:
    """A player's scorecard: each board he played, his seat and partner, the
    contract and his side's score, matchpoints and percentage."""
    section = event_section(event)
    entrant = section_entrant(IndividualEntrant, section, entrant_pk)
    schedule = section_schedule(section)
    players = entrants_by_number(section)
    sides: dict[int, tuple[str, IndividualEntrant, str]] = {}
    for round_number in range(1, schedule.rounds + 1):
        seating = schedule.position(entrant.number, round_number)
        if seating is None:
            continue
        seat = seating.seat_of(entrant.number)
        side = "NS" if seat in "NS" else "EW"
        partner = next(
            p for p in schedule.partners(
                schedule.partnership_id(round_number, seating.table, side)
            ) if p != entrant.number
        )  # fmt: skip
        number = schedule.partnership_id(round_number, seating.table, side)
        sides[number] = (seat, players[partner], side)
    lines = partnership_lines(section, sides)
    rows = []
    for line in lines:
        number = (
            line.ns_pair.number if line.ns_pair.number in sides else line.ew_pair.number
        )
        seat, partner, side = sides[number]
        mine = side == "NS"
        rows.append(
            {
                "round": line.round.number if line.round else "",
                "board": line.board.number,
                "seat": seat,
                "partner": partner,
                "contract": line.contract,
                "declarer": line.declarer,
                "made": line.made,
                "score": line.score_ns
                if mine or line.score_ns is None
                else -line.score_ns,
                "mp": line.mp_ns if mine else line.mp_ew,
                "pct": line.pct_ns if mine else line.pct_ew,
            }
        )
    rows.sort(key=lambda row: (row["round"] or 0, row["board"]))
    score = entrant_score(IndividualScore, entrant)
    return event_page(
        request,
        "individual/results_player.html",
        event,
        live,
        section=section,
        entrant=entrant,
        score=score,
        rows=rows,
    )


def individual_board(
    request: HttpRequest, event: Event, number: int, live: dict[str, object]
) -> HttpResponse:
    """A board's traveller: each table's four players by seat, the contract,
    the score and each side's matchpoints (hidden while the board is in play,
    as a pairs traveller)."""
    return board_page(
        request, event, number, live, "individual/results_board.html", _traveller
    )


def _traveller(section: Section, board: Board) -> dict[str, object]:
    """The board's lines, each with its round, table and the four players by
    seat."""
    schedule = section_schedule(section)
    players = entrants_by_number(section)
    lines = board_lines(board)
    rows = []
    for line in lines:
        seating, _side = schedule.partnership(line.ns_pair.number)
        seats = list(zip("NESW", (players[p] for p in seating.players), strict=True))
        rows.append({"line": line, "round": seating.round, "table": seating.table,
                     "seats": seats})  # fmt: skip
    return {"rows": rows}


def individual_player_results(
    request: HttpRequest, pk: int, entrant_pk: int
) -> HttpResponse:
    """An individual bridge player's scorecard."""
    return game_page(request, pk, Event.Kind.INDIVIDUAL, individual_player, entrant_pk)


def individual_board_results(
    request: HttpRequest, pk: int, number: int
) -> HttpResponse:
    """An individual board's traveller, the four players by seat."""
    return game_page(request, pk, Event.Kind.INDIVIDUAL, individual_board, number)
