"""The director changes who played, through the API: a pair's players
(``PATCH /api/pairs/{id}/``, a substitute) and a traveller line's pairs
(``PATCH /api/results/{id}/`` with ``ns``/``ew``) or direction
(``POST /api/results/{id}/swap/``).

Directors only: a table token gets 403, an anonymous request 401.  The
services (``services.pairs``, ``services.line_pairs``) check and audit.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import exceptions, serializers
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess, line_row
from tournaments.api.permissions import is_director
from tournaments.api.serializers import PairSerializer, ResultSerializer
from tournaments.api.writes import api_error, find_pair, reloaded
from tournaments.models import Pair, Result, Source
from tournaments.services.line_pairs import line_swap
from tournaments.services.pairs import (
    missing_players_text,
    pair_players_change,
    pair_seats,
    player_count,
)


class DirectorOnly(BasePermission):
    """A director (a staff user); never a tablet, never the public."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return is_director(request)


class ResultSwapView(ApiAccess, APIView):
    """The pairs sat the wrong way round: swap the line's NS and EW pairs;
    the result stays with the seats (contract, declarer and NS score)."""

    permission_classes = [DirectorOnly]

    class InputSerializer(serializers.Serializer):
        """Optionally the NS pair the client saw ("3NS"): a repeated swap of
        a line already swapped is then refused instead of undone."""

        ns = serializers.CharField(max_length=8, required=False)

    @extend_schema(request=InputSerializer, responses=ResultSerializer)
    def post(self, request: Request, id: int) -> Response:
        result = get_object_or_404(_lines(), pk=id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        expected = None
        if "ns" in data.validated_data:
            section = result.board.section
            expected = find_pair(section, data.validated_data["ns"], "ns")
        try:
            line_swap(
                result, user=request.user, source=Source.API, expected_ns=expected
            )
        except DjangoValidationError as error:
            raise api_error(error) from None
        except DjangoPermissionDenied as error:
            raise exceptions.PermissionDenied(str(error)) from None
        return Response(ResultSerializer(line_row(reloaded(id))).data)


def _lines() -> Any:
    return Result.objects.select_related(
        "board__section__session__event", "ns_pair", "ew_pair", "round", "table"
    )


class PairDetailView(ApiAccess, APIView):
    """A pair of a section: its players, changed at any time (a substitute)."""

    permission_classes = [DirectorOnly]

    class InputSerializer(serializers.Serializer):
        """The pair's players by name (two; fewer is accepted with a warning)."""

        players = serializers.ListField(
            child=serializers.CharField(allow_blank=True, max_length=120),
            max_length=2,
            allow_empty=True,
        )

    @staticmethod
    def answer(pair: Pair) -> dict[str, Any]:
        """The pair with its players and the warning of a missing player."""
        missing = player_count(pair) < 2 and not pair.phantom
        return PairSerializer(pair).data | {
            "players": [name for name in pair_seats(pair) if name],
            "warnings": [missing_players_text([pair])] if missing else [],
        }

    def get_pair(self, id: int) -> Pair:
        return get_object_or_404(
            Pair.objects.select_related("section__session__event"), pk=id
        )

    @extend_schema(
        responses=inline_serializer(
            "PairPlayers",
            {
                "id": serializers.IntegerField(),
                "number": serializers.IntegerField(),
                "direction": serializers.CharField(),
                "label": serializers.CharField(),
                "names": serializers.CharField(),
                "players": serializers.ListField(child=serializers.CharField()),
                "warnings": serializers.ListField(child=serializers.CharField()),
            },
        )
    )
    def get(self, request: Request, id: int) -> Response:
        """The pair and its players."""
        return Response(self.answer(self.get_pair(id)))

    @extend_schema(request=InputSerializer, responses={200: None})
    def patch(self, request: Request, id: int) -> Response:
        """Seat these players in the pair (audited; the pages follow at once)."""
        pair = self.get_pair(id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            pair_players_change(
                pair,
                data.validated_data["players"],
                user=request.user,
                source=Source.API,
            )
        except DjangoValidationError as error:
            raise api_error(error) from None
        return Response(self.answer(pair))
