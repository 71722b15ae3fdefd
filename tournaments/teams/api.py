"""Teams events over the API: create one, read its teams, matches and standings.

Results of a teams round are entered like any other line, at
``/api/sections/{id}/results/`` with the pairs "5NS", "7EW"...; the matches
and standings follow once the scorer has run.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.event_creation import (
    DirectedPlayerField,
    EventInputSerializer,
    event_create_view,
)
from tournaments.api.events import ApiAccess
from tournaments.api.permissions import (
    is_director,
    ranked_events,
    token_table,
    visible_events,
)
from tournaments.models import Match, TeamCompetition
from tournaments.services.privacy import DIRECTOR, Viewer, request_viewer
from tournaments.teams.privacy import visible_match_rows
from tournaments.teams.rescore import match_carry_over_set
from tournaments.teams.selectors import match_sheet, standings_rows
from tournaments.teams.selectors_matches import (
    api_event_matches,
    event_among,
    event_teams,
    match_section,
    match_section_id,
    match_with_session,
    visible_match,
)
from tournaments.teams.services import TeamEntry, teams_event_create


class TeamInputSerializer(serializers.Serializer):
    """A team: its name, and its players by id (4 to 6) or their names."""

    name = serializers.CharField(max_length=120)
    players = DirectedPlayerField(many=True, required=False)
    members = serializers.CharField(max_length=300, required=False, allow_blank=True)


class TeamsEventInputSerializer(EventInputSerializer):
    """What a director gives to start a teams event."""

    format = serializers.ChoiceField(choices=TeamCompetition.Format.choices)
    scoring = serializers.ChoiceField(
        choices=TeamCompetition.Scoring.choices,
        required=False,
        help_text="Left out: IMPs for a knockout (the only scoring it takes), "
        "VPs otherwise.",
    )
    boards_per_match = serializers.IntegerField(min_value=1, max_value=64)
    stints = serializers.IntegerField(min_value=1, max_value=16, default=2)
    rounds = serializers.IntegerField(min_value=0, max_value=99, default=0)
    bye_vp = serializers.DecimalField(
        max_digits=4, decimal_places=2, min_value=0, max_value=20, default=12
    )
    tie_rule = serializers.ChoiceField(
        choices=TeamCompetition.TieRule.choices,
        default=TeamCompetition.TieRule.EXTRA_BOARDS,
    )
    teams = TeamInputSerializer(many=True)

    def validate_teams(self, teams: list[dict[str, Any]]) -> list[TeamEntry]:
        return [
            TeamEntry(
                name=team["name"],
                players=team.get("players", []),
                members=team.get("members", ""),
            )
            for team in teams
        ]


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    members = serializers.CharField()


class MatchSerializer(serializers.ModelSerializer):
    """A match of a round with its score so far."""

    round = serializers.IntegerField(source="session.number")
    section = serializers.SerializerMethodField()
    home = serializers.IntegerField(source="home.number")
    away = serializers.IntegerField(source="away.number", allow_null=True)
    open_table = serializers.SerializerMethodField()
    closed_table = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "id", "round", "number", "section", "home", "away", "open_table",
            "closed_table", "carry_over", "home_imps", "away_imps", "home_points",
            "away_points", "boards_played", "complete",
        ]  # fmt: skip

    def get_section(self, match: Match) -> int | None:
        return match_section_id(match)

    def get_open_table(self, match: Match) -> int | None:
        return None if match.is_bye else match.open_table

    def get_closed_table(self, match: Match) -> int | None:
        return None if match.is_bye else match.closed_table


class TeamsEventSerializer(serializers.Serializer):
    """A teams event as created: its settings, teams and matches."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()
    kind = serializers.CharField()
    format = serializers.CharField(source="competition.format")
    scoring = serializers.CharField(source="competition.scoring")
    boards_per_match = serializers.IntegerField(source="competition.boards_per_match")
    rounds = serializers.IntegerField(source="competition.rounds")
    teams = TeamSerializer(many=True, source="teams.all")


teams_event_new = event_create_view(
    input=TeamsEventInputSerializer,
    output=TeamsEventSerializer,
    create=teams_event_create,
    summary="Create a teams event (round robin, Swiss or knockout) and lay out "
    "round 1.",
)


class EventTeamsView(ApiAccess, APIView):
    """The teams of a teams event."""

    @extend_schema(responses=TeamSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        event = event_among(visible_events(request), id)
        return Response(TeamSerializer(event_teams(event), many=True).data)


class EventMatchesView(ApiAccess, APIView):
    """Every match of every round laid out so far."""

    @extend_schema(responses=MatchSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        event = event_among(visible_events(request), id)
        matches = api_event_matches(event)
        return Response(MatchSerializer(matches, many=True).data)


class TeamStandingSerializer(serializers.Serializer):
    rank = serializers.CharField()
    team = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    points = serializers.FloatField()
    imps_for = serializers.FloatField()
    imps_against = serializers.FloatField()
    bye_points = serializers.FloatField(
        allow_null=True,
        help_text="What the team's byes are credited (in points), null without one.",
    )


class EventStandingsView(ApiAccess, APIView):
    """The team standings (published events for the public)."""

    @extend_schema(responses=TeamStandingSerializer(many=True))
    def get(self, request: Request, id: int) -> Response:
        event = event_among(ranked_events(request), id)
        return Response(TeamStandingSerializer(standings_rows(event), many=True).data)


class CarryOverSerializer(serializers.Serializer):
    """What a director may change on a match: its carry-over in IMPs."""

    carry_over = serializers.FloatField(min_value=-999, max_value=999)


class MatchSheetView(ApiAccess, APIView):
    """A match, board by board: both rooms' lines and the IMPs.

    A director sets a knockout match's carry-over with PATCH (IMPs to the
    home team, negative to the away team); the match is rescored.
    """

    @extend_schema(responses=MatchSerializer)
    def get(self, request: Request, id: int) -> Response:
        match = visible_match(visible_events(request), id)
        viewer = request_viewer(request, token_table(request))
        return Response(_sheet(match, viewer))

    @extend_schema(request=CarryOverSerializer, responses=MatchSerializer)
    def patch(self, request: Request, id: int) -> Response:
        if not is_director(request):
            return Response(
                {"detail": _("Only a director changes a match.")},
                status=status.HTTP_403_FORBIDDEN,
            )
        match = match_with_session(id)
        data = CarryOverSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match_carry_over_set(match, data.validated_data["carry_over"])
        match.refresh_from_db()
        return Response(_sheet(match))


def _sheet(match: Match, viewer: Viewer = DIRECTOR) -> dict[str, object]:
    body = dict(MatchSerializer(match).data)
    rows = match_sheet(match)
    section = match_section(match)
    if section is not None:
        rows = visible_match_rows(section, rows, viewer)
    body["boards"] = [row.as_json() for row in rows]
    return body
