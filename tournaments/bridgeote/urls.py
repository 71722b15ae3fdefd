"""The Bridgeote package's own routes, by URL conf (``BridgeoteGame.urls``,
included there by ``registry.game_urls``).

The API takes a pairs event's Bridgeote deals (``api_pairs``, the card game
played inside pairs events) and a Bridgeote individual event's deals and
ranking (``api``); the director prints an individual event's table cards.
Paths and names are contracts.
"""

from __future__ import annotations

from django.urls import URLPattern

from tournaments.api.routes import object_routes
from tournaments.bridgeote import api, api_pairs
from tournaments.bridgeote.cards import bridgeote_cards
from tournaments.urls import game_event_pages

URLS: dict[str, list[URLPattern]] = {
    "api": [
        *object_routes(
            "section",
            ("bridgeote-results", api_pairs.BridgeoteResultsView),
            # Bridgeote individual events (3, 5, 6 or 7 players a table).
            ("bridgeote-deals", api.BridgeoteDealsView),
            names="api-",
        ),
        *object_routes(
            "event", ("bridgeote-ranking", api.BridgeoteRankingView), names="api-"
        ),
    ],
    "director": game_event_pages("bridgeote", ("cards/", bridgeote_cards, "cards")),
}
