"""A running section changed through the API: a late pair, a withdrawal, the
arrow switch.  Directors only; ``services.running`` checks and writes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.authentication import (
    DirectorBasicAuthentication,
    TableTokenAuthentication,
)
from tournaments.api.permissions import ReadOrTableWrite, is_director
from tournaments.api.serializers import PairSerializer, SectionSerializer
from tournaments.api.writes import api_error
from tournaments.models import Pair, Section
from tournaments.selectors.api_sections import section_afresh, section_by_id
from tournaments.services.running import (
    arrow_switch_change,
    late_pair_join,
    pair_withdraw,
)
from tournaments.services.traveller_privacy import traveller_privacy_change

T = TypeVar("T")


class LatePairSerializer(serializers.Serializer):
    player_a = serializers.CharField(max_length=90)
    player_b = serializers.CharField(max_length=90)
    round = serializers.IntegerField(help_text="The first round the pair plays.")


class WithdrawalSerializer(serializers.Serializer):
    pair = serializers.CharField(max_length=8, help_text="The pair's label: 3NS.")
    round = serializers.IntegerField(help_text="The first round it does not play.")
    averages = serializers.BooleanField(
        default=False,
        help_text="Average-plus to the opponents and Average-minus to the pair on "
        "the boards it misses, rather than sit-outs (not played).",
    )


class ArrowSwitchSerializer(serializers.Serializer):
    arrow_switch_rounds = serializers.ListField(
        child=serializers.IntegerField(), max_length=60, allow_empty=True
    )


def director_section(request: Request, id: int) -> Section:
    """The section a director changes: 403 for anybody else, 404 if none."""
    if not is_director(request):
        raise exceptions.PermissionDenied(_("Only the director changes a section."))
    return section_by_id(id)


def director_change(
    request: Request,
    id: int,
    serializer: type[serializers.Serializer],
    change: Callable[[Section, dict[str, Any]], T],
) -> tuple[Section, dict[str, Any], T]:
    """The one shape of a director's change to a section through the API: the
    section (403 for anybody but a director, 404 if none), the body checked by
    ``serializer`` (400 naming the field), then ``change`` writes through its
    service; the service's refusal is a 400 naming the field, or a 409 when
    what is stored refuses it (results already in the round, a tablet's line
    stored meanwhile: ``StateConflict``).  Returns the section, the checked
    values and what ``change`` returned."""
    section = director_section(request, id)
    data = serializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = data.validated_data
    try:
        done = change(section, values)
    except DjangoValidationError as error:
        raise api_error(error) from None
    return section, values, done


class DirectorWrite:
    """Who the request is, as every API view reads it; ``director_section``
    then refuses anybody but a director."""

    authentication_classes = [
        TableTokenAuthentication,
        SessionAuthentication,
        DirectorBasicAuthentication,
    ]
    permission_classes = [ReadOrTableWrite]


class LatePairView(DirectorWrite, APIView):
    """``POST {"player_a", "player_b", "round"}``: a late pair takes the
    phantom's seat from ``round``."""

    @extend_schema(request=LatePairSerializer, responses={201: PairSerializer})
    def post(self, request: Request, id: int) -> Response:
        def join(section: Section, values: dict[str, Any]) -> Pair:
            return late_pair_join(
                section,
                names=[values["player_a"], values["player_b"]],
                round=values["round"],
                user=request.user,
            )

        _section, _values, pair = director_change(request, id, LatePairSerializer, join)
        return Response(PairSerializer(pair).data, status=status.HTTP_201_CREATED)


class WithdrawalView(DirectorWrite, APIView):
    """``POST {"pair": "3NS", "round": 5, "averages": false}``: the pair plays
    no more from round 5; its opponents sit out, or score Average-plus."""

    @extend_schema(request=WithdrawalSerializer, responses={201: PairSerializer})
    def post(self, request: Request, id: int) -> Response:
        def leave(section: Section, values: dict[str, Any]) -> Pair:
            return pair_withdraw(section, user=request.user, **values)

        _section, values, pair = director_change(
            request, id, WithdrawalSerializer, leave
        )
        body = PairSerializer(pair).data | {"withdrawn_from": values["round"]}
        return Response(body, status=status.HTTP_201_CREATED)


class SectionChangeSerializer(serializers.Serializer):
    """What a director may change on a section through the API: either or both."""

    arrow_switch_rounds = serializers.ListField(
        child=serializers.IntegerField(),
        max_length=60,
        allow_empty=True,
        required=False,
    )
    traveller_privacy = serializers.ChoiceField(
        choices=Section.TravellerPrivacy.choices, required=False
    )


SECTION_CHANGES = ("arrow_switch_rounds", "traveller_privacy")


class SectionUpdate:
    """``PATCH /api/sections/{id}/`` by a director: ``{"arrow_switch_rounds":
    [4, 5]}`` and/or ``{"traveller_privacy": "always"}``; any other field is
    refused by name, so a client never believes it changed what it did not."""

    @extend_schema(request=SectionChangeSerializer, responses=SectionSerializer)
    def partial_update(self, request: Request, pk: str) -> Response:
        section = director_section(request, int(pk))
        body = request.data if isinstance(request.data, dict) else {}
        others = sorted(str(name) for name in set(body) - set(SECTION_CHANGES))
        if others:
            only = _("Only arrow_switch_rounds and traveller_privacy change here.")
            raise exceptions.ValidationError({name: [only] for name in others})
        if not set(body) & set(SECTION_CHANGES):
            message = _('Send an object such as {"arrow_switch_rounds": [4]} or '
                        '{"traveller_privacy": "always"}.')  # fmt: skip
            raise exceptions.ValidationError(
                {name: [message] for name in SECTION_CHANGES}
            )
        data = SectionChangeSerializer(data=body)
        data.is_valid(raise_exception=True)
        if "arrow_switch_rounds" in body:
            try:
                section = arrow_switch_change(
                    section,
                    rounds=data.validated_data["arrow_switch_rounds"],
                    user=request.user,
                )
            except DjangoValidationError as error:
                raise api_error(error) from None
        if "traveller_privacy" in body:
            traveller_privacy_change(section, data.validated_data["traveller_privacy"])
        return Response(SectionSerializer(section_afresh(section.pk)).data)
