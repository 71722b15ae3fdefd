"""An individual's players scored on their sides' matchpoints, worked by hand.

Three boards, top 4 each (3 lines, 2 per score beaten):

* board 1: N-S players 1 and 2 score 4 MP, E-W players 3 and 4 score 0;
* board 2: players 1 and 3 score 2, players 2 and 4 score 2;
* board 3: player 5 (who sat out boards 1 and 2) and player 1 score 3,
  players 2 and 4 score 1 (player 3 sat it out).

Player 1: 4 + 2 + 3 = 9 of 12 = 75 %; player 2: 4 + 2 + 1 = 7 of 12 =
58.33 %; player 3: 0 + 2 = 2 of 8 = 25 %; player 4: 0 + 2 + 1 = 3 of 12 =
25 %; player 5: 3 of 4 = 75 % (the boards he sat out count for nothing).
Ranks: 1 and 5 share first ("1="), 2 is third, 3 and 4 share fourth ("4=").
"""

from __future__ import annotations

from scoring.individual_bridge import SideScore, rank_players


def test_each_player_scores_his_sides_matchpoints_over_the_boards_he_played():
    sides = [
        SideScore((1, 2), 4, 4), SideScore((3, 4), 0, 4),
        SideScore((1, 3), 2, 4), SideScore((2, 4), 2, 4),
        SideScore((5, 1), 3, 4), SideScore((2, 4), 1, 4),
    ]  # fmt: skip
    ranking = rank_players(sides)
    assert [(s.player, s.mp, s.top, s.pct, s.boards, s.rank) for s in ranking] == [
        (1, 9, 12, 75.0, 3, "1="),
        (5, 3, 4, 75.0, 1, "1="),
        (2, 7, 12, 58.33, 3, "3"),
        (3, 2, 8, 25.0, 2, "4="),
        (4, 3, 12, 25.0, 3, "4="),
    ]


def test_no_board_no_player():
    assert rank_players([]) == []
