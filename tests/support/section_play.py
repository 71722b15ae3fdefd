"""Sections being played, for tests: a 3-table Mitchell, and Bridgeote lines.

Many tests start from the same evening: a pairs event (plain, Butler or a
Bridgeote duplicate) of one 3-table Mitchell, 2 boards a round, its session
marked as playing so that tablets and the API may enter lines.
"""

from __future__ import annotations

import datetime as dt

from django.urls import reverse

from tournaments.models import Event, Section, Session
from tournaments.services.events import MovementChoice, event_create, section_create


def playing_mitchell(event: Event) -> Section:
    """``event``'s section laid out as a 3-table Mitchell of 2 boards a round,
    its session playing."""
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status="playing")
    return section


def bridgeote_section(
    name: str = "Bridgeote night", date: dt.date = dt.date(2026, 11, 25)
) -> Section:
    """A Bridgeote duplicate pairs event being played (:func:`playing_mitchell`)."""
    event = event_create(name=name, date=date, game=Event.Game.BRIDGEOTE)
    return playing_mitchell(event)


def bridgeote_post(api, section: Section, data: dict, status: int = 201) -> dict:
    """Enter a Bridgeote line of ``section`` through the API, expecting ``status``;
    the answer's JSON."""
    url = reverse("api-bridgeote-results", args=[section.pk])
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()
