"""Duplicate Bridgeote: individual marks compared seat by seat.

A hand-worked 5-player deal played at three tables (rule book 003 marks,
``games.bridgeote.individual``), the same cards in each seat:

- table 1: seat 2 takes 100 ♥ with seat 4, 110 card points and a Bridgeote
  (30): made. Marks (50, 50, 100, 50, 100).
- table 2: seat 2 takes 120 ♥ with seat 4, 100 card points + 30 = 130 >=
  120: made. Attackers 120, defenders 160 - 100 = 60: (60, 60, 120, 60, 120).
- table 3: seat 1 takes 100 ♥ contré with seat 2, 60 + 30 = 90 < 100: down,
  each defender (160 + 30) x 2 = 380: (380, 0, 0, 380, 380).

Matchpoints by seat, 2 per mark beaten, top 2 x (3 - 1) = 4:
  seat 0: 50, 60, 380 -> 0, 2, 4     seat 1: 50, 60, 0 -> 2, 4, 0
  seat 2: 100, 120, 0 -> 2, 4, 0     seat 3: as seat 0   seat 4: 100, 120, 380
  -> 0, 2, 4.
"""

from __future__ import annotations

import pytest

from games.bridgeote.individual import TableDeal, seat_marks
from scoring.bridgeote import TablePlay, individual_standings, seat_matchpoints

TABLES = [
    ("a", "b", "c", "d", "e"),
    ("f", "g", "h", "i", "j"),
    ("k", "l", "m", "n", "o"),
]
DEALS = [
    TableDeal(5, "100H", taker=2, partner=4, taker_points=110, taker_announced=30),
    TableDeal(5, "120H", taker=2, partner=4, taker_points=100, taker_announced=30),
    TableDeal(5, "100HX", taker=1, partner=2, taker_points=60, taker_announced=30),
]


def plays() -> list[TablePlay]:
    return [
        TablePlay(1, players, seat_marks(deal))
        for players, deal in zip(TABLES, DEALS, strict=True)
    ]


def test_the_marks_of_the_three_tables() -> None:
    assert [play.marks for play in plays()] == [
        (50, 50, 100, 50, 100),
        (60, 60, 120, 60, 120),
        (380, 0, 0, 380, 380),
    ]


def test_each_seat_is_matchpointed_against_the_same_seat() -> None:
    scored = seat_matchpoints(plays())
    assert [[seat.mp for seat in seats] for seats in scored] == [
        [0, 2, 2, 0, 0],
        [2, 4, 4, 2, 2],
        [4, 0, 0, 4, 4],
    ]
    assert {seat.top for seats in scored for seat in seats} == {4}
    # Every seat's matchpoints add up to 2 x 3 x 2 / 2 = 6.
    for seat in range(5):
        assert sum(seats[seat].mp for seats in scored) == 6


def test_the_standings_rank_on_percentage_then_marks() -> None:
    """Five players earned the top, 4 of 4 = 100 %: k, n, o (marks 380 each,
    tied "1="), then h (120), then g (60). Five earned 0 of 4: e (marks 100),
    a and d (50, "12="), l and m (0, "14=")."""
    standings = individual_standings(plays())
    top = [(s.player, s.pct, s.points, s.rank) for s in standings[:5]]
    assert top == [
        ("k", 100.0, 380, "1="),
        ("n", 100.0, 380, "1="),
        ("o", 100.0, 380, "1="),
        ("h", 100.0, 120, "4"),
        ("g", 100.0, 60, "5"),
    ]
    last = {s.player: (s.pct, s.rank) for s in standings[-5:]}
    # a, d, e, l, m: 0 of 4; marks 50, 50, 100, 0, 0.
    assert last == {
        "e": (0.0, "11"),
        "a": (0.0, "12="),
        "d": (0.0, "12="),
        "l": (0.0, "14="),
        "m": (0.0, "14="),
    }


def test_a_deal_at_one_table_counts_its_marks_but_no_percentage() -> None:
    alone = [TablePlay(9, ("p", "q", "r"), (130, 130, 110))]
    standings = individual_standings(alone)
    assert {(s.player, s.pct, s.points, s.tops) for s in standings} == {
        ("p", 50.0, 130, 0.0),
        ("q", 50.0, 130, 0.0),
        ("r", 50.0, 110, 0.0),
    }


def test_tables_of_different_sizes_are_not_compared() -> None:
    mixed = [TablePlay(1, ("a", "b", "c"), (1, 2, 3)),
             TablePlay(1, ("d", "e", "f", "g", "h"), (1, 2, 3, 4, 5))]  # fmt: skip
    with pytest.raises(ValueError, match="one size"):
        seat_matchpoints(mixed)
    with pytest.raises(ValueError, match="3 players but 2 marks"):
        seat_matchpoints([TablePlay(1, ("a", "b", "c"), (1, 2))])
