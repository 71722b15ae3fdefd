"""The director's page of an event, whatever its game.

``views.event_detail`` hands the event to its game (``Game.event_page``);
each game reads what it shows (sessions and sections, rounds and tables,
matches, codes) and renders its template here, the event always in the
context under ``event``.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event


def director_event_page(
    request: HttpRequest, template: str, event: Event, **shown: object
) -> HttpResponse:
    """Render the game's ``template`` for ``event`` with what it ``shown``."""
    return render(request, template, {"event": event, **shown})
