"""The director's page creating an event, the same for every game."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Event

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eva", "Fox", "Gil", "Hal", "Ian"]


# The director's creation page, the same for every game.


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        ("director:whiz-event-new", {"boards_per_round": 2, "mark": "standard"}),
        ("director:barbu-event-new", {"rounds": 4}),
        ("director:chinese-event-new", {"format": "round-robin", "hands": 4}),
        # Individual bridge (issue 22): 8 players, 2 tables sharing 2 boards.
        ("director:individual-event-new", {"rounds": 7, "boards_per_round": 2}),
    ],
)
def test_the_director_page_creates_or_names_the_refused_field(director, name, fields):
    form = {"name": "Club night", "date": "2026-11-24", **fields}
    refused = director.post(reverse(name), form | {"players": "Ann"})
    assert refused.status_code == 400
    assert "players" in refused.context["form"].errors
    assert not Event.objects.exists()
    created = director.post(reverse(name), form | {"players": "\n".join(NAMES[:8])})
    event = Event.objects.get()
    assert created.status_code == 302
    assert created.url == reverse("director:event", args=[event.pk])
    assert event.created_by.username == "td"
