"""Teams: matches between teams, IMPs turned into Victory Points."""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING, Any

from tournaments.board_games import BoardsGame
from tournaments.models import Event
from tournaments.teams.api import teams_event_new as api_teams_event_new
from tournaments.teams.checks import check_team_marks
from tournaments.teams.demo import load_demo_teams
from tournaments.teams.director import teams_event_detail, teams_event_new
from tournaments.teams.pbn import teams_games
from tournaments.teams.rescore import rescore_team_round
from tournaments.teams.results import teams_results
from tournaments.teams.selectors import table_match as match_at_table
from tournaments.teams.services import round_movement
from tournaments.teams.shown_rows import teams_shown_rows

# Imported so the teams Celery tasks register as the game loads (web, worker).
from tournaments.teams.tasks import next_team_round  # noqa: F401
from tournaments.teams.tonight_director import teams_tonight_names
from tournaments.teams.traveller import team_board_traveller
from tournaments.teams.urls import teams_urls
from tournaments.teams.usebio import teams_usebio_event
from tournaments.teams.usebio_import import teams_event_import
from tournaments.teams.workbook import teams_workbook_bytes

if TYPE_CHECKING:
    import datetime as dt

    from tournaments.models import Club


class TeamsGame(BoardsGame):
    """A teams event: each round's matches, both rooms of a board compared."""

    kind = Event.Kind.TEAMS
    demo_weekday = calendar.SATURDAY
    team_matches = True
    kept_files = True
    exports = ("pbn", "usebio")
    api_create = staticmethod(api_teams_event_new)
    director_create = staticmethod(teams_event_new)

    results_page = staticmethod(teams_results)
    workbook = staticmethod(teams_workbook_bytes)
    event_page = staticmethod(teams_event_detail)
    pairs_movement = staticmethod(round_movement)
    board_page = staticmethod(team_board_traveller)
    urls = staticmethod(teams_urls)
    table_match = staticmethod(match_at_table)
    check_adjusted = staticmethod(check_team_marks)
    tonight_names = staticmethod(teams_tonight_names)
    imported_event_store = staticmethod(teams_event_import)
    pbn_games = staticmethod(teams_games)
    usebio_event = staticmethod(teams_usebio_event)
    shown_rows = staticmethod(teams_shown_rows)

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_team_round(section_id)

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_teams(club, date)


TEAMS = TeamsGame()
