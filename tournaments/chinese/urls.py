"""Chinese bridge's own routes in the API, director and results URL confs
(``ChineseGame.urls``, included there by ``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.api.routes import object_routes
from tournaments.chinese.api import (
    ChineseAnswerView,
    ChineseMatchesView,
    ChineseRankingView,
)
from tournaments.chinese.cards import chinese_cards
from tournaments.chinese.results import chinese_player_results
from tournaments.urls import game_event_pages

URLS: dict[str, list[URLPattern]] = {
    "api": [
        *object_routes(
            "section", ("chinese-matches", ChineseMatchesView), names="api-"
        ),
        # The opponent's answer to a hand.
        path(
            "sections/<int:id>/chinese-matches/answer/",
            ChineseAnswerView.as_view(),
            name="api-chinese-answer",
        ),
        *object_routes("event", ("chinese-ranking", ChineseRankingView), names="api-"),
    ],
    "director": game_event_pages("chinese", ("cards/", chinese_cards, "cards")),
    "results": game_event_pages(
        "chinese", ("players/<int:player_pk>/", chinese_player_results, "player")
    ),
}
