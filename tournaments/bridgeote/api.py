"""Bridgeote individual events over the API: create one, enter deals, rank.

A deal is entered for a table, a round and a deal number: the contract
("100H", "90TAX", "CAPOTS"), the taker's seat and the partner he chose
(seats 0 to size - 1, seat 0 first, as ``players`` lists them; at 6 players
the partner is his team and may be left out), the attackers' card points,
both sides' announcements and the capot. The answer gives each seat's
player and mark.
"""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.entries import SectionLinesView
from tournaments.api.event_creation import (
    PlayersEventInputSerializer,
    SeatedEventSerializer,
    event_create_view,
)
from tournaments.api.rankings import EntrantStandingSerializer, entrant_ranking_view
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
    # By the names the service takes (``bridgeote_deal_submit``).
    taker_announcements = serializers.IntegerField(
        min_value=0, default=0, source="taker_announced"
    )
    defence_announcements = serializers.IntegerField(
        min_value=0, default=0, source="defence_announced"
    )
    capot = serializers.BooleanField(default=False)


class BridgeoteDealsView(SectionLinesView):
    """A Bridgeote individual section's deals; a director or its tables add them."""

    kinds = (Event.Kind.BRIDGEOTE,)
    input_serializer = BridgeoteDealInputSerializer
    line_serializer = BridgeoteDealSerializer
    submit = staticmethod(bridgeote_deal_submit)
    section_lines = staticmethod(deals_with_rounds)
    lines_description = "Every deal of the section, deal by deal, table by table."
    entry_description = "Enter (or correct) a deal played at a table."


class BridgeoteStandingSerializer(EntrantStandingSerializer):
    """A player's line of a Bridgeote individual ranking."""

    player = serializers.IntegerField(source="entrant.number")
    pct = serializers.FloatField()
    mp = serializers.FloatField()
    tops = serializers.FloatField()
    points = serializers.IntegerField()
    deals = serializers.IntegerField()


BridgeoteRankingView = entrant_ranking_view(
    kind=Event.Kind.BRIDGEOTE,
    serializer=BridgeoteStandingSerializer,
    scores=BridgeoteScore,
    summary="The individual ranking of a Bridgeote individual event "
    "(published ones for the public).",
)
