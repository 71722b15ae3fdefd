"""Bridgeote individual events: 3, 5, 6 or 7 a table, the same deals at every
table of a round, each seat's individual mark compared across the tables.

(Bridgeote deals inside a pairs event are a card game, ``Event.game``:
``card_game.BridgeoteCardGame``; the package's routes, both forms', come from
``urls``.)
"""

from __future__ import annotations

from typing import Any

from tournaments.board_games import SheetGame
from tournaments.bridgeote.api import bridgeote_event_new as api_bridgeote_new
from tournaments.bridgeote.director import (
    bridgeote_event_detail,
    bridgeote_event_new,
)
from tournaments.bridgeote.rescore import rescore_bridgeote_section
from tournaments.bridgeote.results import bridgeote_results
from tournaments.bridgeote.services import bridgeote_open_round
from tournaments.bridgeote.terminal import bridgeote_play
from tournaments.bridgeote.urls import URLS
from tournaments.bridgeote.workbook import bridgeote_workbook_bytes
from tournaments.models import Event


class BridgeoteGame(SheetGame):
    """A Bridgeote individual event."""

    kind = Event.Kind.BRIDGEOTE
    line_model = "tournaments.BridgeoteDeal"
    api_create = staticmethod(api_bridgeote_new)
    director_create = staticmethod(bridgeote_event_new)

    results_page = staticmethod(bridgeote_results)
    workbook = staticmethod(bridgeote_workbook_bytes)
    event_page = staticmethod(bridgeote_event_detail)
    open_round = staticmethod(bridgeote_open_round)
    table_play = staticmethod(bridgeote_play)
    routes = URLS

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_bridgeote_section(section_id)


BRIDGEOTE = BridgeoteGame()
