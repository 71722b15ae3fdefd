"""Barbu's own routes (duplicate Barbu's too) in the API, director and
results URL confs (``BarbuGame.urls``, included there by
``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.barbu.cards import barbu_cards
from tournaments.barbu.results import barbu_player_results

URLS: dict[str, list[URLPattern]] = {
    "director": [
        path("events/<int:pk>/barbu/cards/", barbu_cards, name="barbu-cards"),
    ],
    "results": [
        path(
            "events/<int:pk>/barbu/players/<int:entrant_pk>/",
            barbu_player_results,
            name="barbu-player",
        ),
    ],
}
