"""Whiz-Bridge: players alone, each one's points compared across the tables."""

from __future__ import annotations

import calendar
from collections.abc import Iterable, Mapping
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

    from django.http import HttpRequest, HttpResponse
    from django.urls import URLPattern

    from tournaments.models import Club, Section, Table


class WhizGame(BoardsGame):
    """A Whiz section: its own tablet pages, lines and audit text."""

    kind = Event.Kind.WHIZ
    demo_weekday = calendar.SUNDAY
    line_model = "tournaments.WhizResult"
    api_create = staticmethod(api_whiz_event_new)
    director_create = staticmethod(whiz_event_new)

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_whiz_section(section_id)

    def results_page(
        self, request: HttpRequest, event: Event, live: bool
    ) -> HttpResponse:
        return whiz_results(request, event, live)

    def workbook(self, event: Event) -> bytes:
        return whiz_workbook_bytes(event)

    def event_page(self, request: HttpRequest, event: Event) -> HttpResponse:
        return whiz_event_detail(request, event)

    def open_round(self, table: Table, since: int = 1) -> int | None:
        return whiz_open_round(table, since)

    def table_play(self, request: HttpRequest, table: Table) -> HttpResponse:
        return whiz_play(request, table)

    def table_board(
        self, request: HttpRequest, table: Table, round: int, number: int
    ) -> HttpResponse:
        return whiz_board(request, table, round, number)

    def table_answer(
        self, request: HttpRequest, table: Table, round: int, number: int
    ) -> HttpResponse:
        return whiz_answer(request, table, round, number)

    def expected_lines(self, section: Section) -> Mapping[int, int]:
        return whiz_expected_lines(section)

    def missing_results(self, section: Section) -> list[Any]:
        return missing_whiz_lines(section)

    def entrants(self, section: Section) -> Iterable[Any]:
        return section.whiz_entrants.all()

    def audit_text(self, snapshot: Mapping[str, Any], labels: dict[int, str]) -> str:
        return whiz_line_text(snapshot, labels)

    def urls(self, site: str) -> list[URLPattern]:
        return URLS.get(site, [])

    def disputed_lines(self, section: Section) -> list[Any]:
        return whiz_disputes(section)

    def dispute_sides(
        self, section: Section, disputes: list[Any]
    ) -> Mapping[int | None, Any]:
        return whiz_sides(section, disputes)

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_whiz(club, date)


WHIZ = WhizGame()
