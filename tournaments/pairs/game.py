"""Pairs bridge: matchpoints or IMPs across a field of pairs, the base game."""

from __future__ import annotations

from typing import Any

from tournaments.board_games import BoardsGame
from tournaments.director.views import pairs_event_detail
from tournaments.exporters.pbn import pairs_games
from tournaments.exporters.usebio import pairs_usebio_event
from tournaments.exporters.workbook import event_workbook_bytes
from tournaments.models import Event
from tournaments.rescore.pairs import rescore_pairs_section
from tournaments.rescore.pairs_boards import rescore_pairs_boards
from tournaments.results.views import pairs_results
from tournaments.selectors.movement import stored_choice_movement


class PairsGame(BoardsGame):
    """A pairs event: travellers, matchpoints or IMPs, penalties."""

    kind = Event.Kind.PAIRS
    ranks_pairs = True
    checks_lines = True
    rescores_boards = True
    kept_files = True
    exports = ("pbn", "usebio")

    rescore_boards = staticmethod(rescore_pairs_boards)
    results_page = staticmethod(pairs_results)
    workbook = staticmethod(event_workbook_bytes)
    event_page = staticmethod(pairs_event_detail)
    pairs_movement = staticmethod(stored_choice_movement)
    pbn_games = staticmethod(pairs_games)
    usebio_event = staticmethod(pairs_usebio_event)

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_pairs_section(section_id)


PAIRS = PairsGame()
