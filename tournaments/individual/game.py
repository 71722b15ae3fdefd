"""Individual bridge: bridge boards, a new partner each round."""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING, Any

from tournaments.board_games import BoardsGame
from tournaments.individual.api import individual_assignments
from tournaments.individual.api import individual_event_new as api_individual_new
from tournaments.individual.demo import load_demo_individual
from tournaments.individual.director import (
    individual_event_detail,
    individual_event_new,
)
from tournaments.individual.exports import individual_games, individual_usebio_event
from tournaments.individual.rescore import rescore_individual_section
from tournaments.individual.results import individual_results
from tournaments.individual.services import section_pairs_movement
from tournaments.individual.terminal import individual_moves
from tournaments.individual.urls import urls as individual_urls
from tournaments.individual.workbook import individual_workbook_bytes
from tournaments.models import Event

if TYPE_CHECKING:
    import datetime as dt
    from collections.abc import Iterable

    from django.http import HttpRequest, HttpResponse
    from django.urls import URLPattern

    from tournaments.models import Club, Section, Table
    from tournaments.movements import Movement


class IndividualGame(BoardsGame):
    """Boards played and scored as pairs bridge, each round's partnership a
    pair; the players ranked on their sides' matchpoints."""

    kind = Event.Kind.INDIVIDUAL
    demo_weekday = calendar.THURSDAY
    checks_lines = True
    exports = ("pbn", "usebio")
    api_create = staticmethod(api_individual_new)
    director_create = staticmethod(individual_event_new)

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_individual_section(section_id)

    def results_page(
        self, request: HttpRequest, event: Event, live: bool
    ) -> HttpResponse:
        return individual_results(request, event, live)

    def workbook(self, event: Event) -> bytes:
        return individual_workbook_bytes(event)

    def event_page(self, request: HttpRequest, event: Event) -> HttpResponse:
        return individual_event_detail(request, event)

    def pairs_movement(self, section: Section) -> Movement | None:
        return section_pairs_movement(section)

    def table_moves(self, movement: Any, round: Any, table: Table) -> list[str] | None:
        return individual_moves(movement, round, table)

    def assignments(self, section: Section) -> Iterable[dict[str, Any]] | None:
        return individual_assignments(section)

    def urls(self, site: str) -> list[URLPattern]:
        return individual_urls(site)

    def pbn_games(self, event: Event) -> list[Any]:
        return individual_games(event)

    def usebio_event(self, root: Any, event: Event) -> None:
        individual_usebio_event(root, event)

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_individual(club, date)


INDIVIDUAL = IndividualGame()
