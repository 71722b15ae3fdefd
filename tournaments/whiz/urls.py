"""Whiz-Bridge's own routes in the API, director and results URL confs
(``WhizGame.urls``, included there by ``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.whiz.cards import whiz_cards

URLS: dict[str, list[URLPattern]] = {
    "director": [
        path("events/<int:pk>/whiz/cards/", whiz_cards, name="whiz-cards"),
    ],
}
