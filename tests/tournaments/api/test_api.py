"""The REST API: games of the catalogue and clubs with their players."""

from __future__ import annotations

import pytest

from tournaments.demo.club import load_demo


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
def test_it_lists_clubs_with_their_players(client):
    load_demo()
    body = client.get("/api/clubs/").json()
    assert len(body) == 1
    assert body[0]["name"] == "Bridge Club de la Donne"
    assert len(body[0]["players"]) == 32
    assert body[0]["players"][0]["licence"].startswith("D")


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
