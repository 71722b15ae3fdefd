"""``POST /api/sessions/{id}/sections/``: a director adds a pairs section.

The body names the movement and its size as the director's page stores
them (kind, tables, boards a round, rounds, the even-table fix, a phantom,
the arrow switch) and, optionally, the pairs' names in the movement's
order.  ``services.events.pairs_section_add`` checks and writes: a size the
movement cannot have is a 400 naming ``tables`` and stating the movement's
cap ("A Mitchell has at most 50 tables."), never a 500.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.entries import service_refusals, validated
from tournaments.api.events import ApiAccess
from tournaments.api.permissions import is_director
from tournaments.api.serializers import SectionSerializer
from tournaments.models import Section
from tournaments.movements.model import MAX_BOARDS_PER_ROUND
from tournaments.selectors.api_sections import session_by_id
from tournaments.selectors.movement import MovementChoice
from tournaments.services.events import PairEntry, pairs_section_add
from tournaments.services.section_sizes import MAX_SECTION_PAIRS, TABLE_RANGES

# Beyond any movement's rounds or boards: refused before anything is built.
MAX_ROUNDS = MAX_SECTION_PAIRS
MAX_FIRST_BOARD = 9999


# The movements a section can be created with, named apart in the OpenAPI
# schema (``SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]``) from a section's
# stored movement.
SECTION_MOVEMENTS = [(kind, kind) for kind in TABLE_RANGES]


class SectionCreateSerializer(serializers.Serializer):
    """A pairs section's movement, size and pairs."""

    movement = serializers.ChoiceField(
        choices=SECTION_MOVEMENTS,
        help_text="mitchell or howell",
    )
    tables = serializers.IntegerField(
        min_value=1,
        max_value=32767,
        help_text=", ".join(
            f"a {kind} has {limits.low} to {limits.high} tables"
            for kind, limits in TABLE_RANGES.items()
        ),
    )
    boards_per_round = serializers.IntegerField(
        min_value=1, max_value=MAX_BOARDS_PER_ROUND
    )
    rounds = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        allow_null=True,
        help_text="A Mitchell's rounds (empty: the whole movement).",
    )
    even_tables = serializers.ChoiceField(
        choices=Section.EvenTables.choices, default=Section.EvenTables.SKIP
    )
    phantom = serializers.BooleanField(
        default=False, help_text="An odd number of pairs: one position is empty."
    )
    arrow_switch = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS),
        max_length=MAX_ROUNDS,
        default=list,
    )
    first_board = serializers.IntegerField(
        min_value=1, max_value=MAX_FIRST_BOARD, default=1
    )
    pairs = serializers.ListField(
        child=serializers.CharField(max_length=120, allow_blank=True),
        max_length=MAX_SECTION_PAIRS,
        default=list,
        help_text="The pairs' names in the movement's order (Mitchell: NS "
        "pairs 1, 2… then EW pairs); missing ones are named later.",
    )
    traveller_privacy = serializers.ChoiceField(
        choices=Section.TravellerPrivacy.choices,
        default=Section.TravellerPrivacy.UNTIL_PLAYED,
    )

    def validate(self, attrs: dict) -> dict:
        """Only a Mitchell has rounds to curtail and an arrow switch; no more
        names than the movement has pairs (two a table, one fewer with a
        phantom)."""
        if attrs["movement"] != Section.Movement.MITCHELL:
            for field in ("rounds", "arrow_switch"):
                if attrs.get(field):
                    raise serializers.ValidationError(
                        {field: _("Only a Mitchell has this setting.")}
                    )
        real = 2 * attrs["tables"] - (1 if attrs["phantom"] else 0)
        if len(attrs["pairs"]) > real:
            raise serializers.ValidationError(
                {
                    "pairs": _("%(given)d names for %(real)d pairs.")
                    % {"given": len(attrs["pairs"]), "real": real}
                }
            )
        return attrs


def movement_choice(values: dict[str, Any]) -> MovementChoice:
    """The movement a validated ``SectionCreateSerializer`` asks for."""
    return MovementChoice(
        kind=values["movement"],
        tables=values["tables"],
        boards_per_round=values["boards_per_round"],
        rounds=values.get("rounds"),
        even_tables=values["even_tables"],
        phantom=values["phantom"],
        arrow_switch=tuple(sorted(set(values["arrow_switch"]))),
    )


class SessionSectionsView(ApiAccess, APIView):
    """A director adds a pairs section to a session of a pairs event."""

    @extend_schema(
        request=SectionCreateSerializer,
        responses={201: SectionSerializer},
        operation_id="section_create",
    )
    def post(self, request: Request, id: int) -> Response:
        """Lay out the section (pairs, boards, rounds, tables and their codes)."""
        if not is_director(request):
            raise exceptions.PermissionDenied(_("Only the director adds a section."))
        session = session_by_id(id)
        values = validated(SectionCreateSerializer, request)
        choice = movement_choice(values)
        with service_refusals():
            section = pairs_section_add(
                session=session,
                choice=choice,
                entries=[PairEntry(names=name.strip()) for name in values["pairs"]],
                first_board=values["first_board"],
                traveller_privacy=values["traveller_privacy"],
            )
        return Response(SectionSerializer(section).data, status=status.HTTP_201_CREATED)
