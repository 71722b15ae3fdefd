"""The teams game's own routes in the API, director and results URL confs.

``TeamsGame.urls`` returns them to ``registry.game_urls``, which each conf
includes: the paths and names are the ones they always had (``api-match``,
``director:teams-next-round``, ``results:match``...), the director's and the
results' inside their confs' namespaces.
"""

from __future__ import annotations

from django.urls import URLPattern, path

from tournaments.api.routes import object_routes
from tournaments.teams import api, director, results, tonight_director
from tournaments.urls import under


def teams_urls(site: str) -> list[URLPattern]:
    """The teams routes of the ``site`` URL conf ("api", "director", "results")."""
    if site == "api":
        return _api()
    if site == "director":
        return _director()
    if site == "results":
        return under(
            "events/<int:pk>/",
            ("matches/<int:match_pk>/", results.match_results, "match"),
        )
    return []


def _api() -> list[URLPattern]:
    """A teams event's teams, matches and standings, and a match's sheet."""
    return [
        *object_routes(
            "event",
            ("teams", api.EventTeamsView),
            ("matches", api.EventMatchesView),
            ("standings", api.EventStandingsView),
        ),
        path("matches/<int:id>/", api.MatchSheetView.as_view(), name="api-match"),
    ]


def _director() -> list[URLPattern]:
    """A knockout match's carry-over, the next round, and tonight's step 3."""
    return [
        *under(
            "",
            (
                "matches/<int:pk>/carry-over/",
                director.match_carry_over,
                "match-carry-over",
            ),
        ),
        *under(
            "events/<int:pk>/",
            ("next-round/", director.next_round, "teams-next-round"),
            ("tonight/", tonight_director.tonight_teams_ready, "tonight-teams-ready"),
        ),
    ]
