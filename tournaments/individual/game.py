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

    from tournaments.models import Club


class IndividualGame(BoardsGame):
    """Boards played and scored as pairs bridge, each round's partnership a
    pair; the players ranked on their sides' matchpoints."""

    kind = Event.Kind.INDIVIDUAL
    demo_weekday = calendar.THURSDAY
    checks_lines = True
    exports = ("pbn", "usebio")
    api_create = staticmethod(api_individual_new)
    director_create = staticmethod(individual_event_new)

    results_page = staticmethod(individual_results)
    workbook = staticmethod(individual_workbook_bytes)
    event_page = staticmethod(individual_event_detail)
    pairs_movement = staticmethod(section_pairs_movement)
    table_moves = staticmethod(individual_moves)
    assignments = staticmethod(individual_assignments)
    urls = staticmethod(individual_urls)
    pbn_games = staticmethod(individual_games)
    usebio_event = staticmethod(individual_usebio_event)

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_individual_section(section_id)

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_individual(club, date)


INDIVIDUAL = IndividualGame()
