"""Chinese bridge's own routes in the API, director and results URL confs
(``ChineseGame.urls``, included there by ``registry.game_urls``)."""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.chinese.api import (
    ChineseAnswerView,
    ChineseMatchesView,
    ChineseRankingView,
)
from tournaments.chinese.cards import chinese_cards
from tournaments.chinese.results import chinese_player_results

URLS: dict[str, list[URLPattern]] = {
    "api": [
        path(
            "sections/<int:id>/chinese-matches/",
            ChineseMatchesView.as_view(),
            name="api-chinese-matches",
        ),
        # The opponent's answer to a hand.
        path(
            "sections/<int:id>/chinese-matches/answer/",
            ChineseAnswerView.as_view(),
            name="api-chinese-answer",
        ),
        path(
            "events/<int:id>/chinese-ranking/",
            ChineseRankingView.as_view(),
            name="api-chinese-ranking",
        ),
    ],
    "director": [
        path("events/<int:pk>/chinese/cards/", chinese_cards, name="chinese-cards"),
    ],
    "results": [
        path(
            "events/<int:pk>/chinese/players/<int:player_pk>/",
            chinese_player_results,
            name="chinese-player",
        ),
    ],
}
