"""Public results of a Barbu event: ranking, manche sheets, scorecards (a
player's is routed here, ``barbu_player_results``)."""

from __future__ import annotations

from collections import defaultdict
from itertools import groupby

from django.http import HttpRequest, HttpResponse

from scoring.barbu_duplicate import seat_matchpoints
from tournaments.barbu.duplicate import BARBU_KINDS
from tournaments.barbu.selectors import deals_with_players, deals_with_seats
from tournaments.barbu.services import section_barbu_movement
from tournaments.models import BarbuDeal, BarbuEntrant, BarbuScore, Event
from tournaments.results.event_page import event_page, event_section, ranking_page
from tournaments.results.views import game_page
from tournaments.selectors.player_games import entrant_score, section_entrant


def barbu_duplicate_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """A duplicate Barbu: the ranking on matchpoints, each seat's matchpoints."""
    return barbu_results(request, event, live, duplicate=True)


def _seat_matchpoints(deals: list[BarbuDeal]) -> None:
    """Give each deal ``cells``: (points, matchpoints) by seat, N E S W, each
    contract of a round compared seat against seat across the tables."""
    boards: dict[tuple[int, str], list[BarbuDeal]] = defaultdict(list)
    for deal in deals:
        boards[(deal.round_id, deal.contract)].append(deal)
    for played in boards.values():
        scored = seat_matchpoints({deal.pk: deal.points() for deal in played})
        for deal in played:
            deal.cells = [
                (points, scored[deal.pk][seat])
                for seat, points in deal.points().items()
            ]


def barbu_results(
    request: HttpRequest,
    event: Event,
    live: dict[str, object],
    duplicate: bool = False,
) -> HttpResponse:
    """The ranking, then every manche sheet (round by round, table by table)."""
    section = event_section(event)
    deals = list(deals_with_players(section))
    if duplicate:
        _seat_matchpoints(deals)
    sheets = [
        (key, list(group))
        for key, group in groupby(
            deals, key=lambda deal: (deal.round.number, deal.table.number)
        )
    ]
    return ranking_page(
        request,
        "barbu/results.html",
        event,
        live,
        section,
        BarbuScore,
        sheets=sheets,
        duplicate=duplicate,
    )


def barbu_player(
    request: HttpRequest, event: Event, entrant_pk: int, live: dict[str, object]
) -> HttpResponse:
    """A player's scorecard: each deal he played, his points and, in a
    duplicate Barbu, his matchpoints seat against seat."""
    section = event_section(event)
    entrant = section_entrant(BarbuEntrant, section, entrant_pk)
    rows = []
    deals = list(deals_with_seats(section))
    duplicate = event.kind == Event.Kind.BARBU_DUPLICATE
    if duplicate:
        _seat_matchpoints(deals)
    for deal in deals:
        for index, (seat, player) in enumerate(deal.players().items()):
            if player.pk == entrant.pk:
                mp = deal.cells[index][1] if duplicate else None
                rows.append((deal, seat, deal.points()[seat], mp))
    score = entrant_score(BarbuScore, entrant)
    movement = section_barbu_movement(section)
    rested = [
        number
        for number, players in enumerate(getattr(movement, "sit_outs", ()), start=1)
        if entrant.number in players
    ]
    template = "barbu/results_player.html"
    return event_page(
        request,
        template,
        event,
        live,
        entrant=entrant,
        score=score,
        rows=rows,
        sat_out=rested,
        duplicate=duplicate,
    )


def barbu_player_results(
    request: HttpRequest, pk: int, entrant_pk: int
) -> HttpResponse:
    """A Barbu player's scorecard."""
    return game_page(request, pk, BARBU_KINDS, barbu_player, entrant_pk)
