"""Whiz sit-outs (issue 32): a board a player has not reached yet is not a
board he sat out; only the boards his movement sits him out count."""

from __future__ import annotations

from scoring.whiz import WhizLine, score_whiz_session


def line(board: int, table: int, players: tuple[int, int, int], points) -> WhizLine:
    return WhizLine(
        board,
        table,
        dict(zip("NES", players, strict=True)),
        dict(zip("NES", points, strict=True)),
    )


# Seven players, two tables, one board a round (as test_whiz_scoring's
# SIT_OUT): 7 sits out board 1, 3 board 2, 6 board 3.  Round 1 and half of
# round 2 are in: table 2 has not entered board 2 yet.
SO_FAR = [
    line(1, 1, (1, 2, 3), (20, 0, 0)),
    line(1, 2, (4, 5, 6), (0, 5, 5)),
    line(2, 1, (7, 1, 5), (0, 16, 0)),
]
# Round 2 is reached: 7 and 3 have sat out; 6's round 3 is still to come.
SAT_OUT_SO_FAR = {7: {1}, 3: {2}}


def sat_out(score) -> dict[int, int]:
    return {s.player: s.sit_out_boards for s in score.standings}


def test_only_the_boards_the_movement_sat_a_player_out_count():
    score = score_whiz_session(SO_FAR, sit_outs=SAT_OUT_SO_FAR)
    # 2, 4 and 6 have not reached board 2 yet: they did not sit it out.
    assert sat_out(score) == {1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0, 7: 1}
    assert {s.player: s.boards for s in score.standings} == {
        1: 2, 2: 1, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1,
    }  # fmt: skip


def test_without_the_movement_every_board_missed_counts_as_before():
    score = score_whiz_session(SO_FAR)
    assert sat_out(score) == {1: 0, 2: 1, 3: 1, 4: 1, 5: 0, 6: 1, 7: 1}
