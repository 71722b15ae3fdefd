"""What a game of bridge boards played by pairs does, for a game to inherit.

Pairs, teams and individual bridge are played on bridge boards at tables of
two pairs, entered board by board on the tablet and compared on travellers:
``BoardsGame`` gives them the shared machinery's pieces, and a game overrides
only what it does otherwise (Whiz its tablet pages, Barbu its whole table).
``BridgeCardGame`` is bridge as the card game of a pairs event's boards
(``Event.game``), the one other card games stand beside.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tournaments.director.console import line_text
from tournaments.director.console_disputes import bridge_sides
from tournaments.exporters.workbook import TRAVELLER_HEADER, line_cells
from tournaments.models import Event
from tournaments.registry import CardGame, Game
from tournaments.services.closing import missing_pairs_lines, pairs_disputes
from tournaments.services.privacy import movement_expected_lines
from tournaments.services.results import result_enter
from tournaments.services.table_rounds import pairs_open_round
from tournaments.terminal.bridge_board import bridge_check, bridge_page
from tournaments.terminal.forms import EntryForm
from tournaments.terminal.views import pairs_answer, pairs_board, pairs_play

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse

    from tournaments.models import Result, Section, Table


class BoardsGame(Game):
    """Bridge boards played by pairs, entered board by board."""

    def open_round(self, table: Table, since: int = 1) -> int | None:
        return pairs_open_round(table, since)

    def table_play(self, request: HttpRequest, table: Table) -> HttpResponse:
        return pairs_play(request, table)

    def table_board(
        self, request: HttpRequest, table: Table, round: int, number: int
    ) -> HttpResponse:
        return pairs_board(request, table, round, number)

    def table_answer(
        self, request: HttpRequest, table: Table, round: int, number: int
    ) -> HttpResponse:
        return pairs_answer(request, table, round, number)

    def expected_lines(self, section: Section) -> Mapping[int, int]:
        return movement_expected_lines(section)

    def missing_results(self, section: Section) -> list[Any]:
        return missing_pairs_lines(section)

    def audit_text(self, snapshot: Mapping[str, Any], labels: dict[int, str]) -> str:
        return line_text(snapshot, labels)

    def disputed_lines(self, section: Section) -> list[Any]:
        return pairs_disputes(section)

    def dispute_sides(
        self, section: Section, disputes: list[Any]
    ) -> Mapping[int | None, Any]:
        return bridge_sides(section, disputes)


class SheetGame(BoardsGame):
    """A game whose tables keep one score sheet (Barbu, Chinese bridge,
    Bridgeote individual): no travellers, no pairs movement, no line expected
    or missing board by board; the tablet shows the table's sheet."""

    travellers = False


class BridgeCardGame(CardGame):
    """Bridge as a pairs event's card game: the bid box on the tablet, the
    NS score from the contract and the tricks, the bridge traveller."""

    game = Event.Game.BRIDGE
    traveller_header = TRAVELLER_HEADER
    interchange = True
    checks_lines = True

    entry_form = staticmethod(EntryForm)
    entry_page = staticmethod(bridge_page)
    entry_check = staticmethod(bridge_check)
    traveller_cells = staticmethod(line_cells)

    def line_enter(self, **line: Any) -> tuple[Result, bool]:
        # Found when called: the seam where a test puts a withdrawal between
        # the tablet and the write path.
        return result_enter(**line)


BRIDGE_CARD_GAME = BridgeCardGame()
