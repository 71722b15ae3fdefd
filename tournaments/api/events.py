"""Events, sections, their movement, travellers and rankings: thin DRF views.

Reads follow ``permissions.visible_*`` (404 for what the requester may not
see); writes go through ``writes.submit`` and so through ``result_submit``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_serializer,
)
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import action
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.authentication import (
    DirectorBasicAuthentication,
    TableTokenAuthentication,
)
from tournaments.api.event_deletion import EventDestroyMixin
from tournaments.api.permissions import (
    ReadOrTableWrite,
    is_director,
    ranked_events,
    token_table,
    visible_events,
    visible_sections,
)
from tournaments.api.running import SectionUpdate
from tournaments.api.serializers import (
    AssignmentSerializer,
    EventSerializer,
    RankingSerializer,
    ResultSerializer,
    SectionSerializer,
)
from tournaments.api.writes import fix_line_pairs, line_fields, submit
from tournaments.models import Event, Result, Section
from tournaments.registry import section_game
from tournaments.selectors.api_events import event_among, events_with_sections
from tournaments.selectors.api_lines import (
    line_among,
    lines_in_sections,
    lines_with_event,
)
from tournaments.selectors.api_sections import (
    section_among,
    section_lines,
    section_with_session,
    sections_with_pairs,
)
from tournaments.selectors.line_checks import checks_json, section_findings
from tournaments.selectors.movement import section_movement
from tournaments.selectors.pairs import (
    NO_LINES,
    LineRow,
    event_sections,
    stored_reports,
)
from tournaments.selectors.pairs_json import rankings_json
from tournaments.services.privacy import hidden_boards, request_viewer

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    description="A retried submission with the same key is stored once.",
)


class ApiAccess:
    """Who the request is (table token, session, basic) and what it may do."""

    authentication_classes = [
        TableTokenAuthentication,
        SessionAuthentication,
        DirectorBasicAuthentication,
    ]
    permission_classes = [ReadOrTableWrite]


def line_row(result: Result) -> LineRow:
    """A stored line with the matchpoints the scorer last wrote on it."""
    return LineRow(result, result.mp_ns, result.mp_ew, result.pct_ns, result.pct_ew)


def _in_play(request: Request, result: Result) -> bool:
    """The line's board is hidden from the requester while it is in play."""
    section = result.board.section
    viewer = request_viewer(request, token_table(request))
    return result.board.number in hidden_boards(section, viewer)


class EventViewSet(EventDestroyMixin, ApiAccess, viewsets.ReadOnlyModelViewSet):
    """Events with their sessions and sections (published ones for the public)."""

    lookup_value_regex = r"\d+"  # ids only: "null" is a 404, not a 500

    serializer_class = EventSerializer

    def get_queryset(self) -> QuerySet[Event]:
        return events_with_sections(visible_events(self.request))

    @extend_schema(responses=RankingSerializer(many=True))
    @action(detail=True)
    def rankings(self, request: Request, pk: str) -> Response:
        """The event's rankings, in ``report_json``'s shape (read without
        the lines: a ranking needs the pairs' scores only)."""
        event = event_among(ranked_events(request), pk)
        reports = stored_reports(event_sections(event), lines=NO_LINES)
        if not reports:
            return Response([])
        stale = any(report.section.stale for report in reports)
        rankings = rankings_json(reports)
        return Response([ranking | {"stale": stale} for ranking in rankings])


class SectionViewSet(
    ApiAccess, SectionUpdate, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """A section: movement, size and pairs; its movement's assignments; a
    director PATCHes its arrow switch rounds or its traveller privacy."""

    lookup_value_regex = r"\d+"  # ids only: "null" is a 404, not a 500

    serializer_class = SectionSerializer

    def get_queryset(self) -> QuerySet[Section]:
        return sections_with_pairs(visible_sections(self.request))

    @extend_schema(responses=AssignmentSerializer(many=True))
    @action(detail=True)
    def assignments(self, request: Request, pk: str) -> Response:
        """Who plays where in each round, and which boards (none if imported)."""
        rows = assignment_rows(self.get_object())
        return Response(AssignmentSerializer(rows, many=True).data)


def assignment_rows(section: Section) -> list[dict[str, Any]]:
    """Who plays where in each round of ``section`` and which boards, as its
    ``assignments`` print them (none if imported)."""
    seats = section_game(section).assignments(section)
    if seats is not None:
        return list(seats)
    movement = section_movement(section)
    if movement is None:
        return []
    offset = section.first_board - 1
    return [
        {
            "round": seating.round,
            "table": seating.table,
            "ns": movement.pair(seating.ns).label,
            "ew": movement.pair(seating.ew).label,
            "boards": [number + offset for number in seating.boards],
            "sit_out": movement.is_sit_out(seating),
        }
        for seating in movement.seatings
    ]


class SectionResultsView(ApiAccess, APIView):
    """A section's traveller lines; a director or its tables add lines."""

    @extend_schema_serializer(component_name="ResultCreate")
    class InputSerializer(serializers.Serializer):
        """A played line: pairs by label ("1NS", "3EW", "7"), tricks as
        ``result`` ("=", "+1", "-2", "9") or ``tricks``; round and table are
        found from the movement when left out (a token's table is its own)."""

        board = serializers.IntegerField(min_value=1)
        ns = serializers.CharField(max_length=8)
        ew = serializers.CharField(max_length=8)
        contract = serializers.CharField(max_length=8)
        declarer = serializers.CharField(max_length=1, required=False, allow_blank=True)
        result = serializers.CharField(max_length=4, required=False, allow_blank=True)
        tricks = serializers.IntegerField(
            min_value=0, max_value=13, required=False, allow_null=True
        )
        lead = serializers.CharField(max_length=3, required=False, allow_blank=True)
        round = serializers.IntegerField(min_value=1, required=False, allow_null=True)
        table = serializers.IntegerField(min_value=1, required=False, allow_null=True)
        key = serializers.CharField(
            max_length=64,
            required=False,
            allow_blank=True,
            help_text="Idempotency key (or the Idempotency-Key header).",
        )

    OutputSerializer = ResultSerializer

    def get_section(self, request: Request, id: int) -> Section:
        """The section; a writer outside it gets 403, a reader 404."""
        if request.method in SAFE_METHODS:
            return section_among(visible_sections(request), id)
        section = section_with_session(id)
        self.check_object_permissions(request, section)
        return section

    @extend_schema(responses=ResultSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        """Every line of the section with its MP and % for both sides."""
        section = self.get_section(request, id)
        hidden = hidden_boards(section, request_viewer(request, token_table(request)))
        results = section_lines(section, hidden)
        found = section_findings(section)
        rows = [
            replace(line_row(result), checks=checks_json(found.get(result.pk, [])))
            for result in results
        ]
        return Response(self.OutputSerializer(rows, many=True).data)

    @extend_schema(
        request=InputSerializer,
        responses={201: ResultSerializer, 200: ResultSerializer},
        parameters=[IDEMPOTENCY_HEADER],
    )
    def post(self, request: Request, id: int) -> Response:
        """Enter a played line (201; 200 when its idempotency key is stored)."""
        section = self.get_section(request, id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values: dict[str, Any] = dict(data.validated_data)
        key = request.headers.get("Idempotency-Key") or values.pop("key", "")
        line, created = submit(
            line_fields(section, values),
            table=token_table(request),
            user=request.user,
            key=key.strip(),
        )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(self.OutputSerializer(line_row(line)).data, status=code)


class ResultDetailView(ApiAccess, APIView):
    """One traveller line: read it, or correct it (a director, or its table)."""

    @extend_schema_serializer(component_name="ResultUpdate")
    class InputSerializer(SectionResultsView.InputSerializer):
        """Any fields of a line to change; the others stay as stored."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, partial=True, **kwargs)

    OutputSerializer = ResultSerializer

    def get_result(self, request: Request, id: int) -> Result:
        lines = lines_with_event()
        if request.method in SAFE_METHODS and not is_director(request):
            lines = lines_in_sections(lines, visible_sections(request))
        result = line_among(lines, id)
        self.check_object_permissions(request, result)
        if request.method in SAFE_METHODS and _in_play(request, result):
            raise Http404(_("This board is still in play."))
        return result

    @extend_schema(responses=ResultSerializer)
    def get(self, request: Request, id: int) -> Response:
        """One line with its MP and %."""
        return Response(
            self.OutputSerializer(line_row(self.get_result(request, id))).data
        )

    @extend_schema(request=InputSerializer, responses=ResultSerializer)
    def patch(self, request: Request, id: int) -> Response:
        """Correct a line; the score is recomputed and the section rescored."""
        result = self.get_result(request, id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values: dict[str, Any] = dict(data.validated_data)
        values.pop("key", None)
        if "board" not in values:
            # The board was played by other pairs: fix them where it was played.
            result = fix_line_pairs(request, result, values)
            if not values:
                return Response(self.OutputSerializer(line_row(result)).data)
        line, _created = submit(
            line_fields(result.board.section, values, result),
            table=token_table(request),
            user=request.user,
            result=result,
        )
        return Response(self.OutputSerializer(line_row(line)).data)
