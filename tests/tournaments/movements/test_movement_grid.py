"""The round-table grid every movement shares, checked alike for pairs and Whiz."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournaments.movements import mitchell, validate
from tournaments.movements.validation import grid_problems
from tournaments.whiz.movements import check_whiz_movement, whiz_movement


def test_a_full_sorted_grid_has_no_problem() -> None:
    keys = [(r, t) for r in (1, 2) for t in (1, 2, 3)]
    assert grid_problems(keys, rounds=2, tables=3) == []


def test_the_grid_problems_in_the_order_listed() -> None:
    keys = [(1, 1), (1, 3), (1, 3), (1, 2), (2, 1), (2, 2), (3, 1)]
    assert grid_problems(keys, rounds=2, tables=3) == [
        "seatings are not sorted by round then table",
        "round 2 table 3: no seating",
        "round 1 table 3: listed 2 times",
        "round 3 table 1: outside the movement",
    ]


@pytest.mark.parametrize(
    ("movement", "check"),
    [(mitchell(5), validate), (whiz_movement(5, 2), check_whiz_movement)],
    ids=["pairs", "whiz"],
)
def test_pairs_and_whiz_report_a_broken_grid_alike(movement, check) -> None:
    first, second = movement.seatings[0], movement.seatings[1]
    doubled = replace(movement, seatings=(first, first, *movement.seatings[2:]))
    problems = check(doubled)
    assert "round 1 table 1: listed 2 times" in problems
    assert "round 1 table 2: no seating" in problems
    swapped = replace(movement, seatings=(second, first, *movement.seatings[2:]))
    assert "seatings are not sorted by round then table" in check(swapped)
    extra = replace(first, round=movement.rounds + 1)
    beyond = replace(movement, seatings=(*movement.seatings, extra))
    assert f"round {movement.rounds + 1} table 1: outside the movement" in check(beyond)
    assert check(movement) == []
