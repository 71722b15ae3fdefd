"""The REST API: games of the catalogue and clubs with their players."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.models import Club, Event, Table
from tournaments.services.publication import event_publish
from tournaments.services.tokens import issue_table_token

User = get_user_model()


def test_it_lists_the_games(client):
    response = client.get("/api/games/")
    assert response.status_code == 200
    slugs = [game["slug"] for game in response.json()]
    assert slugs == ["bridge", "whiz", "chinese", "bridgeote", "barbu"]


def test_it_returns_one_game_with_its_scoring(client):
    body = client.get("/api/games/whiz/").json()
    assert body["name"] == "Whiz-Bridge"
    assert body["players"] == "3 players and the dummy, Domy"
    assert len(body["scoring"]) == 4


def test_it_answers_404_with_the_known_games_for_an_unknown_one(client):
    response = client.get("/api/games/poker/")
    assert response.status_code == 404
    assert "Unknown game 'poker'" in response.json()["detail"]


@pytest.mark.django_db
def test_it_lists_clubs_with_their_players(demo, client, director):
    """Every player for the club's director; for the public, those of a
    published event only (none in the demo: ``test_public_players``)."""
    body = director.get("/api/clubs/").json()
    assert len(body) == 1
    assert body[0]["name"] == "Bridge Club de la Donne"
    assert len(body[0]["players"]) == 32
    assert Client().get("/api/clubs/").json()[0]["players"] == []


@pytest.mark.django_db
def test_only_a_director_reads_the_players_licences(demo, client, director):
    """A licence number is personal data: the public, a player's login and a
    table token read the players' names, not their licences."""
    club = Club.objects.get().pk
    event_publish(Event.objects.get(name="Sunday Whiz"))
    player = Client()
    player.force_login(User.objects.create_user("player", password="pw-2026-x"))
    token = issue_table_token(Table.objects.first())
    readers = [(Client(), {}), (player, {}),
               (Client(), {"Authorization": f"Table {token}"})]  # fmt: skip
    for reader, headers in readers:
        for url in ("/api/clubs/", f"/api/clubs/{club}/"):
            response = reader.get(url, headers=headers)
            assert response.status_code == 200
            body = response.json()
            players = (body[0] if isinstance(body, list) else body)["players"]
            assert len(players) == 12
            assert {player["licence"] for player in players} == {None}
    body = director.get(f"/api/clubs/{club}/").json()
    assert all(player["licence"].startswith("D") for player in body["players"])


@pytest.mark.django_db
def test_it_refuses_writes_from_anonymous_clients(client):
    response = client.post("/api/clubs/", {"name": "X"})
    assert response.status_code == 403


@pytest.mark.parametrize(
    "url",
    [
        "/api/events/null,null/rankings/",
        "/api/events/abc/",
        "/api/sections/1e3/assignments/",
        "/api/clubs/x/",
    ],
)
def test_an_id_that_is_not_a_number_is_a_404(director, url):
    """Found by schemathesis: "null,null" as an event id was a 500."""
    assert director.get(url).status_code == 404
