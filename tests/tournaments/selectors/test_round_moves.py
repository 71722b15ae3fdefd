"""The move the room is told at the end of a round, read from the movement:
a Mitchell's plain, skip and relay rounds, the arrow switch, a Howell, the
last round, and an imported section (no movement)."""

from __future__ import annotations

from tournaments.movements import howell, mitchell
from tournaments.selectors.round_moves import round_move

PLAIN = "NS stay, EW up one table, boards down one table."


def test_a_plain_mitchell_keeps_ns_and_moves_ew_up_and_the_boards_down():
    movement = mitchell(7, boards_per_round=3)
    assert [round_move(movement, r) for r in range(1, 7)] == [[PLAIN]] * 6
    assert round_move(movement, 7) == ["Last round played: the session is over."]


def test_the_skip_round_of_an_even_mitchell_moves_ew_up_two_tables():
    movement = mitchell(6, boards_per_round=3, even="skip")
    assert round_move(movement, 2) == [PLAIN]
    assert round_move(movement, 3) == [
        "NS stay, EW up two tables (the skip), boards down one table."
    ]
    assert round_move(movement, 4) == [PLAIN]


def test_a_relay_mitchell_says_its_boards_pass_the_relay_and_bye_stand():
    movement = mitchell(6, boards_per_round=3, even="relay")
    assert round_move(movement, 1) == [
        "NS stay, EW up one table, boards down one table, "
        "through the relay and the bye stand."
    ]


def test_the_arrow_switch_is_announced_before_its_round_and_ended_after():
    movement = mitchell(7, boards_per_round=3, arrow_switch=[4])
    assert round_move(movement, 3) == [
        PLAIN,
        "Round 4 is an arrow-switch round: NS pairs sit E-W, EW pairs sit N-S.",
    ]
    assert round_move(movement, 4) == [
        PLAIN,
        "Arrow switch over: every pair takes its own direction again.",
    ]
    assert round_move(movement, 5) == [PLAIN]


def test_two_arrow_switch_rounds_in_a_row_are_announced_once():
    movement = mitchell(7, boards_per_round=3, arrow_switch=[6, 7])
    assert len(round_move(movement, 5)) == 2
    assert round_move(movement, 6) == [PLAIN]
    assert round_move(movement, 7) == ["Last round played: the session is over."]


def test_a_howell_sends_the_pairs_to_their_table_cards():
    movement = howell(4, boards_per_round=2)
    assert round_move(movement, 1) == ["Pairs and boards move as the table cards say."]


def test_an_imported_section_has_no_move():
    assert round_move(None, 1) == []


def test_the_move_is_said_in_french_too():
    from django.utils import translation

    movement = mitchell(6, boards_per_round=3, even="skip")
    with translation.override("fr"):
        assert round_move(movement, 3) == [
            "NS restent, EO montent de deux tables (le saut), "
            "les étuis descendent d'une table."
        ]
