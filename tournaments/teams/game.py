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
from tournaments.teams.selectors import table_match
from tournaments.teams.services import round_movement

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

    from django.contrib.auth.models import AbstractBaseUser
    from django.forms import Form
    from django.http import HttpRequest, HttpResponse
    from django.urls import URLPattern

    from tournaments.models import Board, Club, Match, Section, Table
    from tournaments.movements import Movement


class TeamsGame(BoardsGame):
    """A teams event: each round's matches, both rooms of a board compared."""

    kind = Event.Kind.TEAMS
    demo_weekday = calendar.SATURDAY
    team_matches = True
    exports = ("pbn", "usebio")
    api_create = staticmethod(api_teams_event_new)
    director_create = staticmethod(teams_event_new)

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_team_round(section_id)

    def results_page(
        self, request: HttpRequest, event: Event, live: bool
    ) -> HttpResponse:
        return teams_results(request, event, live)

    def workbook(self, event: Event) -> bytes:
        return teams_workbook_bytes(event)

    def event_page(self, request: HttpRequest, event: Event) -> HttpResponse:
        return teams_event_detail(request, event)

    def pairs_movement(self, section: Section) -> Movement | None:
        return round_movement(section)

    def board_page(
        self, request: HttpRequest, section: Section, board: Board, live: bool
    ) -> HttpResponse | None:
        return team_board_traveller(request, section, board, live)

    def urls(self, site: str) -> list[URLPattern]:
        return teams_urls(site)

    def table_match(self, table: Table) -> Match | None:
        return table_match(table)

    def check_adjusted(self, fields: dict[str, object]) -> None:
        check_team_marks(fields)

    def tonight_names(self, request: HttpRequest, count: Form) -> HttpResponse:
        return teams_tonight_names(request, count)

    def imported_event_store(
        self, imported: Any, *, user: AbstractBaseUser | None, file_name: str
    ) -> Event:
        return teams_event_import(imported, user=user, file_name=file_name)

    def pbn_games(self, event: Event) -> list[Any]:
        return teams_games(event)

    def usebio_event(self, root: Any, event: Event) -> None:
        teams_usebio_event(root, event)

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_teams(club, date)


TEAMS = TeamsGame()
