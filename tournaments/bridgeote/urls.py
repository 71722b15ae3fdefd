"""The Bridgeote package's own routes, by URL conf (``BridgeoteGame.urls``).

The API takes a pairs event's Bridgeote deals (``api_pairs``, the card game
played inside pairs events) and a Bridgeote individual event's deals and
ranking (``api``); paths and names are the API's contract.
"""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.bridgeote import api, api_pairs

API: list[URLPattern] = [
    path(
        "sections/<int:id>/bridgeote-results/",
        api_pairs.BridgeoteResultsView.as_view(),
        name="api-bridgeote-results",
    ),
    # Bridgeote individual events (3, 5, 6 or 7 players a table).
    path(
        "sections/<int:id>/bridgeote-deals/",
        api.BridgeoteDealsView.as_view(),
        name="api-bridgeote-deals",
    ),
    path(
        "events/<int:id>/bridgeote-ranking/",
        api.BridgeoteRankingView.as_view(),
        name="api-bridgeote-ranking",
    ),
]


def urls(site: str) -> list[URLPattern]:
    """The package's routes in the ``site`` URL conf ("api", "director",
    "results")."""
    return {"api": API}.get(site, [])
