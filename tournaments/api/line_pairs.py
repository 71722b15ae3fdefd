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
from django.utils.translation import gettext as _
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
from tournaments.models import Board, Pair, Source
from tournaments.selectors.api_lines import (
    board_line,
    line_among,
    lines_with_event,
    pair_with_event,
)
from tournaments.selectors.api_sections import board_numbered
from tournaments.services.line_exchange import LineRefused, lines_pairs_fix
from tournaments.services.line_pairs import line_swap
from tournaments.services.pairs import (
    missing_players_text,
    pair_players_change,
    pair_seats,
    player_count,
)

PAIR_PLAYERS = inline_serializer(
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


class DirectorOnly(BasePermission):
    """A director (a staff user); never a tablet, never the public."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return is_director(request)


class ResultSwapView(ApiAccess, APIView):
    """The pairs sat the wrong way round: swap the line's NS and EW pairs;
    the result stays with the seats (contract, declarer and NS score)."""

    permission_classes = [DirectorOnly]

    class SwapSerializer(serializers.Serializer):
        """Optionally the NS pair the client saw ("3NS"): a repeated swap of
        a line already swapped is then refused instead of undone."""

        ns = serializers.CharField(max_length=8, required=False)

    @extend_schema(request=SwapSerializer, responses=ResultSerializer)
    def post(self, request: Request, id: int) -> Response:
        result = line_among(lines_with_event(), id)
        data = self.SwapSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        expected = None
        if "ns" in data.validated_data:
            section = result.board.section
            expected = find_pair(section, data.validated_data["ns"], "ns").pk
        try:
            line_swap(
                result, user=request.user, source=Source.API, expected_ns=expected
            )
        except DjangoValidationError as error:
            raise api_error(error) from None
        except DjangoPermissionDenied as error:
            raise exceptions.PermissionDenied(str(error)) from None
        return Response(ResultSerializer(line_row(reloaded(id))).data)


class BoardPairsView(ApiAccess, APIView):
    """Fix the pairs of several lines of a board at once: pairs exchanged
    between tables (``PATCH /api/results/{id}/`` fixes one line)."""

    permission_classes = [DirectorOnly]

    class BoardPairsLineSerializer(serializers.Serializer):
        id = serializers.IntegerField(help_text="The line (result) id.")
        ns = serializers.CharField(max_length=8)
        ew = serializers.CharField(max_length=8)

    class BoardPairsSerializer(serializers.Serializer):
        lines = serializers.ListField(
            child=serializers.JSONField(), min_length=1, max_length=40
        )

    @extend_schema(
        request=inline_serializer(
            "BoardPairs",
            {"lines": BoardPairsLineSerializer(many=True)},
        ),
        responses=ResultSerializer(many=True),
    )
    def post(self, request: Request, id: int, number: int) -> Response:
        """Give each line its pairs ("3NS", "4EW"); all or nothing (400 with
        the errors of the line at fault, at its place in ``lines``)."""
        board = board_numbered(id, number)
        data = self.BoardPairsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lines = data.validated_data["lines"]
        fixes = [self._fix(board, lines, place) for place in range(len(lines))]
        ids = [result.pk for result, _ns, _ew in fixes]
        for place, pk in enumerate(ids):
            if pk in ids[:place]:
                twice = _("Line %(id)d is given twice.") % {"id": pk}
                raise _at(place, len(lines), {"id": [twice]})
        try:
            lines_pairs_fix(fixes, user=request.user, source=Source.API)
        except LineRefused as error:
            ids = [result.pk for result, _ns, _ew in fixes]
            place = ids.index(error.result_pk) if error.result_pk in ids else 0
            raise _at(place, len(fixes), api_error(error).detail) from None
        except DjangoValidationError as error:
            raise api_error(error) from None
        stored = [reloaded(result.pk) for result, _ns, _ew in fixes]
        return Response(ResultSerializer([line_row(r) for r in stored], many=True).data)

    def _fix(self, board: Board, lines: list, place: int) -> tuple:
        """The place-th line of the request as (line, NS pair, EW pair)."""
        item = self.BoardPairsLineSerializer(data=lines[place])
        if not item.is_valid():
            raise _at(place, len(lines), item.errors)
        values = item.validated_data
        result = board_line(board, values["id"])
        if result is None:
            missing = _("No line %(id)d on this board.") % {"id": values["id"]}
            raise _at(place, len(lines), {"id": [missing]})
        section = board.section
        try:
            ns = find_pair(section, values["ns"], "ns")
            ew = find_pair(section, values["ew"], "ew")
        except exceptions.ValidationError as error:
            raise _at(place, len(lines), error.detail) from None
        return result, ns, ew


def _at(place: int, count: int, detail: Any) -> exceptions.ValidationError:
    """A 400 whose ``lines`` list carries ``detail`` at the line's place."""
    errors: list[Any] = [{} for _other in range(count)]
    errors[place] = detail
    return exceptions.ValidationError({"lines": errors})


class PairDetailView(ApiAccess, APIView):
    """A pair of a section: its players, changed at any time (a substitute)."""

    permission_classes = [DirectorOnly]

    class PairPlayersInputSerializer(serializers.Serializer):
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
        return pair_with_event(id)

    @extend_schema(responses=PAIR_PLAYERS)
    def get(self, request: Request, id: int) -> Response:
        """The pair and its players."""
        return Response(self.answer(self.get_pair(id)))

    @extend_schema(request=PairPlayersInputSerializer, responses=PAIR_PLAYERS)
    def patch(self, request: Request, id: int) -> Response:
        """Seat these players in the pair (audited; the pages follow at once)."""
        pair = self.get_pair(id)
        data = self.PairPlayersInputSerializer(data=request.data)
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
