"""The ranking of a player game's event over the API, made once for every game.

Whiz, Barbu and Chinese bridge rankings are read the same way: the event
of the view's kind among those the request may rank (published ones for
the public, 404 otherwise), its players' standings in the scorer's order,
in the game's own shape.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.permissions import ranked_events
from tournaments.models import Event
from tournaments.selectors.api_events import event_among, event_scores


class EntrantStandingSerializer(serializers.Serializer):
    """A player's line of a ranking: the rank and the name (a game adds its own)."""

    rank = serializers.CharField()
    name = serializers.CharField(source="entrant.display_name")


def ranking_view(
    *,
    kind: str,
    serializer: type[serializers.Serializer],
    standings: Callable[[Event], QuerySet],
    summary: str,
) -> type[APIView]:
    """The view of an event of ``kind``: ``serializer`` of ``standings(event)``."""

    class RankingView(ApiAccess, APIView):
        @extend_schema(responses=serializer(many=True))
        def get(self, request: Request, id: int) -> Response:
            event = event_among(ranked_events(request), id, kind=kind)
            return Response(serializer(standings(event), many=True).data)

    RankingView.__doc__ = summary
    RankingView.__name__ = RankingView.__qualname__ = f"{kind.title()}RankingView"
    return RankingView


def entrant_ranking_view(
    *,
    kind: str,
    serializer: type[serializers.Serializer],
    scores: type,
    summary: str,
) -> type[APIView]:
    """The ranking view of a game that keeps its players' scores in
    ``scores`` (its ``Standing`` model): :func:`ranking_view` of the
    event's rows of it."""

    def standings(event: Event) -> QuerySet:
        return event_scores(scores, event)

    return ranking_view(
        kind=kind, serializer=serializer, standings=standings, summary=summary
    )
