"""What every single-section game's results pages share (Whiz, Barbu, Chinese
bridge): the event's one section, and the page's context around what the
game shows."""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Board, Event, Section
from tournaments.selectors.director_sections import board_numbers
from tournaments.selectors.lookups import board_in_section
from tournaments.selectors.results_pages import single_section
from tournaments.selectors.standings import section_standings
from tournaments.services.privacy import hidden_boards, request_viewer


def event_section(event: Event) -> Section:
    """The one section of a single-section event; 404 if it has none."""
    return single_section(event)


def event_page(
    request: HttpRequest,
    template: str,
    event: Event,
    live: dict[str, object],
    **shown: object,
) -> HttpResponse:
    """A page of the game's results (its ranking, a scorecard): the event,
    its live status and what the game ``shown``."""
    context = {"event": event, **shown, "live": live}
    return render(request, template, context)


def ranking_page(
    request: HttpRequest,
    template: str,
    event: Event,
    live: dict[str, object],
    section: Section,
    scores: type[Model],
    **shown: object,
) -> HttpResponse:
    """A game's ranking page: the section, its stored standings of
    ``scores`` (the game's score model) and what the game ``shown``."""
    return event_page(
        request,
        template,
        event,
        live,
        section=section,
        scores=section_standings(scores, section),
        **shown,
    )


def board_page(
    request: HttpRequest,
    event: Event,
    number: int,
    live: dict[str, object],
    template: str,
    shown: Callable[[Section, Board], dict[str, object]],
) -> HttpResponse:
    """A game's traveller of board ``number`` (404 if the section has none
    such): refused while a table has still to play it for this visitor,
    else the game's ``template`` with the board, what the game ``shown`` of
    it, and the links to the boards before and after."""
    section = event_section(event)
    board = board_in_section(section, number)
    refused = board_in_play(request, section, board, live)
    if refused is not None:
        return refused
    return event_page(
        request,
        template,
        event,
        live,
        board=board,
        **shown(section, board),
        **_neighbours(board_numbers(section), number),
    )


def board_in_play(
    request: HttpRequest, section: Section, board: Board, live: dict[str, object]
) -> HttpResponse | None:
    """The traveller of a board some table has still to play is refused to
    this visitor (403, the page saying so); None when it may be shown."""
    if board.number not in hidden_boards(section, request_viewer(request)):
        return None
    context = {"section": section, "board": board, "live": live, "record": None}
    return render(request, "results/board_in_play.html", context, status=403)


def _neighbours(numbers: list[int], number: int) -> dict[str, int | None]:
    """The boards before and after ``number`` among the section's board
    ``numbers`` (None at either end): the traveller's ``previous`` and
    ``next`` links."""
    index = numbers.index(number)
    return {
        "previous": numbers[index - 1] if index else None,
        "next": numbers[index + 1] if index + 1 < len(numbers) else None,
    }
