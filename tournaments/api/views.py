"""API views: thin wrappers over the catalogue and the models."""

from __future__ import annotations

from dataclasses import asdict

from django.db.models import QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, viewsets
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from games.catalogue import GAMES, GameInfo, game_info
from games.errors import GameError
from tournaments.api.preview import PreviewError, preview_board, preview_score
from tournaments.api.serializers import ClubSerializer, GameSerializer
from tournaments.models import Club
from tournaments.selectors.api_clubs import clubs_with_players


def _translated(game: GameInfo) -> dict[str, object]:
    """The game's texts in the active language."""
    data = asdict(game)
    for key in ("name", "players", "deck"):
        data[key] = _(data[key])
    for key in ("events", "scoring"):
        data[key] = [_(text) for text in data[key]]
    return data


@extend_schema(responses=GameSerializer(many=True), operation_id="games_list")
@api_view(["GET"])
def game_list(request: Request) -> Response:
    """GET /api/games/: every game with its events and scoring summary."""
    return Response(GameSerializer([_translated(g) for g in GAMES], many=True).data)


@extend_schema(responses=GameSerializer)
@api_view(["GET"])
def game_detail(request: Request, slug: str) -> Response:
    """GET /api/games/<slug>/: one game."""
    try:
        game = game_info(slug)
    except GameError as error:
        raise NotFound(str(error)) from None
    return Response(GameSerializer(_translated(game)).data)


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    """Clubs with their players: for the public, only those entered in a
    published event; a club's directors see all of theirs
    (``selectors.public_players``)."""

    lookup_value_regex = r"\d+"  # ids only: "null" is a 404, not a 500

    serializer_class = ClubSerializer

    def get_queryset(self) -> QuerySet[Club]:
        return clubs_with_players(self.request.user)


@extend_schema(
    parameters=[
        OpenApiParameter("board", int, required=True),
        OpenApiParameter("contract", str),
        OpenApiParameter("declarer", str),
        OpenApiParameter("result", str),
    ],
    responses=inline_serializer(
        "ScorePreview",
        {
            "score_ns": serializers.IntegerField(allow_null=True),
            "tricks": serializers.IntegerField(required=False),
            "adjusted": serializers.CharField(required=False),
            "absent": serializers.CharField(required=False),
            "weighted": serializers.CharField(required=False),
        },
    ),
)
@api_view(["GET"])
def score_preview(request: Request) -> Response:
    """GET /api/score/?board=ID&contract=4S&declarer=N&result=+1: the NS score.

    What the traveller form shows as the director types; an adjusted score
    ("A+", "60/40") is echoed back, a weighted one ("70% 4S N =; 30% 4S N +1")
    with its weighted mean.  Errors are 400 with the field named.
    """
    params = request.query_params
    try:
        board = preview_board(params.get("board"))
        return Response(
            preview_score(
                board,
                params.get("contract", ""),
                params.get("declarer", ""),
                params.get("result", ""),
            )
        )
    except PreviewError as error:
        return Response({"error": error.message, "field": error.field}, 400)
