"""``POST /api/events/``: a director creates a pairs event.

The body holds what the director's form asks (name, date, club, the game of
cards and every scoring option, as ``/api/events/{id}/scoring/`` names them)
and, optionally, the first session's sections as ``POST
/api/sessions/{id}/sections/`` takes them.  The club follows the other
creation APIs' rule (``event_creation.EventInputSerializer``); a bad field is
a 400 naming it (``sections[0].tables`` for a section's); the answer is 201
with the event, its sessions and sections, their pairs and tables' codes.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api import events
from tournaments.api.entries import service_refusals
from tournaments.api.event_creation import EventInputSerializer
from tournaments.api.event_scoring import DECIMALS, SCORING_FIELDS
from tournaments.api.permissions import is_director
from tournaments.api.sections import SectionCreateSerializer, movement_choice
from tournaments.api.serializers import PairSerializer, SessionSerializer
from tournaments.models import Event, Section, Table
from tournaments.selectors.api_clubs import all_clubs
from tournaments.selectors.api_events import created_event, created_sessions
from tournaments.services.events import PairEntry
from tournaments.services.pairs_events import SectionPlan, pairs_event_create

CREATE_FIELDS = ["name", "date", "club", "game", *SCORING_FIELDS, "sections"]
# Past the letters a session can give (A to ZZ): refused before anything is built.
MAX_SECTIONS = 702


class PairsEventCreateSerializer(serializers.ModelSerializer):
    """A new pairs event: name, date, club, game, scoring options, sections.

    Every scoring option left out keeps its default (matchpoints, the club's
    usual averages); unknown fields are refused by name rather than ignored.
    """

    club = serializers.PrimaryKeyRelatedField(
        queryset=all_clubs(),
        required=False,
        allow_null=True,
        default=None,
        help_text="One of the director's clubs; left out, their one club.",
    )
    sections = SectionCreateSerializer(
        many=True,
        required=False,
        max_length=MAX_SECTIONS,
        help_text="The first session's sections, lettered A, B… in order.",
    )

    class Meta:
        model = Event
        fields = CREATE_FIELDS
        extra_kwargs = {name: {"coerce_to_string": False} for name in DECIMALS}

    validate_club = EventInputSerializer.validate_club

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(self.initial_data) - set(CREATE_FIELDS))
        if unknown:
            raise exceptions.ValidationError(
                {name: [_("Not a field of a new pairs event.")] for name in unknown}
            )
        data["sections"] = [section_plan(item) for item in data.get("sections", [])]
        return data


def section_plan(values: dict[str, Any]) -> SectionPlan:
    """A section of the request as the service lays it out."""
    return SectionPlan(
        choice=movement_choice(values),
        entries=[PairEntry(names=name.strip()) for name in values["pairs"]],
        first_board=values["first_board"],
        traveller_privacy=values["traveller_privacy"],
    )


class TableCodeSerializer(serializers.ModelSerializer):
    """A table and the code its tablet signs in with."""

    class Meta:
        model = Table
        fields = ["number", "code"]


class CreatedSectionSerializer(serializers.ModelSerializer):
    """A section as created: movement, size, pairs and tables' codes."""

    pairs = PairSerializer(many=True, read_only=True)
    table_codes = TableCodeSerializer(many=True, read_only=True, source="table_set")

    class Meta:
        model = Section
        fields = [
            "id", "letter", "movement", "tables", "rounds", "boards_per_round",
            "first_board", "traveller_privacy", "pairs", "table_codes",
        ]  # fmt: skip


# A session as created: its sections with their pairs and tables' codes.
class CreatedSessionSerializer(SessionSerializer):
    sections = CreatedSectionSerializer(many=True, read_only=True)


class PairsEventCreatedSerializer(serializers.ModelSerializer):
    """The created pairs event: its settings and sessions, for the director."""

    sessions = CreatedSessionSerializer(many=True, read_only=True)

    class Meta:
        model = Event
        fields = ["id", "name", "date", "kind", "club", "game", "published",
                  *SCORING_FIELDS, "sessions"]  # fmt: skip
        extra_kwargs = {name: {"coerce_to_string": False} for name in DECIMALS}


class EventCreateMixin:
    """Adds ``create`` (POST) to the events' viewset: a new pairs event."""

    @extend_schema(
        request=PairsEventCreateSerializer,
        responses={
            201: PairsEventCreatedSerializer,
            400: OpenApiResponse(description="a field refused, named"),
            403: OpenApiResponse(description="not a director"),
        },
        operation_id="pairs_event_create",
    )
    def create(self, request: Request) -> Response:
        """Create a pairs event, its first session and its sections (a director)."""
        if not is_director(request):
            raise exceptions.PermissionDenied(_("Only a director creates an event."))
        data = PairsEventCreateSerializer(
            data=request.data, context={"request": request}
        )
        data.is_valid(raise_exception=True)
        with service_refusals():
            event = pairs_event_create(user=request.user, **data.validated_data)
        sessions = created_sessions(event)
        created = created_event(event.pk)
        body = PairsEventCreatedSerializer(created).data
        body["sessions"] = CreatedSessionSerializer(sessions, many=True).data
        return Response(body, status=status.HTTP_201_CREATED)


class EventViewSet(EventCreateMixin, events.EventViewSet):
    """Events with their sessions and sections (published ones for the
    public); a director creates a pairs event (POST) or deletes one."""
