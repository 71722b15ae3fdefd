"""Pairs movements: bad arguments are refused; the package is stdlib only."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from tournaments.movements import (
    howell,
    mitchell,
    pair_card,
    standard_movements,
    table_card,
)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: mitchell(2), "tables must be 3 to 50, got 2"),
        (lambda: mitchell(51), "tables must be 3 to 50, got 51"),
        (lambda: mitchell("7"), "tables must be 3 to 50, got '7'"),
        (lambda: mitchell(7, rounds=0), "rounds must be 1 to 7, got 0"),
        (lambda: mitchell(7, rounds=8), "rounds must be 1 to 7, got 8"),
        (lambda: mitchell(7, boards_per_round=0), "boards_per_round must be 1 to 10"),
        (lambda: mitchell(8, even="hesitation"), "even must be 'skip' or 'relay'"),
        (lambda: mitchell(7, pairs=12), "pairs must be 14 or 13 for 7 tables, got 12"),
        (lambda: mitchell(7, arrow_switch=[8]), "arrow_switch rounds must be 1 to 7"),
        (lambda: mitchell(7, pairs=13, phantom="N"), "phantom must be 'NS' or 'EW'"),
        (lambda: mitchell(7, phantom="NS"), "phantom is only for an odd number"),
        (lambda: howell(1), "tables must be 2 to 10, got 1"),
        (lambda: howell(11), "tables must be 2 to 10, got 11"),
        (lambda: howell(4, pairs=9), "pairs must be 8 or 7 for 4 tables, got 9"),
        (lambda: howell(4, boards_per_round=11), "boards_per_round must be 1 to 10"),
        (lambda: standard_movements(4), "pairs must be 5 to 100, got 4"),
        (lambda: standard_movements(101), "pairs must be 5 to 100, got 101"),
    ],
)
def test_bad_arguments_name_the_argument(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_the_movement_modules_use_the_standard_library_only():
    package = Path(__file__).resolve().parents[3] / "tournaments" / "movements"
    modules = sorted(package.glob("*.py"))
    assert {path.name for path in modules} >= {"__init__.py", "model.py"}
    for path in modules:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in sys.stdlib_module_names, (path, name)


def test_cards_refuse_a_missing_table_or_pair():
    m = mitchell(5)
    with pytest.raises(ValueError, match="table must be 1 to 5, got 6"):
        table_card(m, 6)
    with pytest.raises(KeyError):
        pair_card(m, 11)
