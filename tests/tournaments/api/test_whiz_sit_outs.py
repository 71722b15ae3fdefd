"""The Whiz ranking's "sat out" (issue 32): boards a player has not played
yet are not sat out; only the rounds the movement sits him out count."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.api.test_whiz_api import create, enter
from tournaments.models import Event, WhizScore
from tournaments.services.publication import event_publish
from tournaments.whiz.movements import whiz_movement

pytestmark = pytest.mark.django_db


def play_round(api, event: dict, round: int) -> None:
    """Every real table of ``round`` enters its board."""
    movement = whiz_movement(event["tables"], 1, players=len(event["players"]))
    for seating in movement.seatings:
        if seating.round != round or seating.sits_out:
            continue
        for board in seating.boards:
            declarer = "NES"[(board + seating.table) % 3]
            line = {"contract": "9H", "declarer": declarer, "tricks": 9}
            enter(api, event, board, seating.table, line)


def sat_out() -> dict[str, tuple[int, int]]:
    return {
        s.entrant.label: (s.boards, s.sit_out_boards)
        for s in WhizScore.objects.select_related("entrant")
    }


def test_boards_not_reached_yet_are_not_sat_out(api):
    event = create(api, 12)
    play_round(api, event, 1)
    scores = sat_out()
    assert len(scores) == 12
    assert set(scores.values()) == {(1, 0)}
    whiz = Event.objects.get(pk=event["id"])
    event_publish(whiz)
    page = Client().get(reverse("results:event", args=[whiz.pk])).content.decode()
    assert "sat out" not in page
    # Next round: still nobody sat out anything.
    play_round(api, event, 2)
    assert set(sat_out().values()) == {(2, 0)}


def test_a_real_sit_out_counts_once_its_round_is_reached(api):
    # 11 players: table 4 (its North seat empty) sits out every round; in
    # round 1 that is 4E and 4S on board 4, in round 2 1S and 2E on board 1.
    event = create(api, 11)
    play_round(api, event, 1)
    scores = sat_out()
    assert len(scores) == 9 and set(scores.values()) == {(1, 0)}
    play_round(api, event, 2)
    scores = sat_out()
    assert scores["4E"] == scores["4S"] == (1, 1)
    assert scores["1S"] == scores["2E"] == (1, 1)
    assert sum(missed for _, missed in scores.values()) == 4
    whiz = Event.objects.get(pk=event["id"])
    event_publish(whiz)
    page = Client().get(reverse("results:event", args=[whiz.pk])).content.decode()
    assert page.count("(+1 sat out)") == 4
