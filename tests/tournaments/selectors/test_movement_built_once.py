"""A tablet's submission builds its section's movement once, in every game.

One entered line consults the movement several times (the table's round, the
seating, the privacy of the board, the rescore); each consults the same
built value.  Each test counts the calls of the game's movement generator
during one submission, its rescore included, with the process cache empty.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from django.urls import reverse
from teams_play import Committing, matches
from teams_play import create as create_teams

from tournaments.models import Table
from tournaments.selectors import movement as pairs_movement
from tournaments.services.tokens import issue_table_token
from tournaments.teams import services as teams_service
from tournaments.whiz import services as whiz_service

pytestmark = pytest.mark.django_db


@contextmanager
def counted(module: object, name: str) -> Iterator[list[int]]:
    """Count the calls of ``module.name`` while the block runs."""
    real: Callable[..., object] = getattr(module, name)
    calls: list[int] = []

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)

    setattr(module, name, counting)
    try:
        yield calls
    finally:
        setattr(module, name, real)


def headers(table: Table) -> dict[str, str]:
    return {"Authorization": f"Table {issue_table_token(table)}"}


def builds(client, capture, table: Table, url: str, line: dict, module, name) -> int:
    """How many times ``module.name`` generates a movement while the table's
    tablet enters ``line`` and the section is rescored."""
    with counted(module, name) as built, capture(execute=True):
        response = client.post(
            url, line, content_type="application/json", headers=headers(table)
        )
    assert response.status_code == 201, response.json()
    return len(built)


def test_a_pairs_entry_builds_the_mitchell_once(
    client, section, django_capture_on_commit_callbacks
):
    pairs_movement._built.cache_clear()
    line = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
            "declarer": "N", "result": "="}  # fmt: skip
    url = reverse("api-section-results", args=[section.pk])
    table = section.table_set.get(number=1)
    capture = django_capture_on_commit_callbacks
    assert builds(client, capture, table, url, line, pairs_movement, "mitchell") == 1


def test_a_whiz_entry_builds_the_whiz_movement_once(
    director, client, django_capture_on_commit_callbacks
):
    body = {"name": "Whiz", "date": "2026-11-20", "boards_per_round": 1,
            "players": [{"name": f"P{n}"} for n in range(12)]}  # fmt: skip
    event = director.post(
        reverse("api-whiz-event-new"), body, content_type="application/json"
    ).json()
    whiz_service._built.cache_clear()
    table = Table.objects.get(section_id=event["section"], number=1)
    url = reverse("api-whiz-results", args=[event["section"]])
    line = {"board": 1, "contract": "10S", "declarer": "N", "result": "="}
    capture = django_capture_on_commit_callbacks
    assert builds(client, capture, table, url, line, whiz_service, "whiz_movement") == 1


def test_a_teams_entry_builds_the_round_once(
    director, client, django_capture_on_commit_callbacks
):
    api = Committing(director, django_capture_on_commit_callbacks)
    event = create_teams(api, 4)
    match = next(m for m in matches(api, event["id"]) if m["round"] == 1)
    teams_service._built.cache_clear()
    table = Table.objects.get(section_id=match["section"], number=1)
    line = {"board": 1, "ns": f"{match['home']}NS", "ew": f"{match['away']}EW",
            "contract": "3NT", "declarer": "N", "result": "="}  # fmt: skip
    url = reverse("api-section-results", args=[match["section"]])
    capture = django_capture_on_commit_callbacks
    assert builds(client, capture, table, url, line, teams_service, "team_round") == 1
