"""The games pages: the list, each game's rules, and the bridge scoring tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_it_lists_every_game_on_the_home_page(client):
    response = client.get(reverse("tournaments:home"))
    assert response.status_code == 200
    page = response.content.decode()
    for name in (
        "Contract bridge (duplicate)",
        "Whiz-Bridge",
        "Chinese bridge",
        "Bridgeote",
        "Barbu",
    ):
        assert name in page


def test_it_shows_the_demo_club_with_its_players(demo, client):
    page = client.get(reverse("tournaments:home")).content.decode()
    assert "Bridge Club de la Donne" in page
    assert "32 players" in page


def test_it_shows_the_bridge_scoring_tables(client):
    response = client.get(reverse("tournaments:game-detail", args=["bridge"]))
    assert response.status_code == 200
    assert response.context["boards"] == 16
    assert response.context["rotation"][3] == (4, "W", "All")
    assert ("2HX", 8, False, 470) in response.context["samples"]
    assert response.context["vp_rows"][10][:2] == (10, 12.8)
    page = response.content.decode()
    assert "12.80" in page
    assert "4000+" in page


def test_it_shows_the_vp_scale_for_the_match_length_asked(client):
    url = reverse("tournaments:game-detail", args=["bridge"])
    response = client.get(url, {"boards": "8"})
    assert response.status_code == 200
    assert response.context["vp_rows"][1][:2] == (1, 10.44)


@pytest.mark.parametrize("boards", ["0", "65", "sixteen", "-3"])
def test_it_answers_400_naming_the_field_for_a_bad_match_length(client, boards):
    url = reverse("tournaments:game-detail", args=["bridge"])
    response = client.get(url, {"boards": boards})
    assert response.status_code == 400
    assert "boards: give a whole number of boards from 1 to 64." in (
        response.content.decode()
    )


def test_it_shows_a_game_without_tables(client):
    response = client.get(reverse("tournaments:game-detail", args=["barbu"]))
    assert response.status_code == 200
    assert "rotation" not in response.context
    assert "Four rounds of seven contracts" in response.content.decode()


def test_it_answers_404_for_an_unknown_game(client):
    response = client.get("/games/poker/")
    assert response.status_code == 404


def test_it_speaks_french_when_the_reader_does(client):
    response = client.get(reverse("tournaments:home"), HTTP_ACCEPT_LANGUAGE="fr")
    page = response.content.decode()
    assert "Bridge de compétition (duplicate)" in page
    assert "Les jeux et leur marque" in page


def test_the_home_page_links_the_demo_events_results(demo, client):
    response = client.get(reverse("tournaments:home"))
    names = [event.name for event in response.context["events"]]
    assert sorted(names) == [
        "Barbu evening",
        "Bridgeote evening",
        "Chinese bridge round robin",
        "Individual evening",
        "Saturday Swiss teams",
        "Sunday Whiz",
        "Thursday Howell",
        "Tonight's pairs",
        "Tuesday Mitchell",
    ]
    event = response.context["events"][0]
    assert reverse("results:event", args=[event.pk]) in response.content.decode()


def test_the_demo_teams_hand_records_follow_the_rounds(demo, director):
    """Each Swiss round is a session of new deals: a sheet per round's board."""
    event = Event.objects.get(name="Saturday Swiss teams")
    response = director.get(reverse("results:hand-records", args=[event.pk]))
    assert response.status_code == 200
    records = response.context["records"]
    sessions = [record.board.section.session.number for record in records]
    assert sessions == sorted(sessions) and len(set(sessions)) > 1
    assert len(records) == len(
        {(r.board.section.session_id, r.board.number) for r in records}
    )
    assert "session 2" in response.content.decode()
