"""Whiz tournaments for tests: as the director's form creates one, and one
made through the service."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from django.urls import reverse

from tournaments.models import Event, Section
from tournaments.whiz.services import WhizEntry, whiz_event_create

# Twelve players, four tables of three, 2 boards a round, the rounds left to
# the movement (one a table: 4).
WHIZ_FORM = {
    "name": "Whiz Monday",
    "date": "2026-11-23",
    "mark": "standard",
    "boards_per_round": "2",
    "rounds": "",
    "players": "\n".join(f"Player {n}" for n in range(1, 13)),
}


def whiz_by_form(director: Client) -> Event:
    """The Whiz tournament of :data:`WHIZ_FORM`, created by ``director``
    through the form (302), the only event of the test."""
    response = director.post(reverse("director:whiz-event-new"), WHIZ_FORM)
    assert response.status_code == 302
    return Event.objects.get()


def whiz_section(name: str) -> Section:
    """The one section of a new Whiz ``name`` of twelve players ("Player 1"
    to "Player 12"), 2 boards a round, on 24 November 2026."""
    event = whiz_event_create(
        name=name,
        date=dt.date(2026, 11, 24),
        entries=[WhizEntry(name=f"Player {n}") for n in range(1, 13)],
        boards_per_round=2,
    )
    return Section.objects.get(session__event=event)
