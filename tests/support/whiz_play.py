"""A Whiz tournament as the director's form creates it, for tests."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from tournaments.models import Event

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
