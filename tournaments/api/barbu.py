"""Barbu events over the API: create one, enter each deal, read the ranking.

A deal is entered for a table and a round: the contract, the record the
rule book's marks need (by seat N, E, S, W: e.g. ``{"queens": {"N": 2,
"S": 2}}``) and the doubles (``[["E", "N", 1], ["N", "E", 2]]``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.decorators import permission_classes as permissions
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events import ApiAccess
from tournaments.api.permissions import ranked_events, token_table, visible_sections
from tournaments.api.teams import DirectorOnly
from tournaments.api.whiz import PlayerInputSerializer
from tournaments.api.writes import api_error
from tournaments.models import BarbuDeal, BarbuScore, Club, Event, Section, Source
from tournaments.services.barbu import barbu_deal_submit, barbu_event_create
from tournaments.services.whiz import WhizEntry


class BarbuEventInputSerializer(serializers.Serializer):
    """What a director gives to start a Barbu event."""

    name = serializers.CharField(max_length=160)
    date = serializers.DateField()
    club = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.all(), required=False, allow_null=True
    )
    rounds = serializers.IntegerField(min_value=1, max_value=12, default=4)
    players = PlayerInputSerializer(many=True)


class BarbuPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField(source="display_name")


class BarbuEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    kind = serializers.CharField()
    section = serializers.SerializerMethodField()
    tables = serializers.SerializerMethodField()
    rounds = serializers.SerializerMethodField()
    players = serializers.SerializerMethodField()

    def _section(self, event: Event) -> Section:
        return Section.objects.get(session__event=event)

    def get_section(self, event: Event) -> int:
        return self._section(event).pk

    def get_tables(self, event: Event) -> int:
        return self._section(event).tables

    def get_rounds(self, event: Event) -> int:
        return self._section(event).rounds

    def get_players(self, event: Event) -> list[dict[str, Any]]:
        entrants = self._section(event).barbu_entrants.select_related("player")
        return BarbuPlayerSerializer(entrants, many=True).data


@extend_schema(
    request=BarbuEventInputSerializer,
    responses={201: BarbuEventSerializer},
    operation_id="barbu_event_create",
)
@api_view(["POST"])
@authentication_classes(ApiAccess.authentication_classes)
@permissions([DirectorOnly])
def barbu_event_new(request: Request) -> Response:
    """Create a Barbu event: players seated four a table, one manche a round."""
    data = BarbuEventInputSerializer(data=request.data)
    data.is_valid(raise_exception=True)
    values = dict(data.validated_data)
    entries = [
        WhizEntry(name=item.get("name", ""), player=item.get("player"))
        for item in values.pop("players")
    ]
    try:
        event = barbu_event_create(entries=entries, user=request.user, **values)
    except DjangoValidationError as error:
        raise api_error(error) from None
    return Response(BarbuEventSerializer(event).data, status=status.HTTP_201_CREATED)


class BarbuDealSerializer(serializers.Serializer):
    """A recorded deal with each seat's player and points."""

    id = serializers.IntegerField()
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    contract = serializers.CharField()
    declarer = serializers.IntegerField(source="declarer.number")
    record = serializers.JSONField()
    doubles = serializers.JSONField()
    players = serializers.SerializerMethodField()
    points = serializers.SerializerMethodField()

    def get_players(self, deal: BarbuDeal) -> dict[str, int]:
        return {seat: entrant.number for seat, entrant in deal.players().items()}

    def get_points(self, deal: BarbuDeal) -> dict[str, int]:
        return deal.points()


class BarbuDealsView(ApiAccess, APIView):
    """A Barbu section's deals; a director or its tables add them."""

    class BarbuDealInputSerializer(serializers.Serializer):
        round = serializers.IntegerField(min_value=1)
        table = serializers.IntegerField(min_value=1, required=False)
        contract = serializers.CharField(max_length=20)
        record = serializers.DictField()
        doubles = serializers.ListField(
            child=serializers.ListField(), required=False, default=list
        )

    def get_section(self, request: Request, id: int) -> Section:
        if request.method in SAFE_METHODS:
            sections = visible_sections(request)
        else:
            sections = Section.objects.select_related("session__event")
        section = get_object_or_404(sections, pk=id, movement=Section.Movement.BARBU)
        self.check_object_permissions(request, section)
        return section

    @extend_schema(responses=BarbuDealSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        """Every deal of the section, round by round, table by table."""
        section = self.get_section(request, id)
        deals = BarbuDeal.objects.filter(table__section=section).select_related(
            "round", "table", "declarer", "north", "east", "south", "west"
        )
        return Response(BarbuDealSerializer(deals, many=True).data)

    @extend_schema(
        request=BarbuDealInputSerializer, responses={201: BarbuDealSerializer}
    )
    def post(self, request: Request, id: int) -> Response:
        """Enter (or correct) a deal of a table's manche."""
        section = self.get_section(request, id)
        data = self.BarbuDealInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        table = token_table(request)
        if table is not None:
            if values.get("table", table.number) != table.number:
                raise exceptions.PermissionDenied(
                    _("A table token enters results at its own table only.")
                )
        else:
            if "table" not in values:
                raise exceptions.ValidationError({"table": [_("Name the table.")]})
            table = section.table_set.filter(number=values["table"]).first()
            if table is None:
                raise exceptions.ValidationError({"table": [_("No such table.")]})
        try:
            deal = barbu_deal_submit(
                table=table,
                round=values["round"],
                contract=values["contract"],
                record=values["record"],
                doubles=values["doubles"],
                user=request.user if token_table(request) is None else None,
                source=Source.TABLE if token_table(request) else Source.API,
            )
        except DjangoValidationError as error:
            raise api_error(error) from None
        return Response(BarbuDealSerializer(deal).data, status=status.HTTP_201_CREATED)


class BarbuStandingSerializer(serializers.Serializer):
    rank = serializers.CharField()
    player = serializers.IntegerField(source="entrant.number")
    name = serializers.CharField(source="entrant.display_name")
    points = serializers.IntegerField()
    deals = serializers.IntegerField()


class BarbuRankingView(ApiAccess, APIView):
    """The individual ranking of a Barbu event (published ones for the public)."""

    @extend_schema(responses=BarbuStandingSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        event = get_object_or_404(ranked_events(request), pk=id, kind=Event.Kind.BARBU)
        scores = BarbuScore.objects.filter(
            entrant__section__session__event=event
        ).select_related("entrant__player")
        return Response(BarbuStandingSerializer(scores, many=True).data)
