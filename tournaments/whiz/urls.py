"""Whiz-Bridge's own routes in the API, director and results URL confs
(``WhizGame.urls``, included there by ``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.api.routes import object_routes
from tournaments.urls import game_event_pages
from tournaments.whiz.api import WhizRankingView, WhizResultsView
from tournaments.whiz.api_lines import WhizResultDetailView, WhizResultResolveView
from tournaments.whiz.cards import whiz_cards
from tournaments.whiz.director import whiz_traveller
from tournaments.whiz.disputes import whiz_result_keep
from tournaments.whiz.results import whiz_board_results, whiz_player_results

URLS: dict[str, list[URLPattern]] = {
    "api": [
        path(
            "whiz-results/<int:id>/resolve/",
            WhizResultResolveView.as_view(),
            name="api-whiz-result-resolve",
        ),
        *object_routes("section", ("whiz-results", WhizResultsView), names="api-"),
        path(
            "whiz-results/<int:id>/",
            WhizResultDetailView.as_view(),
            name="api-whiz-result-detail",
        ),
        *object_routes("event", ("whiz-ranking", WhizRankingView), names="api-"),
    ],
    "director": [
        path("whiz-results/<int:pk>/keep/", whiz_result_keep, name="whiz-result-keep"),
        *game_event_pages(
            "whiz",
            ("boards/<int:number>/", whiz_traveller, "traveller"),
            ("cards/", whiz_cards, "cards"),
        ),
    ],
    "results": game_event_pages(
        "whiz",
        ("boards/<int:number>/", whiz_board_results, "board"),
        ("players/<int:entrant_pk>/", whiz_player_results, "player"),
    ),
}
