"""Pairs bridge: matchpoints or IMPs across a field of pairs, the base game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse

    from tournaments.models import Section
    from tournaments.movements import Movement


class PairsGame(BoardsGame):
    """A pairs event: travellers, matchpoints or IMPs, penalties."""

    kind = Event.Kind.PAIRS
    ranks_pairs = True
    checks_lines = True
    rescores_boards = True
    exports = ("pbn", "usebio")

    def rescore(self, section_id: int) -> dict[str, Any]:
        return rescore_pairs_section(section_id)

    def rescore_boards(
        self, section_id: int, boards: list[int], sections: list[Section]
    ) -> dict[str, Any]:
        return rescore_pairs_boards(section_id, boards, sections)

    def results_page(
        self, request: HttpRequest, event: Event, live: bool
    ) -> HttpResponse:
        return pairs_results(request, event, live)

    def workbook(self, event: Event) -> bytes:
        return event_workbook_bytes(event)

    def event_page(self, request: HttpRequest, event: Event) -> HttpResponse:
        return pairs_event_detail(request, event)

    def pairs_movement(self, section: Section) -> Movement | None:
        return stored_choice_movement(section)

    def pbn_games(self, event: Event) -> list[Any]:
        return pairs_games(event)

    def usebio_event(self, root: Any, event: Event) -> None:
        pairs_usebio_event(root, event)


PAIRS = PairsGame()
