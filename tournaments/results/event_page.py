"""What every single-section game's results pages share (Whiz, Barbu, Chinese
bridge): the event's one section, and the page's context around what the
game shows."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event, Section
from tournaments.selectors.results_pages import single_section


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
