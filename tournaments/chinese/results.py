"""Public results of a Chinese bridge event: the ranking and every round's
matches, and a player's scorecard (routed here, ``chinese_player_results``)."""

from __future__ import annotations

from itertools import groupby

from django.http import HttpRequest, HttpResponse

from tournaments.chinese.selectors import (
    match_hands,
    matches_with_names_and_hands,
    ranked_players,
    section_matches,
    section_player,
)
from tournaments.models import Event
from tournaments.results.event_page import event_page, event_section
from tournaments.results.views import game_page


def chinese_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """The ranking, then every round's matches."""
    section = event_section(event)
    matches = section_matches(section)
    return event_page(
        request,
        "chinese/results.html",
        event,
        live,
        section=section,
        settings=section.chinese,
        players=ranked_players(section),
        rounds=[
            (number, list(group))
            for number, group in groupby(matches, key=lambda m: m.round)
        ],
    )


def chinese_player(
    request: HttpRequest, event: Event, player_pk: int, live: dict[str, object]
) -> HttpResponse:
    """A player's scorecard: each match, its hands, his tricks and the other's."""
    section = event_section(event)
    player = section_player(section, player_pk)
    rows = []
    for match in matches_with_names_and_hands(section):
        if player.pk not in (match.a_id, match.b_id):
            continue
        first = match.a_id == player.pk
        opponent = match.b if first else match.a
        hands = [
            (h.number, h.tricks_a, h.tricks_b, h.mp_a)
            if first
            else (h.number, h.tricks_b, h.tricks_a, h.mp_b)
            for h in match_hands(match)
        ]
        own, other = (
            (match.points_a, match.points_b)
            if first
            else (match.points_b, match.points_a)
        )
        rows.append((match, opponent, own, other, hands))
    template = "chinese/results_player.html"
    return event_page(request, template, event, live, player=player, rows=rows)


def chinese_player_results(
    request: HttpRequest, pk: int, player_pk: int
) -> HttpResponse:
    """A Chinese bridge player's scorecard."""
    return game_page(request, pk, Event.Kind.CHINESE, chinese_player, player_pk)
