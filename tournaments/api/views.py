"""API views: thin wrappers over the catalogue and the models."""

from __future__ import annotations

from dataclasses import asdict

from django.utils.translation import gettext as _
from rest_framework import viewsets
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from games.catalogue import GAMES, GameInfo, game_info
from games.errors import GameError
from tournaments.api.serializers import ClubSerializer, GameSerializer
from tournaments.models import Club


def _translated(game: GameInfo) -> dict[str, object]:
    """The game's texts in the active language."""
    data = asdict(game)
    for key in ("name", "players", "deck"):
        data[key] = _(data[key])
    for key in ("events", "scoring"):
        data[key] = [_(text) for text in data[key]]
    return data


@api_view(["GET"])
def game_list(request: Request) -> Response:
    """GET /api/games/: every game with its events and scoring summary."""
    return Response(GameSerializer([_translated(g) for g in GAMES], many=True).data)


@api_view(["GET"])
def game_detail(request: Request, slug: str) -> Response:
    """GET /api/games/<slug>/: one game."""
    try:
        game = game_info(slug)
    except GameError as error:
        raise NotFound(str(error)) from None
    return Response(GameSerializer(_translated(game)).data)


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    """Clubs with their players."""

    queryset = Club.objects.prefetch_related("players")
    serializer_class = ClubSerializer
