"""One Whiz table result: read it, or correct it (a director, or its table's
tablet while the other two players have not agreed), or keep a disputed one
as entered (the director).

A second POST for a board already entered is refused, as in pairs; the
correction goes here, through the one write path (audited, rescored).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.disputes import resolved
from tournaments.api.events import ApiAccess
from tournaments.api.permissions import is_director, token_table, visible_sections
from tournaments.api.writes import api_error
from tournaments.models import Source, WhizResult
from tournaments.services.privacy import hidden_boards, request_viewer
from tournaments.whiz.api import WhizLineSerializer, whiz_line, whiz_tricks
from tournaments.whiz.selectors import api_line, lines_to_resolve
from tournaments.whiz.services import whiz_result_resolve, whiz_result_submit


class WhizCorrectionSerializer(serializers.Serializer):
    """Any of the played fields; the others stay as stored."""

    contract = serializers.CharField(max_length=8, required=False)
    declarer = serializers.CharField(max_length=1, required=False)
    result = serializers.CharField(max_length=4, required=False, allow_blank=True)
    tricks = serializers.IntegerField(min_value=0, max_value=13, required=False)


class WhizResultDetailView(ApiAccess, APIView):
    """A Whiz table result, read or corrected."""

    def get_line(self, request: Request, id: int) -> WhizResult:
        reading = request.method in SAFE_METHODS
        line = api_line(id, visible_sections(request) if reading else None)
        table = token_table(request)
        viewer = request_viewer(request, table)
        if reading and line.board.number in hidden_boards(line.board.section, viewer):
            raise Http404(_("This board is still in play."))
        writing = request.method not in SAFE_METHODS and not is_director(request)
        if writing and (table is None or table.pk != line.table_id):
            raise exceptions.PermissionDenied()
        return line

    @extend_schema(responses=WhizLineSerializer)
    def get(self, request: Request, id: int) -> Response:
        return Response(whiz_line(self.get_line(request, id)))

    @extend_schema(request=WhizCorrectionSerializer, responses=WhizLineSerializer)
    def patch(self, request: Request, id: int) -> Response:
        """Correct the line; each player's points are recomputed and rescored."""
        line = self.get_line(request, id)
        data = WhizCorrectionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values: dict[str, Any] = {
            "contract": line.contract,
            "declarer": line.declarer,
            "tricks": line.tricks,
        } | dict(data.validated_data)
        tablet = token_table(request)
        try:
            corrected, _created = whiz_result_submit(
                board=line.board,
                table=line.table,
                contract=values["contract"],
                declarer=values["declarer"],
                tricks=whiz_tricks(values),
                user=None if tablet is not None else request.user,
                result=line,
                source=Source.TABLE if tablet is not None else Source.API,
            )
        except DjangoValidationError as error:
            raise api_error(error) from None
        corrected.refresh_from_db()
        return Response(whiz_line(corrected))


class WhizResultResolveView(ApiAccess, APIView):
    """Keep a disputed Whiz line as entered."""

    @extend_schema(request=None, responses=WhizLineSerializer)
    def post(self, request: Request, id: int) -> Response:
        line = resolved(request, lines_to_resolve(), id, whiz_result_resolve)
        return Response(whiz_line(line))
