"""Pairs movements: the guide cards of tables and pairs, and board ranges."""

from __future__ import annotations

from tournaments.movements import (
    format_boards,
    howell,
    mitchell,
    pair_card,
    set_boards,
    table_card,
)


def test_the_table_card_of_a_relay_mitchell():
    m = mitchell(6, even="relay", boards_per_round=4)
    card = table_card(m, 1)
    assert card[0] == {
        "round": 1,
        "ns": "1NS",
        "ew": "1EW",
        "board_set": 1,
        "boards": "1-4",
        "board_numbers": (1, 2, 3, 4),
        "sit_out": False,
        "arrow_switch": False,
        "shared_with": (6,),
    }
    assert table_card(m, 2)[0]["shared_with"] == ()
    assert [row["ew"] for row in card] == ["1EW", "6EW", "5EW", "4EW", "3EW", "2EW"]


def test_the_pair_card_says_where_to_go_next():
    m = mitchell(7)
    card = pair_card(m, 8)  # 1EW
    assert [row["table"] for row in card] == [1, 2, 3, 4, 5, 6, 7]
    assert card[0] == {
        "round": 1,
        "table": 1,
        "direction": "EW",
        "opponents": "1NS",
        "board_set": 1,
        "boards": "1-3",
        "board_numbers": (1, 2, 3),
        "sit_out": False,
        "next_table": 2,
        "next_direction": "EW",
    }
    assert card[-1]["next_table"] is None and card[-1]["next_direction"] is None
    h = howell(3)
    assert [row["opponents"] for row in pair_card(h, 6)] == ["1", "2", "3", "4", "5"]


def test_board_formatting():
    assert format_boards((1, 2, 3)) == "1-3"
    assert format_boards([7]) == "7"
    assert format_boards([5, 1, 2]) == "1-2, 5"
    assert set_boards(3, 4) == (9, 10, 11, 12)
