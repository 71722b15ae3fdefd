"""Chinese bridge: matches between players, one hand sheet a table."""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING, Any

from tournaments.board_games import SheetGame
from tournaments.chinese.api import chinese_event_new as api_chinese_event_new
from tournaments.chinese.demo import load_demo_chinese
from tournaments.chinese.director import chinese_event_detail, chinese_event_new
from tournaments.chinese.rescore import rescore_chinese_section
from tournaments.chinese.results import chinese_results
from tournaments.chinese.rounds import chinese_open_round
from tournaments.chinese.terminal import chinese_play
from tournaments.chinese.urls import URLS
from tournaments.chinese.workbook import chinese_workbook_bytes
from tournaments.models import Event

if TYPE_CHECKING:
    import datetime as dt

    from tournaments.models import Club


class ChineseGame(SheetGame):
    """Chinese bridge: each match's hands, the players ranked on their marks."""

    kind = Event.Kind.CHINESE
    demo_weekday = calendar.MONDAY
    line_model = "tournaments.ChineseHand"
    api_create = staticmethod(api_chinese_event_new)
    director_create = staticmethod(chinese_event_new)

    results_page = staticmethod(chinese_results)
    workbook = staticmethod(chinese_workbook_bytes)
    event_page = staticmethod(chinese_event_detail)
    open_round = staticmethod(chinese_open_round)
    table_play = staticmethod(chinese_play)
    routes = URLS

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_chinese_section(section_id)

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_chinese(club, date)


CHINESE = ChineseGame()
