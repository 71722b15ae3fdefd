"""``/api/sections/{id}/clock/``: the round clock, read by the section's
director and tablets, changed by its director.

``GET`` answers ``{"round", "state", "seconds_left", "ends_at"}`` (and
``ended``, ``length``, ``rounds``, ``move``: the general move after the
round; a tablet also gets its ``table`` and ``table_moves``, the director
``late_tables``).  Anybody else (the public, another club's director, a
table of another section) is a 404, as for the section's lines.

``POST {"action": "start" | "pause" | "add", "seconds": s, "round": n}``
is the director's only (a tablet: 403); a faulty value is a 400 naming
its field, a state that refuses the action a 409
(``services.round_clock`` says what each action does).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.permissions import is_director, token_table
from tournaments.api.writes import api_error
from tournaments.models import Section, Table
from tournaments.movements import Movement
from tournaments.selectors.api_sections import section_with_event
from tournaments.selectors.movement import section_movement
from tournaments.selectors.round_clock import ClockState, section_clock_state
from tournaments.selectors.round_moves import round_move
from tournaments.selectors.table_play import moves_after, table_rounds
from tournaments.services.clock_tables import late_tables
from tournaments.services.round_clock import (
    ACTIONS,
    MAX_ADD,
    MAX_LENGTH,
    ClockChange,
    clock_change,
)


class ClockSerializer(serializers.Serializer):
    """What a screen shows of the clock."""

    round = serializers.IntegerField()
    state = serializers.ChoiceField(
        choices=[ClockState.RUNNING, ClockState.PAUSED, ClockState.STOPPED]
    )
    seconds_left = serializers.IntegerField()
    ends_at = serializers.DateTimeField(allow_null=True)
    ended = serializers.BooleanField(help_text="The round's time ran out.")
    length = serializers.IntegerField(help_text="The round's length in seconds.")
    rounds = serializers.IntegerField()
    move = serializers.ListField(child=serializers.CharField())
    table = serializers.IntegerField(required=False)
    table_moves = serializers.ListField(child=serializers.CharField(), required=False)
    late_tables = serializers.ListField(
        child=serializers.IntegerField(), required=False
    )


class ClockChangeSerializer(serializers.Serializer):
    """The director's change: start, pause or add time."""

    action = serializers.ChoiceField(choices=[(a, a) for a in ACTIONS])
    seconds = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=-MAX_ADD,
        max_value=MAX_LENGTH,
        help_text="start: the round's length (omitted: the set length, or "
        "resume a paused clock); add: the seconds added, negative to take away.",
    )
    round = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=32767,
        help_text="start: the round to time (default: the next one).",
    )


def clock_body(
    section: Section,
    state: ClockState,
    *,
    table: Table | None = None,
    director: bool = False,
) -> dict[str, Any]:
    """The clock as a screen reads it: the tablet's moves for ``table``, the
    late tables for the director."""
    movement = section_movement(section)
    body: dict[str, Any] = {
        "round": state.round,
        "state": state.state,
        "seconds_left": state.seconds_left,
        "ends_at": state.ends_at,
        "ended": state.ended,
        "length": state.length,
        "rounds": section.rounds,
        "move": round_move(movement, state.round),
    }
    if table is not None:
        body["table"] = table.number
        # Before the first start a tablet polls for nothing: no moves read.
        started = state.state != ClockState.STOPPED or state.ended
        body["table_moves"] = (
            _table_moves(table, movement, state.round) if started else []
        )
    if director:
        body["late_tables"] = late_tables(section, state)
    return ClockSerializer(body).data


def _table_moves(table: Table, movement: Movement | None, round: int) -> list[str]:
    """Where this table's pairs and boards go after ``round``."""
    if movement is None or round > movement.rounds:
        return []
    rounds = table_rounds(table, movement)
    return moves_after(movement, rounds[round - 1], table)


class SectionClockView(ApiAccess, APIView):
    """The section's round clock."""

    def section_for(self, request: Request, id: int) -> tuple[Section, Table | None]:
        """The section, and the requesting tablet's table (None: the director);
        404 for anybody else."""
        section = section_with_event(id)
        if is_director(request):
            return section, None
        table = token_table(request)
        if table is None or table.section_id != section.pk:
            raise exceptions.NotFound()
        table.section = section
        return section, table

    @extend_schema(responses=ClockSerializer, operation_id="section_clock")
    def get(self, request: Request, id: int) -> Response:
        """The clock now."""
        section, table = self.section_for(request, id)
        state = section_clock_state(section, timezone.now())
        return Response(clock_body(section, state, table=table, director=table is None))

    @extend_schema(
        request=ClockChangeSerializer,
        responses=ClockSerializer,
        operation_id="section_clock_change",
    )
    def post(self, request: Request, id: int) -> Response:
        """Start, pause or add time (the director only)."""
        if not is_director(request):
            raise exceptions.PermissionDenied(
                _("Only the director runs the round clock.")
            )
        section = section_with_event(id)
        data = ClockChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        change = ClockChange(
            action=values["action"],
            seconds=values.get("seconds"),
            round=values.get("round"),
        )
        try:
            state = clock_change(section, change, user=request.user)
        except DjangoValidationError as error:
            raise api_error(error) from None
        return Response(clock_body(section, state, director=True))
