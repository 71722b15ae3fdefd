"""Bridgeote individual events' own routes in the director URL conf
(``BridgeoteGame.urls``, included there by ``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.bridgeote.cards import bridgeote_cards

URLS: dict[str, list[URLPattern]] = {
    "director": [
        path(
            "events/<int:pk>/bridgeote/cards/", bridgeote_cards, name="bridgeote-cards"
        ),
    ],
}
