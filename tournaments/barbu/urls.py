"""Barbu's own routes (duplicate Barbu's too) in the API, director and
results URL confs (``BarbuGame.urls``, included there by
``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.barbu.api import (
    BarbuDealsView,
    BarbuDuplicateRankingView,
    BarbuRankingView,
)
from tournaments.barbu.cards import barbu_cards
from tournaments.barbu.director import barbu_manche
from tournaments.barbu.results import barbu_player_results

URLS: dict[str, list[URLPattern]] = {
    "api": [
        path(
            "sections/<int:id>/barbu-deals/",
            BarbuDealsView.as_view(),
            name="api-barbu-deals",
        ),
        path(
            "events/<int:id>/barbu-ranking/",
            BarbuRankingView.as_view(),
            name="api-barbu-ranking",
        ),
        path(
            "events/<int:id>/barbu-duplicate-ranking/",
            BarbuDuplicateRankingView.as_view(),
            name="api-barbu-duplicate-ranking",
        ),
    ],
    "director": [
        path("events/<int:pk>/barbu/cards/", barbu_cards, name="barbu-cards"),
        path(
            "events/<int:pk>/barbu/rounds/<int:round>/tables/<int:table>/",
            barbu_manche,
            name="barbu-manche",
        ),
    ],
    "results": [
        path(
            "events/<int:pk>/barbu/players/<int:entrant_pk>/",
            barbu_player_results,
            name="barbu-player",
        ),
    ],
}
