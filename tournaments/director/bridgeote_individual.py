"""The director's page of a Bridgeote individual event: every table's round.

It lists, round by round, who sits in each seat of each table, the deals
the round plays and how many are entered; the tablets' codes; the session's
closing and the publication, as every single-section game's page.
"""

from __future__ import annotations

from collections import Counter

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import BridgeoteDeal, Event, Section
from tournaments.services.bridgeote_individual import (
    seated_players,
    section_bridgeote_movement,
)


def bridgeote_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """Every round's tables, their players, deals and entries so far."""
    section = Section.objects.get(session__event=event)
    movement = section_bridgeote_movement(section)
    entered = Counter(
        BridgeoteDeal.objects.filter(table__section=section).values_list(
            "round__number", "table__number"
        )
    )
    seatings = [
        (
            seating,
            seated_players(section, seating),
            entered[seating.round, seating.table],
        )
        for seating in movement.seatings
    ]
    context = {
        "event": event,
        "section": section,
        "movement": movement,
        "seatings": seatings,
        "tables": section.table_set.all(),
    }
    return render(request, "director/bridgeote_event.html", context)
