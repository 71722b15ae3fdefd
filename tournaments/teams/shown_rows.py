"""A teams event's own rows its files show, for their fingerprint
(``exporters.shown_rows``): its competition, teams and their chosen players,
matches (teams met, IMPs, points) and standings, each in one query."""

from __future__ import annotations

from tournaments.exporters.shown_rows import PLAYER_PARTS, whole_rows
from tournaments.models import Event, Match, Team, TeamCompetition, TeamScore


def teams_shown_rows(event: Event) -> list[list[tuple[object, ...]]]:
    """The teams event's own rows, whole, in a fixed order."""
    players = Team.players.through.objects.filter(team__event=event)
    return [
        whole_rows(TeamCompetition.objects.filter(event=event)),
        whole_rows(Team.objects.filter(event=event)),
        list(players.order_by("pk").values_list("team", *PLAYER_PARTS)),
        whole_rows(Match.objects.filter(session__event=event)),
        whole_rows(TeamScore.objects.filter(team__event=event)),
    ]
