"""Bridgeote deals of a duplicate pairs event over the API.

A Bridgeote event is a pairs event (Mitchell or Howell) whose boards are
Bridgeote deals: a line gives the contract ("100H", "90TAX", "CAPOTS"), the
declarer, the taking side's card points, the announcements and the capot;
the rule book marks it and the NS net mark is matchpointed like a bridge
score.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.entries import GameLineView, service_refusals, validated
from tournaments.api.events import line_row
from tournaments.api.permissions import token_table
from tournaments.api.serializers import ResultSerializer
from tournaments.api.writes import find_pair, keep_at_table, numbered
from tournaments.bridgeote.services_pairs import bridgeote_result_submit
from tournaments.models import Event


class BridgeoteLineInputSerializer(serializers.Serializer):
    """A Bridgeote deal at a table: pairs by label, the mark's inputs."""

    board = serializers.IntegerField(min_value=1)
    ns = serializers.CharField(max_length=8)
    ew = serializers.CharField(max_length=8)
    contract = serializers.CharField(max_length=12)
    declarer = serializers.CharField(max_length=1)
    points = serializers.IntegerField(min_value=0, max_value=260)
    taker_announcements = serializers.IntegerField(min_value=0, default=0)
    defence_announcements = serializers.IntegerField(min_value=0, default=0)
    capot = serializers.BooleanField(default=False)
    round = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    table = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    key = serializers.CharField(max_length=64, required=False, allow_blank=True)


class BridgeoteResultsView(GameLineView):
    """Enter a Bridgeote deal (a director, or the table's token)."""

    def section_filter(self) -> dict[str, Any]:
        return {"session__event__game": Event.Game.BRIDGEOTE}

    @extend_schema(
        request=BridgeoteLineInputSerializer, responses={201: ResultSerializer}
    )
    def post(self, request: Request, id: int) -> Response:
        section = self.get_section(request, id)
        values = validated(BridgeoteLineInputSerializer, request)
        fields: dict[str, Any] = {
            "board": numbered(section.boards, values["board"], "board"),
            "ns_pair": find_pair(section, values["ns"], "ns"),
            "ew_pair": find_pair(section, values["ew"], "ew"),
            "round": numbered(section.round_set, values.get("round"), "round"),
            "table": numbered(section.table_set, values.get("table"), "table"),
        }
        table = token_table(request)
        if table is not None:
            keep_at_table(table, fields)
        key = request.headers.get("Idempotency-Key") or values.get("key", "")
        with service_refusals():
            line = bridgeote_result_submit(
                **fields,
                contract=values["contract"],
                declarer=values["declarer"],
                card_points=values["points"],
                taker_announced=values["taker_announcements"],
                defence_announced=values["defence_announcements"],
                capot=values["capot"],
                key=key.strip(),
                **self.entry_author(),
            )
        return Response(
            ResultSerializer(line_row(line)).data, status=status.HTTP_201_CREATED
        )
