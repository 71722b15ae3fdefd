"""Chinese bridge rankings (``scoring.chinese``): match score then points, a
bye a win, an unfinished match not counted; in duplicate the percentage of
the tops over the hands held, 50 % for a player with no top."""

from __future__ import annotations

from scoring.chinese import (
    ChineseStanding,
    DuplicateHand,
    MatchLine,
    duplicate_standings,
    standings,
)


def test_match_score_then_points_a_bye_a_win_an_unfinished_match_left_out():
    matches = [
        MatchLine("ann", "bob", 7, 4),
        MatchLine("cat", "dan", 5, 5),
        MatchLine("ann", "cat", 3, 8),
        MatchLine("bob", None),
        MatchLine("dan", "bob", 9, 0, complete=False),
    ]
    assert standings(matches, ["ann", "bob", "cat", "dan"]) == [
        ChineseStanding("cat", 1.5, 13, 2, "1"),
        ChineseStanding("ann", 1.0, 10, 2, "2"),
        ChineseStanding("bob", 1.0, 4, 1, "3"),
        ChineseStanding("dan", 0.5, 5, 1, "4"),
    ]


def test_level_players_share_the_place():
    matches = [MatchLine("ann", "bob", 6, 6)]
    assert [s.rank for s in standings(matches, ["ann", "bob", "cat"])] == [
        "1=",
        "1=",
        "3",
    ]


def test_duplicate_ranks_on_the_percentage_of_the_tops():
    hands = [
        DuplicateHand((1, 1), "ann", "bob", 7, 4),
        DuplicateHand((1, 1), "cat", "dan", 5, 6),
    ]
    ranked = duplicate_standings(hands, ["ann", "bob", "cat", "dan", "eve"])
    assert [(s.player, s.score, s.points, s.played) for s in ranked] == [
        ("ann", 100.0, 7, 1),
        ("dan", 100.0, 6, 1),
        ("eve", 50.0, 0, 0),
        ("bob", 0.0, 4, 1),
        ("cat", 0.0, 5, 1),
    ]
