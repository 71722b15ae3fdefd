"""Bridgeote individual events over the API: create one, enter deals, rank.

A deal is entered for a table, a round and a deal number: the contract
("100H", "90TAX", "CAPOTS"), the taker's seat and the partner he chose
(seats 0 to size - 1, seat 0 first, as ``players`` lists them; at 6 players
the partner is his team and may be left out), the attackers' card points,
both sides' announcements and the capot. The answer gives each seat's
player and mark.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.entries import GameLineView, service_refusals, validated
from tournaments.api.event_creation import (
    PlayersEventInputSerializer,
    SeatedEventSerializer,
    event_create_view,
)
from tournaments.api.rankings import (
    EntrantStandingSerializer,
    entrant_scores,
    ranking_view,
)
from tournaments.bridgeote.movement import MAX_DEALS_PER_ROUND, MAX_ROUNDS
from tournaments.bridgeote.selectors import deals_with_rounds
from tournaments.bridgeote.services import (
    bridgeote_deal_submit,
    bridgeote_event_create,
)
from tournaments.models import (
    BridgeoteScore,
    Event,
)


class BridgeoteEventInputSerializer(PlayersEventInputSerializer):
    """What a director gives to start a Bridgeote individual event."""

    size = serializers.IntegerField(default=5)
    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS, default=3)
    deals_per_round = serializers.IntegerField(
        min_value=1, max_value=MAX_DEALS_PER_ROUND, default=4
    )


class BridgeoteEventSerializer(SeatedEventSerializer):
    """A Bridgeote individual event as created: its section and players."""

    entrant_set = "bridgeote_entrants"


bridgeote_event_new = event_create_view(
    input=BridgeoteEventInputSerializer,
    output=BridgeoteEventSerializer,
    create=bridgeote_event_create,
    summary="Create a Bridgeote individual event: 3, 5, 6 or 7 players a table, "
    "the same deals at every table of a round.",
)


class BridgeoteDealSerializer(serializers.Serializer):
    """A recorded deal: where, what was played, each seat's player and mark."""

    id = serializers.IntegerField()
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    deal = serializers.IntegerField(source="number")
    contract = serializers.CharField()
    taker = serializers.IntegerField()
    partner = serializers.IntegerField(allow_null=True)
    taker_points = serializers.IntegerField()
    taker_announcements = serializers.IntegerField(source="taker_announced")
    defence_announcements = serializers.IntegerField(source="defence_announced")
    capot = serializers.BooleanField()
    players = serializers.ListField(child=serializers.IntegerField())
    marks = serializers.ListField(child=serializers.IntegerField())
    mps = serializers.ListField(child=serializers.FloatField())


class BridgeoteDealInputSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1)
    table = serializers.IntegerField(min_value=1, required=False)
    deal = serializers.IntegerField(min_value=1)
    contract = serializers.CharField(max_length=12)
    taker = serializers.IntegerField(min_value=0)
    partner = serializers.IntegerField(min_value=0, required=False, allow_null=True)
    taker_points = serializers.IntegerField(min_value=0, max_value=260)
    taker_announcements = serializers.IntegerField(min_value=0, default=0)
    defence_announcements = serializers.IntegerField(min_value=0, default=0)
    capot = serializers.BooleanField(default=False)


class BridgeoteDealsView(GameLineView):
    """A Bridgeote individual section's deals; a director or its tables add them."""

    kinds = (Event.Kind.BRIDGEOTE,)

    @extend_schema(responses=BridgeoteDealSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        """Every deal of the section, deal by deal, table by table."""
        section = self.get_section(request, id)
        deals = deals_with_rounds(section)
        return Response(BridgeoteDealSerializer(deals, many=True).data)

    @extend_schema(
        request=BridgeoteDealInputSerializer, responses={201: BridgeoteDealSerializer}
    )
    def post(self, request: Request, id: int) -> Response:
        """Enter (or correct) a deal played at a table."""
        section = self.get_section(request, id)
        values = validated(BridgeoteDealInputSerializer, request)
        with service_refusals():
            deal = bridgeote_deal_submit(
                table=self.entry_table(section, values.get("table")),
                round=values["round"],
                deal=values["deal"],
                contract=values["contract"],
                taker=values["taker"],
                partner=values.get("partner"),
                taker_points=values["taker_points"],
                taker_announced=values["taker_announcements"],
                defence_announced=values["defence_announcements"],
                capot=values["capot"],
                **self.entry_author(),
            )
        return Response(
            BridgeoteDealSerializer(deal).data, status=status.HTTP_201_CREATED
        )


class BridgeoteStandingSerializer(EntrantStandingSerializer):
    """A player's line of a Bridgeote individual ranking."""

    player = serializers.IntegerField(source="entrant.number")
    pct = serializers.FloatField()
    mp = serializers.FloatField()
    tops = serializers.FloatField()
    points = serializers.IntegerField()
    deals = serializers.IntegerField()


BridgeoteRankingView = ranking_view(
    kind=Event.Kind.BRIDGEOTE,
    serializer=BridgeoteStandingSerializer,
    standings=entrant_scores(BridgeoteScore),
    summary="The individual ranking of a Bridgeote individual event "
    "(published ones for the public).",
)
