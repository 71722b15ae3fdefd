"""Duplicate bridge: the board table, dealer and vulnerability of each board."""

from __future__ import annotations

import pytest

from games import GameError, Seat
from games.bridge import (
    board_dealer,
    board_vulnerability,
    is_vulnerable,
    parse_vulnerability,
)

BOARDS = [
    (1, "N", "None"),
    (2, "E", "NS"),
    (3, "S", "EW"),
    (4, "W", "All"),
    (5, "N", "NS"),
    (6, "E", "EW"),
    (7, "S", "All"),
    (8, "W", "None"),
    (9, "N", "EW"),
    (10, "E", "All"),
    (11, "S", "None"),
    (12, "W", "NS"),
    (13, "N", "All"),
    (14, "E", "None"),
    (15, "S", "NS"),
    (16, "W", "EW"),
]


@pytest.mark.parametrize(("board", "dealer", "vulnerability"), BOARDS)
def test_it_knows_dealer_and_vulnerability_of_each_board(
    board: int, dealer: str, vulnerability: str
) -> None:
    assert board_dealer(board) == dealer
    assert board_vulnerability(board) == vulnerability


@pytest.mark.parametrize(("board", "dealer", "vulnerability"), BOARDS)
def test_it_repeats_the_board_table_every_16_boards(
    board: int, dealer: str, vulnerability: str
) -> None:
    for later in (board + 16, board + 32, board + 160):
        assert board_dealer(later) == dealer
        assert board_vulnerability(later) == vulnerability


@pytest.mark.parametrize("board", [0, -1, "1", 1.0, True, None])
def test_it_rejects_a_board_number_that_is_not_a_positive_integer(
    board: object,
) -> None:
    with pytest.raises(GameError, match="Board number"):
        board_dealer(board)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="Board number"):
        board_vulnerability(board)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("board", "seat", "vulnerable"),
    [
        (1, "N", False),
        (2, "N", True),
        (2, "E", False),
        (3, "S", False),
        (3, Seat.W, True),
        (4, "E", True),
        (4, "S", True),
    ],
)
def test_it_says_whether_a_seat_is_vulnerable(
    board: int, seat: str | Seat, vulnerable: bool
) -> None:
    assert is_vulnerable(board, seat) is vulnerable


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Love", "None"),
        ("-", "None"),
        ("none", "None"),
        ("Both", "All"),
        ("ALL", "All"),
        ("ns", "NS"),
        ("E-W", "EW"),
    ],
)
def test_it_reads_vulnerability_synonyms(text: str, canonical: str) -> None:
    assert parse_vulnerability(text) == canonical
