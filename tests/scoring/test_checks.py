"""The live checks' rules (scoring.checks): exact findings on exact lines."""

from __future__ import annotations

from scoring.checks import (
    BoardField,
    Finding,
    Played,
    SectionLine,
    line_checks,
    section_checks,
)


def dd(**spades: int) -> dict[str, dict[str, int]]:
    """A double-dummy table: 7 tricks everywhere, spades as given by seat."""
    return {
        seat: {"NT": 7, "S": spades.get(seat, 7), "H": 7, "D": 7, "C": 7}
        for seat in "NSEW"
    }


EW_GAME = (("4S", "E", 10),) * 4


def test_a_declarer_on_the_wrong_side_of_the_field_is_flagged_with_its_fix():
    # Every other table: 4S by East made, -420.  This one: 4S by North, +420.
    board = BoardField(1, "None", (-420,) * 4, played=EW_GAME)
    line = Played(1, "4S", "N", 10, 420)
    assert line_checks(line, board) == [
        Finding("direction", {"declarer": "E"}, {"score": -420})
    ]


def test_the_same_score_with_the_other_side_never_declaring_is_not_flagged():
    # The field made -420 in hearts: nobody played spades from East-West.
    board = BoardField(1, "None", (-420,) * 4, played=(("4H", "E", 10),) * 4)
    assert line_checks(Played(1, "4S", "N", 10, 420), board) == []


def test_a_direction_the_hand_record_explains_needs_no_field():
    # East makes 3 spade tricks double dummy, South 10: 4S by E "=" is South's.
    board = BoardField(1, "None", dd=dd(N=10, S=10, E=3, W=3))
    line = Played(1, "4S", "E", 10, -420)
    assert line_checks(line, board) == [
        Finding("direction", {"declarer": "S"}, {"score": 420})
    ]


def test_a_score_typed_with_the_wrong_sign_is_flagged():
    board = BoardField(1, "None", (420,) * 4)
    assert line_checks(Played(1, "", "", None, -420), board) == [
        Finding("sign", {"score_ns": 420}, {"score": 420})
    ]


def test_a_contract_entry_is_never_flagged_for_its_sign():
    board = BoardField(1, "None", (420,) * 4)
    found = line_checks(Played(1, "4S", "E", 10, -420), board)
    assert [f.code for f in found] == []


def test_a_score_another_table_made_has_no_sign_to_reverse():
    board = BoardField(1, "None", (420, 420, 420, 420, -420))
    assert line_checks(Played(1, "", "", None, -420), board) == []


def test_a_line_entered_under_the_wrong_board_of_its_round_is_flagged():
    # 3NT= by N is +400 on board 1 (nobody vulnerable), +600 on board 2 (NS).
    board = BoardField(1, "None", (-100,) * 4)
    other = BoardField(2, "NS", (600,) * 4)
    line = Played(1, "3NT", "N", 9, 400)
    assert line_checks(line, board, [other]) == [
        Finding("board", {"board": 2}, {"board": 2, "score": 600})
    ]


def test_a_line_near_its_own_field_is_not_moved():
    board = BoardField(1, "None", (400, 430, -100, -100))
    other = BoardField(2, "NS", (600,) * 4)
    assert line_checks(Played(1, "3NT", "N", 9, 400), board, [other]) == []


def test_tricks_three_away_from_double_dummy_are_flagged():
    board = BoardField(1, "None", dd=dd(N=10, S=10, E=3, W=3))
    line = Played(1, "4S", "N", 6, -200)
    assert line_checks(line, board) == [
        Finding("double_dummy", {}, {"tricks": 6, "dd": 10})
    ]


def test_two_tricks_from_double_dummy_are_not():
    board = BoardField(1, "None", dd=dd(N=10, S=10, E=3, W=3))
    assert line_checks(Played(1, "4S", "N", 8, -100), board) == []


def test_a_hand_record_most_tables_contradict_is_not_read():
    # Three tables took 6 spade tricks where the hand record says 10: it is
    # not this board's deal, so the fourth's 6 tricks are not flagged.
    board = BoardField(
        1, "None", (-200,) * 3, dd=dd(N=10, S=10), played=(("4S", "N", 6),) * 3
    )
    assert line_checks(Played(1, "4S", "N", 6, -200), board) == []


def test_a_score_far_from_a_field_that_agrees_is_flagged():
    board = BoardField(1, "None", (420, 420, 450, 420, 420, 420))
    assert line_checks(Played(1, "4S", "N", 8, -100), board) == [
        Finding("field", {}, {"score": 420})
    ]


def test_a_field_of_five_or_a_field_that_disagrees_says_nothing():
    five = BoardField(1, "None", (420,) * 5)
    spread = BoardField(1, "None", (420, 420, 450, 420, 420, 170))
    line = Played(1, "4S", "N", 8, -100)
    assert line_checks(line, five) == []
    assert line_checks(line, spread) == []


def test_passed_out_and_adjusted_lines_are_never_flagged():
    board = BoardField(1, "None", (420,) * 6, dd=dd(N=10))
    assert line_checks(Played(1, "Pass", "", None, 0), board) == []
    assert line_checks(Played(1, "", "", None, None), board) == []


def test_a_section_is_checked_line_by_line_against_the_others():
    # Five tables played board 1 (4S by E made), the sixth entered North.
    lines = [
        SectionLine(key, key, 10 + key, Played(1, "4S", "E", 10, -420))
        for key in range(1, 6)
    ]
    lines.append(SectionLine(6, 6, 16, Played(1, "4S", "N", 10, 420)))
    boards = {1: BoardField(1, "None")}
    assert section_checks(lines, boards) == {
        6: [Finding("direction", {"declarer": "E"}, {"score": -420})]
    }
