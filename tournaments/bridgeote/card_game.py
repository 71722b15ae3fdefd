"""Bridgeote as the card game of a pairs event's boards (``Event.game``).

A Bridgeote pairs event is a pairs event (Mitchell or Howell) whose boards are
Bridgeote deals: the tablet takes a deal's contract, declarer, card points
and announcements (``terminal_pairs``), the write path stores it marked by
the rule book (``services_pairs``), the workbook writes its card points and
marks (``workbook_pairs``) and travellers show a capot as players read it.
Registered beside bridge's (``tournaments.board_games.BridgeCardGame``).
"""

from __future__ import annotations

import calendar
from typing import TYPE_CHECKING

from tournaments.bridgeote.demo import load_demo_bridgeote
from tournaments.bridgeote.forms import BridgeoteEntryForm
from tournaments.bridgeote.services_pairs import bridgeote_result_enter
from tournaments.bridgeote.templatetags import bridgeote_contract
from tournaments.bridgeote.terminal_pairs import bridgeote_check, bridgeote_page
from tournaments.bridgeote.traveller_rows import row_marks_fill, row_parsed
from tournaments.bridgeote.workbook_pairs import (
    BRIDGEOTE_TRAVELLER_HEADER,
    bridgeote_line_cells,
)
from tournaments.models import Event
from tournaments.registry import CardGame

if TYPE_CHECKING:
    import datetime as dt

    from tournaments.director.forms import TravellerRow
    from tournaments.models import Club, Result


class BridgeoteCardGame(CardGame):
    """Bridgeote deals played by pairs, matchpointed on North-South's net mark."""

    game = Event.Game.BRIDGEOTE
    demo_weekday = calendar.WEDNESDAY
    traveller_header = BRIDGEOTE_TRAVELLER_HEADER
    deal_marks = True

    entry_form = staticmethod(BridgeoteEntryForm)
    entry_page = staticmethod(bridgeote_page)
    entry_check = staticmethod(bridgeote_check)
    line_enter = staticmethod(bridgeote_result_enter)
    traveller_cells = staticmethod(bridgeote_line_cells)

    def contract_html(self, contract: str) -> str | None:
        # A capot has no bridge level: bridge's text cannot show it.
        return bridgeote_contract(contract) if contract.startswith("CAPOT") else None

    def demo(self, club: Club, date: dt.date) -> Event | None:
        return load_demo_bridgeote(club, date)

    # Its traveller's parts (``CardGame``): card points and announcements,
    # no vulnerability, no bridge score to preview.
    results_traveller = "bridgeote/_results_traveller.html"
    shows_vulnerability = False
    director_hint = "bridgeote/_director_traveller_hint.html"
    director_head = "bridgeote/_director_traveller_head.html"
    director_cells = "bridgeote/_director_traveller_cells.html"
    director_columns = 12
    previews_score = False

    def traveller_row_parsed(self, row: TravellerRow) -> dict[str, object]:
        return row_parsed(row)

    def traveller_row_fill(self, row: TravellerRow, result: Result) -> None:
        super().traveller_row_fill(row, result)
        row_marks_fill(row, result)


BRIDGEOTE_CARD_GAME = BridgeoteCardGame()
