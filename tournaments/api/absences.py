"""``POST /api/sections/{id}/absences/``: a pair absent for some rounds, its
opponents awarded a score ("60/0", "60/40" or A+/A-).  Directors only;
``services.absent_awards`` checks and writes through the one write path."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.running import DirectorWrite, director_change
from tournaments.models import Section
from tournaments.services.absent_awards import AWARDS, DEFAULT_AWARD, pair_absent


class AbsenceSerializer(serializers.Serializer):
    pair = serializers.CharField(max_length=8, help_text="The absent pair: 3NS.")
    first = serializers.IntegerField(help_text="The first round it is absent.")
    last = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The last round it is absent (the section's last by default).",
    )
    award = serializers.ChoiceField(
        choices=list(AWARDS),
        default=DEFAULT_AWARD,
        help_text="Opponents/absent pair: A+/A- (Law 12C2, EBU), 60/40 (FFB, "
        "JFR) or 60/0 (JFR walkover).",
    )


class AbsenceView(DirectorWrite, APIView):
    """``POST {"pair": "2EW", "first": 3, "last": 4, "award": "60/0"}``: every
    board the pair would have played in rounds 3-4 is awarded 60 % to its
    opponents and 0 % to it, as lines that are not plays of the board."""

    @extend_schema(request=AbsenceSerializer, responses={201: AbsenceSerializer})
    def post(self, request: Request, id: int) -> Response:
        def award(section: Section, values: dict[str, Any]) -> int:
            return pair_absent(section, user=request.user, **values)

        section, values, lines = director_change(request, id, AbsenceSerializer, award)
        body = {
            "pair": values["pair"].strip().upper(),
            "first": values["first"],
            "last": values["last"] or section.rounds,
            "award": values["award"],
            "lines": lines,
        }
        return Response(body, status=status.HTTP_201_CREATED)
