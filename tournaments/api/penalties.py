"""Procedural penalties through the API, for directors only.

``GET/POST /api/sections/{id}/penalties/`` lists a section's penalties (in
force and withdrawn) or gives one (``{"pair": 12, "unit": "top_pct",
"amount": 25, "reason": "Late arrival"}``, ``pair`` being the pair's id);
``DELETE /api/penalties/{id}/`` withdraws one.  ``services.penalties`` checks
and writes; a pair of another section is a 404.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.permissions import is_director
from tournaments.api.running import DirectorWrite, director_change
from tournaments.api.writes import api_error
from tournaments.models import Pair, Penalty, Section
from tournaments.selectors.api_lines import pair_or_none, penalty_by_id
from tournaments.selectors.api_sections import section_by_id
from tournaments.services.penalties import (
    penalty_give,
    penalty_withdraw,
    section_penalties,
)


class PenaltySerializer(serializers.ModelSerializer):
    pair_label = serializers.CharField(source="pair.label", read_only=True)
    amount = serializers.DecimalField(
        max_digits=5, decimal_places=2, coerce_to_string=False
    )
    given_by = serializers.StringRelatedField()
    withdrawn_by = serializers.StringRelatedField()
    in_force = serializers.BooleanField(read_only=True)

    class Meta:
        model = Penalty
        fields = [
            "id",
            "pair",
            "pair_label",
            "unit",
            "amount",
            "reason",
            "given_by",
            "given_at",
            "withdrawn_by",
            "withdrawn_at",
            "in_force",
        ]


class PenaltyInput(serializers.Serializer):
    """What a director sends; the service checks unit, amount and reason."""

    pair = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, help_text="The pair's id."
    )
    unit = serializers.CharField(help_text="mp, top_pct (% of a top) or imps.")
    amount = serializers.CharField(help_text="Positive, two decimals at most.")
    reason = serializers.CharField(max_length=200, allow_blank=True)


def section_pair(section: Section, pair_id: object) -> Pair:
    """The pair of the section: 400 if there is none, 404 if it is another's."""
    pair = pair_or_none(pair_id)
    if pair is None:
        raise exceptions.ValidationError({"pair": [_("There is no such pair.")]})
    if pair.section_id != section.pk:
        raise exceptions.NotFound(_("This pair does not play in this section."))
    return pair


class SectionPenaltiesView(DirectorWrite, APIView):
    """A section's penalties: ``GET`` lists them, ``POST`` gives one."""

    @extend_schema(responses={200: PenaltySerializer(many=True)})
    def get(self, request: Request, id: int) -> Response:
        if not is_director(request):
            raise exceptions.PermissionDenied(_("Only the director reads penalties."))
        section = section_by_id(id)
        return Response(PenaltySerializer(section_penalties(section), many=True).data)

    @extend_schema(request=PenaltyInput, responses={201: PenaltySerializer})
    def post(self, request: Request, id: int) -> Response:
        def give(section: Section, values: dict[str, Any]) -> Penalty:
            return penalty_give(
                section,
                pair=section_pair(section, values["pair"]),
                unit=values["unit"],
                amount=values["amount"],
                reason=values["reason"],
                user=request.user,
            )

        _section, _values, penalty = director_change(request, id, PenaltyInput, give)
        return Response(PenaltySerializer(penalty).data, status=status.HTTP_201_CREATED)


class PenaltyView(DirectorWrite, APIView):
    """``DELETE`` withdraws a penalty: it stays on record, no longer applied."""

    @extend_schema(responses={200: PenaltySerializer})
    def delete(self, request: Request, id: int) -> Response:
        if not is_director(request):
            raise exceptions.PermissionDenied(
                _("Only the director withdraws a penalty.")
            )
        penalty = penalty_by_id(id)
        try:
            penalty = penalty_withdraw(penalty, user=request.user)
        except DjangoValidationError as error:
            raise api_error(error) from None
        return Response(PenaltySerializer(penalty).data)
