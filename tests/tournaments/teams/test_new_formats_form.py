"""The director's form lays out the new teams formats (issue 22)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Event, Match

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Club teams",
    "date": "2026-12-01",
    "scoring": "vp",
    "boards_per_match": 4,
    "stints": 2,
    "rounds": "",
    "bye_vp": "12",
    "tie_rule": "extra-boards",
}


def test_a_double_round_robin_of_4_teams_has_6_rounds(director):
    data = FORM | {"format": "double-round-robin", "teams": "A\nB\nC\nD"}
    response = director.post(reverse("director:teams-event-new"), data)
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.competition.rounds == 6
    met = list(
        Match.objects.filter(session__event=event).values_list(
            "home__number", "away__number"
        )
    )
    assert len(met) == 12 and len(set(met)) == 12  # each way round once


def test_a_three_way_from_the_form(director):
    data = FORM | {"format": "three-way", "teams": "A\nB\nC"}
    response = director.post(reverse("director:teams-event-new"), data)
    assert response.status_code == 302
    event = Event.objects.get()
    rows = Match.objects.filter(session__event=event).values_list(
        "number", "home__number", "away__number", "three_way"
    )
    assert list(rows) == [(1, 1, 2, True), (2, 2, 3, True), (3, 3, 1, True)]
    page = director.get(reverse("director:event", args=[event.pk]))
    assert page.status_code == 200
    assert "3–1" in page.content.decode()


def test_a_patton_needs_its_number_of_opponents(director):
    data = FORM | {"format": "patton", "teams": "\n".join("ABCDEFGHIJ"), "rounds": "10"}
    response = director.post(reverse("director:teams-event-new"), data)
    assert response.status_code == 400
    assert response.context["form"].errors == {
        "rounds": ["In a patton of 10 teams each team meets 1 to 9 others."]
    }
    done = director.post(reverse("director:teams-event-new"), data | {"rounds": "4"})
    assert done.status_code == 302
    assert Match.objects.count() == 4 * 5


def test_a_patton_left_without_its_number_of_opponents_is_refused(director):
    data = FORM | {"format": "patton", "teams": "\n".join("ABCDEFGHIJ")}
    response = director.post(reverse("director:teams-event-new"), data)
    assert response.status_code == 400
    assert response.context["form"].errors == {
        "rounds": ["In a patton of 10 teams each team meets 1 to 9 others."]
    }
    assert not Event.objects.exists()
