"""A section whose players have e-mail addresses, for the results-by-mail tests."""

from __future__ import annotations

import datetime as dt

from django.test import Client
from django.urls import reverse
from section_play import play_line

from tournaments.models import Club, Pair, Player, Section
from tournaments.rescore import rescore_section
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)


def commit_each_request(capture, monkeypatch) -> None:
    """Each test client request's on-commit callbacks (the queued job) run as
    it ends, as they would outside the test's transaction."""
    request = Client.request

    def committed(self, **kwargs):
        with capture(execute=True):
            return request(self, **kwargs)

    monkeypatch.setattr(Client, "request", committed)


def mailing_section() -> Section:
    """A published 3-table Mitchell of 12 club players, 10 with an address
    (the two of pair 3EW have none).  Board 1: 1NS 4H= (12.50 %), 3NS 4H+1
    (87.50 %); board 3: 2NS 4H= against 2EW, alone (50 %)."""
    club = Club.objects.create(name="BC Donne")
    players = [
        Player.objects.create(
            club=club,
            first_name=f"First{n}",
            last_name=f"Last{n}",
            email="" if n >= 10 else f"p{n}@example.org",
        )
        for n in range(12)
    ]
    event = event_create(
        name="Club night", date=dt.date(2026, 11, 20), club=club, published=True
    )
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", 3, 2),
        entries=[PairEntry(players=players[i : i + 2]) for i in range(0, 12, 2)],
    )
    play_line(section, 1, "1NS", "1EW", 10, rescore=False)
    play_line(section, 1, "3NS", "2EW", 11, rescore=False)
    play_line(section, 3, "2NS", "2EW", 10, rescore=False)
    rescore_section(section.pk)
    return section


def start(client: Client, section: Section, **data):
    return client.post(reverse("director:section-mail", args=[section.pk]), data)


def pair_of(section: Section, label: str) -> Pair:
    return next(pair for pair in section.pairs.all() if pair.label == label)
