"""Individual bridge's own routes, by URL conf (``IndividualGame.urls``).

The API's individual ranking, and the public results' board traveller and
player scorecard (in the "results" namespace); paths and names are
contracts.
"""

from __future__ import annotations

from django.urls import URLPattern

from tournaments.api.routes import object_routes
from tournaments.individual import api, results
from tournaments.urls import game_event_pages

API: list[URLPattern] = object_routes(
    "event", ("individual-ranking", api.IndividualRankingView), names="api-"
)

RESULTS: list[URLPattern] = game_event_pages(
    "individual",
    ("boards/<int:number>/", results.individual_board_results, "board"),
    ("players/<int:entrant_pk>/", results.individual_player_results, "player"),
)


def urls(site: str) -> list[URLPattern]:
    """The game's routes in the ``site`` URL conf ("api", "director",
    "results")."""
    return {"api": API, "results": RESULTS}.get(site, [])
