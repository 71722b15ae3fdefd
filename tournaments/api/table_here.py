"""GET /api/table/: where a signed-in tablet's table plays now.

A table token stands for the event's table (``services.event_tables``): one
sign-in serves every round and session of the event, so a tablet app asks
here where its table is now, in every game, and reads the same row the
section's ``assignments`` print for that table and round.  After the
director pairs the next round (or the next session starts), the same token
answers there.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.decorators import permission_classes as permissions
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.api.authentication import TableTokenAuthentication
from tournaments.api.events import assignment_rows
from tournaments.api.sign_in import SignedInTable
from tournaments.models import Table
from tournaments.registry import table_game
from tournaments.services.table_rounds import current_round

TableHere = inline_serializer(
    "TableHere",
    {
        "event": serializers.IntegerField(),
        "section": serializers.IntegerField(),
        "round": serializers.IntegerField(
            help_text="The round the table plays (its last when all are done); "
            "teams: the match's round (a Swiss round, a round robin's round, a "
            "knockout's stage), its boards the stint's now."
        ),
        "table": serializers.IntegerField(),
        "ns": serializers.CharField(help_text="The NS pair's label, e.g. 1NS."),
        "ew": serializers.CharField(help_text="The EW pair's label, e.g. 3EW."),
        "boards": serializers.ListField(child=serializers.IntegerField()),
        "sit_out": serializers.BooleanField(),
    },
)


def table_here(table: Table) -> dict[str, Any]:
    """Where ``table`` (the row its token plays at now) plays: its event,
    section, current round (the last once every round is done) and that
    round's assignment.  A teams table's round is its match's (each round of
    a teams event is a section whose "rounds" are the match's stints: the
    assignment is the current stint's)."""
    section = table.section
    number = current_round(table) or section.rounds
    row = next(
        (
            row
            for row in assignment_rows(section)
            if row["round"] == number and row["table"] == table.number
        ),
        {},
    )
    match = table_game(table).table_match(table)
    return {
        "event": section.session.event_id,
        "section": section.pk,
        "round": match.stage if match is not None else number,
        "table": table.number,
        "ns": str(row.get("ns", "")),
        "ew": str(row.get("ew", "")),
        "boards": list(row.get("boards", [])),
        "sit_out": bool(row.get("sit_out", not row)),
    }


@extend_schema(
    responses={200: TableHere},
    operation_id="table_here",
    description="Where the signed-in tablet's table plays now. One sign-in serves "
    "the whole event: after the director pairs the next round (or the next "
    "session starts) the same token answers there. 401 without a live token; "
    "409 while the event's next session is still to start.",
)
@api_view(["GET"])
@authentication_classes([TableTokenAuthentication])
@permissions([SignedInTable])
def table_now(request: Request) -> Response:
    """Where the token's table plays now (``Authorization: Table <token>``)."""
    return Response(table_here(request.auth))
