"""The director's page of an event, whatever its game.

``views.event_detail`` hands the event to its game (``Game.event_page``);
each game reads what it shows (sessions and sections, rounds and tables,
matches, codes) and renders its template here, the event always in the
context under ``event``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event, Section
from tournaments.selectors.player_games import only_section


def director_event_page(
    request: HttpRequest, template: str, event: Event, **shown: object
) -> HttpResponse:
    """Render the game's ``template`` for ``event`` with what it ``shown``."""
    return render(request, template, {"event": event, **shown})


def section_event_page(
    request: HttpRequest,
    event: Event,
    template: str,
    shown: Callable[[Section], dict[str, object]],
) -> HttpResponse:
    """The director's page of a single-section game's event: its one
    section, and what the game ``shown`` of it (rounds, tables, codes)."""
    section = only_section(event)
    return director_event_page(
        request, template, event, section=section, **shown(section)
    )


def section_event_view(
    template: str, shown: Callable[[Section], dict[str, object]]
) -> Callable[[HttpRequest, Event], HttpResponse]:
    """A single-section game's ``event_page`` (its ``Game.event_page``):
    ``section_event_page`` with the game's ``template`` and what it
    ``shown``, so that each game declares its page rather than writing the
    view."""

    def event_page(request: HttpRequest, event: Event) -> HttpResponse:
        return section_event_page(request, event, template, shown)

    return event_page


def seating_rows(
    movement: Any,
    players: Callable[[Any], object],
    entered: Mapping[tuple[int, int], int],
) -> list[tuple[Any, object, int]]:
    """Each table of each round, in the movement's order: its seating, the
    ``players`` seated there and how many deals are ``entered`` there (by
    round and table number)."""
    return [
        (seating, players(seating), entered.get((seating.round, seating.table), 0))
        for seating in movement.seatings
    ]
