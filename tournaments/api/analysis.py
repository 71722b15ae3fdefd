"""Double-dummy analysis of an event's deals: its progress, and starting it."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.permissions import is_director, visible_events
from tournaments.selectors.api_events import event_among, event_by_id
from tournaments.services.analysis import (
    AnalysisRefused,
    analysis_progress,
    analysis_start,
)


class AnalysisProgressSerializer(serializers.Serializer):
    available = serializers.BooleanField(help_text="whether the solver is installed")
    message = serializers.CharField()
    status = serializers.CharField(help_text="none, queued, running, done or failed")
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    percent = serializers.IntegerField()
    boards_with_deals = serializers.IntegerField()
    boards_analysed = serializers.IntegerField()


class EventDoubleDummyView(ApiAccess, APIView):
    """GET the progress of the event's double-dummy analysis; POST starts one."""

    @extend_schema(responses=AnalysisProgressSerializer)
    def get(self, request: Request, id: int) -> Response:
        event = event_among(visible_events(request), id)
        return Response(analysis_progress(event))

    @extend_schema(request=None, responses={202: AnalysisProgressSerializer})
    def post(self, request: Request, id: int) -> Response:
        if not is_director(request):
            raise PermissionDenied()
        event = event_by_id(id)
        try:
            analysis_start(event)
        except AnalysisRefused as refused:
            body = analysis_progress(event) | {"detail": str(refused)}
            return Response(body, status=status.HTTP_409_CONFLICT)
        return Response(analysis_progress(event), status=status.HTTP_202_ACCEPTED)
