"""Ranking players on their totals (Barbu)."""

from __future__ import annotations

from scoring.individual import PlayerTotal, rank_totals


def test_totals_ranks_and_shared_places():
    deals = [
        {"A": -10, "B": -8, "C": -6, "D": 4},
        {"A": 45, "B": 20, "C": 10, "D": -10},
        {"E": -26, "B": 0},
    ]
    assert rank_totals(deals) == [
        PlayerTotal("A", 35, 2, "1"),
        PlayerTotal("B", 12, 3, "2"),
        PlayerTotal("C", 4, 2, "3"),
        PlayerTotal("D", -6, 2, "4"),
        PlayerTotal("E", -26, 1, "5"),
    ]


def test_level_players_share_the_place_in_order_of_appearance():
    ranking = rank_totals([{"A": 5, "B": 5, "C": 0}])
    assert [(t.player, t.rank) for t in ranking] == [
        ("A", "1="),
        ("B", "1="),
        ("C", "3"),
    ]


def test_no_deal_no_line():
    assert rank_totals([]) == []
