"""Play teams events through the API in tests: create, lay out, enter boards."""

from __future__ import annotations

from django.test import TestCase
from django.urls import reverse

from tests.support.module_world import world_director_client

TEAM_NAMES = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines", "Eights", "Sevens"]


class Committing:
    """The test client with each request's on-commit tasks run, as in production.

    The tests run in a transaction that never commits; the scoring tasks are
    queued on commit, so each request runs them when it ends.
    """

    def __init__(self, client, capture) -> None:
        self.client, self.capture = client, capture

    def post(self, url, data, content_type):
        with self.capture(execute=True):
            return self.client.post(url, data, content_type=content_type)

    def get(self, url):
        return self.client.get(url)


def world_director(username: str) -> Committing:
    """A director's committing client made inside a module's world
    (``module_world``), where the ``api`` fixture (a test's) is not at hand."""
    return Committing(
        world_director_client(username), TestCase.captureOnCommitCallbacks
    )


def post(client, url, data):
    return client.post(url, data, content_type="application/json")


def create(client, teams: int, **settings) -> dict:
    """Create a teams event of ``teams`` teams (4-board round robin unless told)."""
    body = {
        "name": "Teams night",
        "date": "2026-11-20",
        "format": "round-robin",
        "boards_per_match": 4,
        "teams": [
            {"name": name, "members": f"{name} players"} for name in TEAM_NAMES[:teams]
        ],
    } | settings
    response = post(client, reverse("api-teams-event-new"), body)
    assert response.status_code == 201, response.json()
    return response.json()


def matches(client, event_id: int) -> list[dict]:
    response = client.get(reverse("api-event-matches", args=[event_id]))
    assert response.status_code == 200
    return response.json()


def enter(client, match: dict, board: int, open_line: dict, closed_line: dict):
    """Enter one board of a match in both rooms (declarer North unless told)."""
    url = reverse("api-section-results", args=[match["section"]])
    home, away = match["home"], match["away"]
    for ns, ew, line in (
        (f"{home}NS", f"{away}EW", open_line),
        (f"{away}NS", f"{home}EW", closed_line),
    ):
        data = {"board": board, "ns": ns, "ew": ew, "declarer": "N"} | line
        response = post(client, url, data)
        assert response.status_code == 201, response.json()


def enter_contract(
    client,
    match: dict,
    board: int,
    contract: str,
    open_result: str,
    closed_result: str,
) -> None:
    """Enter one board of a match bid ``contract`` by North in both rooms,
    made as ``open_result`` and ``closed_result`` say ("=", "-1", "+1")."""
    enter(
        client,
        match,
        board,
        {"contract": contract, "result": open_result},
        {"contract": contract, "result": closed_result},
    )


def first_board(match: dict, boards: int = 4) -> int:
    """The first board of a match's round when every round has ``boards``."""
    return (match["round"] - 1) * boards + 1


def play_match(client, match: dict, boards: int = 4) -> None:
    """A deterministic match: 3NT by North in both rooms, tricks from the teams."""
    first = first_board(match, boards)
    for board in range(first, first + boards):
        open_tricks = 8 + (match["home"] * board) % 3
        closed_tricks = 8 + (match["away"] * board + 1) % 3
        enter(
            client,
            match,
            board,
            {"contract": "3NT", "tricks": open_tricks},
            {"contract": "3NT", "tricks": closed_tricks},
        )


def play_round(client, event_id: int, number: int, boards: int = 4) -> None:
    """Play every match of round ``number``."""
    for match in matches(client, event_id):
        if match["round"] == number and match["away"] is not None:
            play_match(client, match, boards)
