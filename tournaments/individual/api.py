"""Individual bridge over the API: create an event, read the individual ranking.

Boards go in as in pairs bridge (``POST /api/sections/{id}/results/``, the one
write path) with the round's partnerships as ``ns`` and ``ew``: the section's
assignment rows name them, and the four players by seat (``north``, ``east``,
``south``, ``west``, player ids) (``individual_assignments``).
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.event_creation import (
    PlayersEventInputSerializer,
    SeatedEventSerializer,
    event_create_view,
)
from tournaments.api.rankings import EntrantStandingSerializer, entrant_ranking_view
from tournaments.individual.movement import (
    DEFAULT_ROUNDS,
    MAX_ROUNDS,
    MIN_ROUNDS,
)
from tournaments.individual.selectors import entrant_ids
from tournaments.individual.services import individual_event_create, section_schedule
from tournaments.models import Event, IndividualScore, Section


class IndividualEventInputSerializer(PlayersEventInputSerializer):
    """What a director gives to start an individual (8 to 28 players)."""

    rounds = serializers.IntegerField(
        min_value=MIN_ROUNDS, max_value=MAX_ROUNDS, default=DEFAULT_ROUNDS
    )
    boards_per_round = serializers.IntegerField(min_value=1, max_value=8, default=3)


class IndividualEventSerializer(SeatedEventSerializer):
    """An individual event as created: its section and numbered players."""

    entrant_set = "individual_entrants"


individual_event_new = event_create_view(
    input=IndividualEventInputSerializer,
    output=IndividualEventSerializer,
    create=individual_event_create,
    summary="Create an individual bridge event: a new partner every round.",
)


def individual_assignments(section: Section) -> list[dict[str, Any]]:
    """Each table of each round: its partnerships (``ns``, ``ew`` labels to
    enter lines with), its four players by seat (entrant ids), its boards;
    the players sitting out listed on a row of table 0."""
    schedule = section_schedule(section)
    ids = entrant_ids(section)
    offset = section.first_board - 1
    rows: list[dict[str, Any]] = []
    for s in schedule.seatings:
        rows.append(
            {
                "round": s.round,
                "table": s.table,
                "ns": str(schedule.partnership_id(s.round, s.table, "NS")),
                "ew": str(schedule.partnership_id(s.round, s.table, "EW")),
                "north": ids[s.players[0]],
                "east": ids[s.players[1]],
                "south": ids[s.players[2]],
                "west": ids[s.players[3]],
                "boards": [number + offset for number in s.boards],
                "sit_out": False,
                "sitting_out": [],
            }
        )
        if s.table == schedule.tables and schedule.sit_outs[s.round - 1]:
            rows[-1]["sitting_out"] = [ids[p] for p in schedule.sit_outs[s.round - 1]]
    return rows


class IndividualStandingSerializer(EntrantStandingSerializer):
    """A player's line of an individual ranking."""

    id = serializers.IntegerField(source="entrant.pk")
    player = serializers.IntegerField(source="entrant.number")
    mp = serializers.FloatField()
    top = serializers.FloatField()
    pct = serializers.FloatField()
    boards = serializers.IntegerField()


IndividualRankingView = entrant_ranking_view(
    kind=Event.Kind.INDIVIDUAL,
    serializer=IndividualStandingSerializer,
    scores=IndividualScore,
    summary="The individual ranking of an individual bridge event.",
)
