"""Whiz-Bridge's own routes in the API, director and results URL confs
(``WhizGame.urls``, included there by ``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.whiz.api_lines import WhizResultResolveView
from tournaments.whiz.cards import whiz_cards
from tournaments.whiz.disputes import whiz_result_keep

URLS: dict[str, list[URLPattern]] = {
    "api": [
        path(
            "whiz-results/<int:id>/resolve/",
            WhizResultResolveView.as_view(),
            name="api-whiz-result-resolve",
        ),
    ],
    "director": [
        path("whiz-results/<int:pk>/keep/", whiz_result_keep, name="whiz-result-keep"),
        path("events/<int:pk>/whiz/cards/", whiz_cards, name="whiz-cards"),
    ],
}
