"""An imported line keeps every value it read once its board and pairs are
found (``LineValues.line_values``): nothing is dropped on the way to the
bulk write but the lead's extra characters."""

from __future__ import annotations

from games.weighted import WeightedPart
from tournaments.importers.event_store import file_line
from tournaments.importers.pbn import ImportedLine
from tournaments.models import Board, Pair
from tournaments.services.line_values import LineValues


def test_every_value_reaches_the_file_line() -> None:
    board, ns, ew = Board(number=4), Pair(number=1), Pair(number=2)
    line = ImportedLine(
        4, "1", "2", contract="4HX", declarer="S", tricks=9, lead="HQ10",
        adjusted=("60", "40"), absent="EW", where="line 12",
    )  # fmt: skip
    stored = file_line(line, board, ns, ew)
    assert (stored.board, stored.ns_pair, stored.ew_pair) == (board, ns, ew)
    assert stored.line_values() == line.line_values(lead="HQ1")
    assert stored.where == "Board 4, line 12 (1 v 2)"


def test_weighted_parts_go_with_the_line() -> None:
    parts = (WeightedPart(100.0, score=420),)
    line = ImportedLine(1, "3", "5", weighted=parts)
    stored = file_line(line, Board(number=1), Pair(number=3), Pair(number=5))
    assert stored.weighted == parts


def test_changed_values_replace_the_line_s_own() -> None:
    values = LineValues(contract="3NT", declarer="N", tricks=10, lead="SA")
    assert values.line_values(tricks=8) == {
        "contract": "3NT", "declarer": "N", "tricks": 8, "lead": "SA",
        "adjusted": None, "absent": "",
    }  # fmt: skip
