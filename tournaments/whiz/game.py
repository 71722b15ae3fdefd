"""Whiz-Bridge: players alone, each one's points compared across the tables."""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from tournaments.board_games import BoardsGame
from tournaments.models import Event
from tournaments.whiz.api import whiz_event_new as api_whiz_event_new
from tournaments.whiz.console import whiz_line_text, whiz_sides
from tournaments.whiz.demo import load_demo_whiz
from tournaments.whiz.director import whiz_event_detail, whiz_event_new
from tournaments.whiz.lines import (
    missing_whiz_lines,
    whiz_disputes,
    whiz_expected_lines,
)
from tournaments.whiz.rescore import rescore_whiz_section
from tournaments.whiz.results import whiz_results
from tournaments.whiz.rounds import whiz_open_round
from tournaments.whiz.terminal import whiz_answer, whiz_board, whiz_play
from tournaments.whiz.urls import URLS
from tournaments.whiz.workbook import whiz_workbook_bytes

if TYPE_CHECKING:
    import datetime as dt

    from tournaments.models import Club, Section


class WhizGame(BoardsGame):
    """A Whiz section: its own tablet pages, lines and audit text."""

    kind = Event.Kind.WHIZ
    demo_weekday = calendar.SUNDAY
    line_model = "tournaments.WhizResult"
    api_create = staticmethod(api_whiz_event_new)
    director_create = staticmethod(whiz_event_new)

    results_page = staticmethod(whiz_results)
    workbook = staticmethod(whiz_workbook_bytes)
    event_page = staticmethod(whiz_event_detail)
    open_round = staticmethod(whiz_open_round)
    table_play = staticmethod(whiz_play)
    table_board = staticmethod(whiz_board)
    table_answer = staticmethod(whiz_answer)
    expected_lines = staticmethod(whiz_expected_lines)
    missing_results = staticmethod(missing_whiz_lines)
    audit_text = staticmethod(whiz_line_text)
    disputed_lines = staticmethod(whiz_disputes)
    dispute_sides = staticmethod(whiz_sides)
    routes = URLS

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_whiz_section(section_id)

    def entrants(self, section: Section) -> Iterable[Any]:
        return section.whiz_entrants.all()

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_whiz(club, date)


WHIZ = WhizGame()
