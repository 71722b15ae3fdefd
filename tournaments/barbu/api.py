"""Barbu events over the API: create one, enter each deal, read the ranking.

A deal is entered for a table and a round: the contract, the record the
rule book's marks need (by seat N, E, S, W: e.g. ``{"queens": {"N": 2,
"S": 2}}``), the doubles (``[["E", "N", 1], ["W", "N", 2]]``: E doubles N,
W doubles N who redoubles), the deal's ``order`` in the manche (1 to 7; by
default the first number free, deals being entered as played), the Trump
deal's ``trump`` suit and the Réussite's ``height``.
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
from tournaments.barbu.duplicate import BARBU_KINDS
from tournaments.barbu.movement import MAX_ROUNDS
from tournaments.barbu.selectors import deals_with_seats
from tournaments.barbu.services import (
    barbu_deal_submit,
    barbu_duplicate_event_create,
    barbu_event_create,
)
from tournaments.models import (
    BarbuDeal,
    BarbuScore,
    Event,
)


class BarbuEventInputSerializer(PlayersEventInputSerializer):
    """What a director gives to start a Barbu event."""

    rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS, default=4)
    # A duplicate Barbu, as ``/api/barbu-duplicate-events/`` creates.
    duplicate = serializers.BooleanField(default=False)
    compulsory_doubles = serializers.IntegerField(min_value=0, max_value=7, default=2)


class BarbuEventSerializer(SeatedEventSerializer):
    """A Barbu event as created: its section and players as numbered."""

    compulsory_doubles = serializers.IntegerField(source="barbu_compulsory_doubles")

    entrant_set = "barbu_entrants"


barbu_event_new = event_create_view(
    input=BarbuEventInputSerializer,
    output=BarbuEventSerializer,
    create=barbu_event_create,
    summary="Create a Barbu event: players seated four a table, one manche a round.",
)


barbu_duplicate_event_new = event_create_view(
    input=BarbuEventInputSerializer,
    output=BarbuEventSerializer,
    create=barbu_duplicate_event_create,
    summary=(
        "Create a duplicate Barbu event: the same deals at every table of a "
        "round, each contract compared seat by seat in matchpoints."
    ),
)


class BarbuDealSerializer(serializers.Serializer):
    """A recorded deal with each seat's player and points."""

    id = serializers.IntegerField()
    round = serializers.IntegerField(source="round.number")
    table = serializers.IntegerField(source="table.number")
    contract = serializers.CharField()
    order = serializers.IntegerField(allow_null=True)
    trump = serializers.CharField()
    height = serializers.CharField()
    declarer = serializers.IntegerField(source="declarer.number")
    record = serializers.JSONField()
    doubles = serializers.JSONField()
    players = serializers.SerializerMethodField()
    points = serializers.SerializerMethodField()

    def get_players(self, deal: BarbuDeal) -> dict[str, int]:
        return {seat: entrant.number for seat, entrant in deal.players().items()}

    def get_points(self, deal: BarbuDeal) -> dict[str, int]:
        return deal.points()


class BarbuDealsView(SectionLinesView):
    """A Barbu section's deals; a director or its tables add them."""

    kinds = BARBU_KINDS

    class BarbuDealInputSerializer(serializers.Serializer):
        round = serializers.IntegerField(min_value=1)
        table = serializers.IntegerField(min_value=1, required=False)
        contract = serializers.CharField(max_length=20)
        record = serializers.DictField()
        doubles = serializers.ListField(
            child=serializers.ListField(), required=False, default=list
        )
        order = serializers.IntegerField(min_value=1, max_value=7, required=False)
        trump = serializers.CharField(max_length=10, required=False, allow_blank=True)
        height = serializers.CharField(max_length=5, required=False, allow_blank=True)

    input_serializer = BarbuDealInputSerializer
    line_serializer = BarbuDealSerializer
    submit = staticmethod(barbu_deal_submit)
    section_lines = staticmethod(deals_with_seats)
    lines_description = "Every deal of the section, round by round, table by table."
    entry_description = "Enter (or correct) a deal of a table's manche."


class BarbuStandingSerializer(EntrantStandingSerializer):
    """A player's line of a Barbu ranking."""

    player = serializers.IntegerField(source="entrant.number")
    points = serializers.IntegerField()
    deals = serializers.IntegerField()


BarbuRankingView = entrant_ranking_view(
    kind=Event.Kind.BARBU,
    serializer=BarbuStandingSerializer,
    scores=BarbuScore,
    summary="The individual ranking of a Barbu event (published ones for the public).",
)


class BarbuDuplicateStandingSerializer(BarbuStandingSerializer):
    """A player's line of a duplicate Barbu ranking: matchpoints and percentage."""

    matchpoints = serializers.FloatField()
    top = serializers.FloatField()
    percentage = serializers.FloatField()


BarbuDuplicateRankingView = entrant_ranking_view(
    kind=Event.Kind.BARBU_DUPLICATE,
    serializer=BarbuDuplicateStandingSerializer,
    scores=BarbuScore,
    summary="The ranking of a duplicate Barbu event, on matchpoints by seat.",
)
