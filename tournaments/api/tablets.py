"""What a table's tablet does besides entering lines: the opponents agree with
a line (or call the director), and the round the table writes now.

Both go through the one write path (``services.entry``): a token answers for
its own table's current round only; a director answers for any line and
moves a table on.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess, line_row
from tournaments.api.permissions import is_director, token_table
from tournaments.api.serializers import ResultSerializer
from tournaments.api.writes import api_error
from tournaments.models import Source, Table
from tournaments.selectors.api_lines import line_among, lines_with_session
from tournaments.selectors.api_sections import table_numbered
from tournaments.services.results import result_answer
from tournaments.services.table_rounds import current_round, table_move_on


class ResultAnswerView(ApiAccess, APIView):
    """The opponents agree with a line (it is locked for tablets from then
    on), or do not (the line is flagged for the director)."""

    agree = True

    @extend_schema(request=None, responses=ResultSerializer)
    def post(self, request: Request, id: int) -> Response:
        result = line_among(lines_with_session(), id)
        self.check_object_permissions(request, result)
        table = token_table(request)
        try:
            line = result_answer(
                result,
                agree=self.agree,
                source=Source.TABLE if table is not None else Source.API,
                user=None if table is not None else request.user,
                table=table,
            )
        except DjangoValidationError as error:
            raise api_error(error) from None
        line.refresh_from_db()
        return Response(ResultSerializer(line_row(line)).data)


class ResultDisputeView(ResultAnswerView):
    """The opponents do not agree: the director is called."""

    agree = False


class TableRoundSerializer(serializers.Serializer):
    table = serializers.IntegerField(read_only=True)
    round = serializers.IntegerField(min_value=1, allow_null=True)


class TableRoundView(ApiAccess, APIView):
    """The round a table's tablet writes now; a director moves a table on."""

    def get_table(self, request: Request, id: int, number: int) -> Table:
        table = table_numbered(id, number)
        token = token_table(request)
        if not is_director(request) and (token is None or token.pk != table.pk):
            raise exceptions.NotFound()
        return table

    @extend_schema(responses=TableRoundSerializer)
    def get(self, request: Request, id: int, number: int) -> Response:
        """``{"table": 2, "round": 3}``; ``round`` is null once all are agreed."""
        table = self.get_table(request, id, number)
        return Response({"table": table.number, "round": current_round(table)})

    @extend_schema(request=TableRoundSerializer, responses=TableRoundSerializer)
    def post(self, request: Request, id: int, number: int) -> Response:
        """Move the table on to ``round`` (a director only)."""
        if not is_director(request):
            raise exceptions.PermissionDenied(_("Only the director moves a table on."))
        table = self.get_table(request, id, number)
        data = TableRoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data["round"] is None:
            raise exceptions.ValidationError({"round": [_("Give the round.")]})
        try:
            table_move_on(table, data.validated_data["round"])
        except DjangoValidationError as error:
            raise api_error(error) from None
        return Response({"table": table.number, "round": current_round(table)})
