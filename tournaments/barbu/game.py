"""Barbu, and its duplicate form: seven contracts a manche, one sheet a table."""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING, Any

from tournaments.barbu.api import barbu_duplicate_event_new as api_duplicate_new
from tournaments.barbu.api import barbu_event_new as api_barbu_event_new
from tournaments.barbu.demo import load_demo_barbu
from tournaments.barbu.director import (
    barbu_duplicate_event_new,
    barbu_event_detail,
    barbu_event_new,
)
from tournaments.barbu.rescore import (
    rescore_barbu_duplicate_section,
    rescore_barbu_section,
)
from tournaments.barbu.results import barbu_duplicate_results, barbu_results
from tournaments.barbu.rounds import barbu_open_round
from tournaments.barbu.terminal import barbu_play
from tournaments.barbu.urls import URLS
from tournaments.barbu.workbook import barbu_workbook_bytes
from tournaments.board_games import SheetGame
from tournaments.models import Event

if TYPE_CHECKING:
    import datetime as dt

    from tournaments.models import Club


class BarbuGame(SheetGame):
    """Barbu: each player's points totalled over the manches."""

    kind = Event.Kind.BARBU
    demo_weekday = calendar.FRIDAY
    line_model = "tournaments.BarbuDeal"
    api_create = staticmethod(api_barbu_event_new)
    director_create = staticmethod(barbu_event_new)

    results_page = staticmethod(barbu_results)
    workbook = staticmethod(barbu_workbook_bytes)
    event_page = staticmethod(barbu_event_detail)
    open_round = staticmethod(barbu_open_round)
    table_play = staticmethod(barbu_play)
    routes = URLS

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_barbu_section(section_id)

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_barbu(club, date)


class BarbuDuplicateGame(BarbuGame):
    """Duplicate Barbu: Barbu's sheets, tablet and movement, the same deals at
    every table of a round, ranked on matchpoints by seat."""

    kind = Event.Kind.BARBU_DUPLICATE
    demo_weekday = None  # Barbu's demo evening is the plain game's
    api_create = staticmethod(api_duplicate_new)
    director_create = staticmethod(barbu_duplicate_event_new)

    results_page = staticmethod(barbu_duplicate_results)
    # None of its own: Barbu's routes serve both kinds (``BarbuGame`` gives
    # them once).
    routes = {}

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_barbu_duplicate_section(section_id)


BARBU = BarbuGame()
BARBU_DUPLICATE = BarbuDuplicateGame()
