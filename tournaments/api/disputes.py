"""The director's API for disputes and closing: keep a disputed line as
entered, and close a session (409 listing its missing results and open
disputes unless ``confirm`` is true).

Directors only: a table token gets 403, an anonymous caller 401.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Model, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess, line_row
from tournaments.api.permissions import is_director
from tournaments.api.serializers import ResultSerializer
from tournaments.api.writes import api_error
from tournaments.models import Source
from tournaments.selectors.api_lines import line_among, lines_with_session
from tournaments.selectors.api_sections import session_by_id
from tournaments.services.closing import close_session
from tournaments.services.results import result_resolve

L = TypeVar("L", bound=Model)


def director_only(request: Request) -> None:
    """A director may settle disputes and close sessions; a tablet may not."""
    if not is_director(request):
        raise exceptions.PermissionDenied(
            _("Only the director resolves disputes and closes a session.")
        )


def resolved(
    request: Request, lines: QuerySet[L], id: int, resolve: Callable[..., L]
) -> L:
    """The director keeps line ``id`` of ``lines`` as entered through
    ``resolve`` (its game's write path): 403 for anybody else, 404 if none,
    the service's refusal answered by ``api_error``; the line as stored after."""
    director_only(request)
    line = line_among(lines, id)
    try:
        line = resolve(line, user=request.user, source=Source.API)
    except DjangoValidationError as error:
        raise api_error(error) from None
    line.refresh_from_db()
    return line


class ResultResolveView(ApiAccess, APIView):
    """Keep a disputed traveller line as entered: the dispute is resolved
    (audited); a line not disputed is answered unchanged."""

    @extend_schema(request=None, responses=ResultSerializer)
    def post(self, request: Request, id: int) -> Response:
        line = resolved(request, lines_with_session(), id, result_resolve)
        return Response(ResultSerializer(line_row(line)).data)


class SessionCloseSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(default=False)


class SessionCloseView(ApiAccess, APIView):
    """Close a session: at once when nothing is missing or disputed, else 409
    with the list, unless ``{"confirm": true}``."""

    @extend_schema(request=SessionCloseSerializer, responses=None)
    def post(self, request: Request, id: int) -> Response:
        director_only(request)
        session = session_by_id(id)
        data = SessionCloseSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        check = close_session(session, confirmed=data.validated_data["confirm"])
        body = check.as_data()
        if check.closed:
            return Response(body)
        body["detail"] = _(
            "This session has missing results or open disputes: send "
            '{"confirm": true} to close it anyway.'
        )
        return Response(body, status=status.HTTP_409_CONFLICT)
