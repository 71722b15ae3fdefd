"""``/api/events/<id>/scoring/``: a pairs event's scoring settings.

GET returns them to whoever may see the event; PATCH (a director only)
changes any of them through ``event_settings_change``, which rescores every
section.  A bad value is a 400 naming the field.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import is_director, visible_events
from tournaments.api.running import DirectorWrite
from tournaments.api.writes import api_error
from tournaments.models import Event
from tournaments.models.scoring_options import IMP_SETTINGS, PAIRS_SETTINGS
from tournaments.selectors.api_events import pairs_ranked_event_among
from tournaments.services.events import event_settings_change

SCORING_FIELDS = [
    "method",
    *PAIRS_SETTINGS,
    "mp_rounding",
    *IMP_SETTINGS,
]
DECIMALS = ["average_plus", "average", "average_minus", "butler_trim_percent",
            "imp_average_plus", "imp_round_cap"]  # fmt: skip


class EventScoringSerializer(serializers.ModelSerializer):
    """How a pairs event is scored: matchpoints, Butler or cross-IMPs, and
    each method's options (decimals as numbers)."""

    class Meta:
        model = Event
        fields = SCORING_FIELDS
        extra_kwargs = {name: {"coerce_to_string": False} for name in DECIMALS}

    def validate(self, data: dict[str, object]) -> dict[str, object]:
        """Unknown fields are refused by name rather than ignored."""
        unknown = sorted(set(self.initial_data) - set(SCORING_FIELDS))
        if unknown:
            raise exceptions.ValidationError(
                {name: [_("Not a scoring setting.")] for name in unknown}
            )
        return data


class EventScoringView(DirectorWrite, APIView):
    """A pairs event's scoring settings: read them, or (a director) change them."""

    def event(self, request: Request, id: int) -> Event:
        return pairs_ranked_event_among(visible_events(request), id)

    @extend_schema(responses=EventScoringSerializer)
    def get(self, request: Request, id: int) -> Response:
        return Response(EventScoringSerializer(self.event(request, id)).data)

    @extend_schema(request=EventScoringSerializer, responses=EventScoringSerializer)
    def patch(self, request: Request, id: int) -> Response:
        if not is_director(request):
            raise exceptions.PermissionDenied(_("Only a director changes settings."))
        event = self.event(request, id)
        data = EventScoringSerializer(event, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        try:
            event_settings_change(event, **data.validated_data)
        except DjangoValidationError as error:
            raise api_error(error) from None
        event.refresh_from_db()
        return Response(EventScoringSerializer(event).data)
