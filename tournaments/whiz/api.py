"""Whiz-Bridge events over the API: create one, enter table results, read the ranking.

A director creates the event; a director or a table's token enters that
table's boards (``POST /api/sections/{id}/whiz-results/``): the three
players come from the movement, each player's points from the event's mark.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from games.errors import GameError
from games.whiz import parse_contract
from tournaments.api.entries import GameLineView, service_refusals, validated
from tournaments.api.event_creation import (
    PlayersEventInputSerializer,
    SeatedEventSerializer,
    event_create_view,
)
from tournaments.api.permissions import (
    token_table,
)
from tournaments.api.rankings import EntrantStandingSerializer, entrant_ranking_view
from tournaments.api.writes import numbered
from tournaments.models import (
    Event,
    Section,
    WhizEntrant,
    WhizResult,
    WhizScore,
)
from tournaments.services.privacy import hidden_boards, request_viewer
from tournaments.whiz.movements import MAX_TABLES as WHIZ_MAX_TABLES
from tournaments.whiz.selectors import shown_section_lines
from tournaments.whiz.services import (
    seat_order,
    whiz_event_create,
    whiz_result_submit,
)


class WhizEventInputSerializer(PlayersEventInputSerializer):
    """What a director gives to start a Whiz tournament."""

    boards_per_round = serializers.IntegerField(min_value=1, max_value=10)
    # A Whiz plays at most a round a table.
    rounds = serializers.IntegerField(
        min_value=1, max_value=WHIZ_MAX_TABLES, required=False
    )
    mark = serializers.ChoiceField(
        choices=Event.WhizMark.choices, default=Event.WhizMark.STANDARD
    )
    exact = serializers.BooleanField(default=False)


class EntrantSerializer(serializers.ModelSerializer):
    label = serializers.CharField()
    name = serializers.CharField(source="display_name")

    class Meta:
        model = WhizEntrant
        fields = ["id", "label", "number", "line", "name"]


class WhizEventSerializer(SeatedEventSerializer):
    """A Whiz tournament as created: its mark, section and players as seated."""

    player_serializer = EntrantSerializer

    mark = serializers.CharField(source="whiz_mark")
    exact = serializers.BooleanField(source="whiz_exact")

    def entrants(self, section: Section) -> list[WhizEntrant]:
        return seat_order(section)


whiz_event_new = event_create_view(
    input=WhizEventInputSerializer,
    output=WhizEventSerializer,
    create=whiz_event_create,
    summary="Create a Whiz tournament: players seated three a table, boards, movement.",
)


def whiz_line(result: WhizResult) -> dict[str, Any]:
    """A stored table result with each player's points, MP and %."""
    players = {}
    for position, entrant in result.players().items():
        lower = position.lower()
        players[position] = {
            "label": entrant.label,
            "name": entrant.display_name,
            "points": getattr(result, f"points_{lower}"),
            "adjusted": getattr(result, f"adjusted_{lower}") or None,
            "mp": getattr(result, f"mp_{lower}"),
            "pct": getattr(result, f"pct_{lower}"),
        }
    return {
        "id": result.pk,
        "board": result.board.number,
        "round": result.round.number if result.round else None,
        "table": result.table.number if result.table else None,
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        "top": result.top,
        "confirmed": result.confirmed is not None,
        "disputed": result.disputed,
        "players": players,
    }


class WhizHandSerializer(serializers.Serializer):
    """One player's side of a table result."""

    label = serializers.CharField()
    name = serializers.CharField()
    points = serializers.IntegerField(allow_null=True)
    adjusted = serializers.CharField(allow_null=True)
    mp = serializers.FloatField(allow_null=True)
    pct = serializers.FloatField(allow_null=True)


class WhizHandsSerializer(serializers.Serializer):
    N = WhizHandSerializer()
    E = WhizHandSerializer()
    S = WhizHandSerializer()


class WhizLineSerializer(serializers.Serializer):
    """A table's board as the API shows it (the shape of ``whiz_line``)."""

    id = serializers.IntegerField()
    board = serializers.IntegerField()
    round = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    contract = serializers.CharField()
    declarer = serializers.CharField()
    tricks = serializers.IntegerField(allow_null=True)
    top = serializers.FloatField(allow_null=True)
    confirmed = serializers.BooleanField()
    disputed = serializers.BooleanField()
    players = WhizHandsSerializer()


class WhizResultsView(GameLineView):
    """A Whiz section's table results; a director or its tables add them."""

    kinds = (Event.Kind.WHIZ,)

    class WhizResultInputSerializer(serializers.Serializer):
        """A played board at a table: the contract ("10S", "9NTX"), the
        declarer (N, E or S), the tricks as ``result`` ("=", "+1", "-2") or
        ``tricks``; a table token's table is its own."""

        board = serializers.IntegerField(min_value=1)
        table = serializers.IntegerField(min_value=1, required=False)
        contract = serializers.CharField(max_length=8)
        declarer = serializers.CharField(max_length=1)
        result = serializers.CharField(max_length=4, required=False, allow_blank=True)
        tricks = serializers.IntegerField(min_value=0, max_value=13, required=False)
        key = serializers.CharField(max_length=64, required=False, allow_blank=True)

    @extend_schema(responses=WhizLineSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        """Every table result of the section, board by board."""
        section = self.get_section(request, id)
        hidden = hidden_boards(section, request_viewer(request, token_table(request)))
        results = shown_section_lines(section, hidden)
        return Response([whiz_line(result) for result in results])

    @extend_schema(
        request=WhizResultInputSerializer,
        responses={201: WhizLineSerializer, 200: WhizLineSerializer},
    )
    def post(self, request: Request, id: int) -> Response:
        """Enter a table's board (201; 200 when its idempotency key is stored)."""
        section = self.get_section(request, id)
        values = validated(self.WhizResultInputSerializer, request)
        board = numbered(section.boards, values["board"], "board")
        table = self.entry_table(section, values.get("table"))
        key = request.headers.get("Idempotency-Key") or values.get("key", "")
        with service_refusals():
            line, created = whiz_result_submit(
                board=board,
                table=table,
                contract=values["contract"],
                declarer=values["declarer"],
                tricks=whiz_tricks(values),
                key=key.strip(),
                **self.entry_author(),
            )
        line.refresh_from_db()
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(whiz_line(line), status=code)


def whiz_tricks(values: dict[str, Any]) -> int | None:
    """Tricks from ``result`` ("=", "+1", "-2") against the bid, or ``tricks``."""
    text = (values.get("result") or "").strip()
    if not text:
        return values.get("tricks")
    try:
        contract = parse_contract(values["contract"])
    except GameError as error:
        raise exceptions.ValidationError({"contract": [str(error)]}) from None
    level = contract.level
    if text in ("=", "0"):
        return level
    try:
        tricks = level + int(text)
    except ValueError:
        raise exceptions.ValidationError(
            {"result": [_('Write the result as "=", "+1" or "-2".')]}
        ) from None
    if not 0 <= tricks <= 13:
        # Over the bid, at most 13 - level; under it, at most the level.
        raise exceptions.ValidationError(
            {
                "result": [
                    _("%(result)s is not possible in %(contract)s.")
                    % {"result": text, "contract": contract}
                ]
            }
        )
    return tricks


class WhizStandingSerializer(EntrantStandingSerializer):
    """A player's line of a Whiz ranking."""

    player = serializers.CharField(source="entrant.label")
    mp = serializers.FloatField()
    top = serializers.FloatField()
    pct = serializers.FloatField()
    boards = serializers.IntegerField()
    sit_out_boards = serializers.IntegerField()


WhizRankingView = entrant_ranking_view(
    kind=Event.Kind.WHIZ,
    serializer=WhizStandingSerializer,
    scores=WhizScore,
    summary="The individual ranking of a Whiz event (published ones for the public).",
)
