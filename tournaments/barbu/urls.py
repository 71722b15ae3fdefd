"""Barbu's own routes (duplicate Barbu's too) in the API, director and
results URL confs (``BarbuGame.urls``, included there by
``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern

from tournaments.api.routes import object_routes
from tournaments.barbu.api import (
    BarbuDealsView,
    BarbuDuplicateRankingView,
    BarbuRankingView,
)
from tournaments.barbu.cards import barbu_cards
from tournaments.barbu.director import barbu_manche
from tournaments.barbu.results import barbu_player_results
from tournaments.urls import game_event_pages

URLS: dict[str, list[URLPattern]] = {
    "api": [
        *object_routes("section", ("barbu-deals", BarbuDealsView), names="api-"),
        *object_routes(
            "event",
            ("barbu-ranking", BarbuRankingView),
            ("barbu-duplicate-ranking", BarbuDuplicateRankingView),
            names="api-",
        ),
    ],
    "director": game_event_pages(
        "barbu",
        ("cards/", barbu_cards, "cards"),
        ("rounds/<int:round>/tables/<int:table>/", barbu_manche, "manche"),
    ),
    "results": game_event_pages(
        "barbu", ("players/<int:entrant_pk>/", barbu_player_results, "player")
    ),
}
