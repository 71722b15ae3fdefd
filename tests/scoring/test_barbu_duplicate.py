"""Duplicate Barbu scoring: a two-table round worked by hand."""

from __future__ import annotations

import pytest

from scoring.barbu_duplicate import DuplicateDeal, rank_duplicate, seat_matchpoints

# Round 1, two tables, the same hands. Players a-d at table 1 (N E S W),
# e-h at table 2. Two contracts shown (the others would add the same way):
#
# Barbu (king -20): table 1 E took the king, table 2 S did.
#   t1  N 0  E -20  S 0    W 0
#   t2  N 0  E 0    S -20  W 0
# Trump (+5 a trick): table 1 N4 E3 S3 W3, table 2 N5 E3 S3 W2.
#   t1  N 20  E 15  S 15  W 15
#   t2  N 25  E 15  S 15  W 10
#
# Seat by seat, 2 for beating the other table's seat, 1 for a tie (top 2):
#   Barbu  N 1/1  E 0/2  S 2/0  W 1/1
#   Trump  N 0/2  E 1/1  S 1/1  W 2/0
# a (t1 N) 1 + 0 = 1 of 4 = 25 %      e (t2 N) 1 + 2 = 3 of 4 = 75 %
# b (t1 E) 0 + 1 = 1       = 25 %      f (t2 E) 2 + 1 = 3       = 75 %
# c (t1 S) 2 + 1 = 3       = 75 %      g (t2 S) 0 + 1 = 1       = 25 %
# d (t1 W) 1 + 2 = 3       = 75 %      h (t2 W) 1 + 0 = 1       = 25 %
# Every seat shares 2 matchpoints a contract: 2 x 4 x 2 = 16 = 4 x 3 + 4 x 1.
T1 = dict(zip("NESW", "abcd", strict=True))
T2 = dict(zip("NESW", "efgh", strict=True))
POINTS = {
    ("barbu", 1): {"N": 0, "E": -20, "S": 0, "W": 0},
    ("barbu", 2): {"N": 0, "E": 0, "S": -20, "W": 0},
    ("trump", 1): {"N": 20, "E": 15, "S": 15, "W": 15},
    ("trump", 2): {"N": 25, "E": 15, "S": 15, "W": 10},
}


def deals() -> list[DuplicateDeal]:
    return [
        DuplicateDeal(
            board=(1, contract),
            table=table,
            seats={s: ((T1 if table == 1 else T2)[s], p) for s, p in points.items()},
        )
        for (contract, table), points in POINTS.items()
    ]


def test_one_contract_seat_by_seat() -> None:
    scored = seat_matchpoints({1: POINTS[("barbu", 1)], 2: POINTS[("barbu", 2)]})
    assert scored == {
        1: {"N": 1.0, "E": 0.0, "S": 2.0, "W": 1.0},
        2: {"N": 1.0, "E": 2.0, "S": 0.0, "W": 1.0},
    }


def test_a_two_table_round_by_hand() -> None:
    totals = {t.player: t for t in rank_duplicate(deals())}
    assert {p: t.matchpoints for p, t in totals.items()} == {
        "a": 1, "b": 1, "c": 3, "d": 3, "e": 3, "f": 3, "g": 1, "h": 1,
    }  # fmt: skip
    assert all(t.top == 4 and t.deals == 2 for t in totals.values())
    assert {p: t.percentage for p, t in totals.items()} == {
        "a": 25, "b": 25, "c": 75, "d": 75, "e": 75, "f": 75, "g": 25, "h": 25,
    }  # fmt: skip
    # Raw points still add up: c 0 + 15, d 0 + 15, f 0 + 15, e 0 + 25.
    assert (totals["c"].points, totals["e"].points, totals["b"].points) == (
        15,
        25,
        -5,
    )
    # Four share first place, four the fifth.
    assert sorted((t.rank, p) for p, t in totals.items()) == [
        ("1=", "c"), ("1=", "d"), ("1=", "e"), ("1=", "f"),
        ("5=", "a"), ("5=", "b"), ("5=", "g"), ("5=", "h"),
    ]  # fmt: skip


def test_three_tables_top_four() -> None:
    # N scores 0, 0, -20 on Barbu at three tables: 3, 3, 0 (top 4).
    scored = seat_matchpoints(
        {
            1: {"N": 0, "E": -20, "S": 0, "W": 0},
            2: {"N": 0, "E": 0, "S": 0, "W": -20},
            3: {"N": -20, "E": 0, "S": 0, "W": 0},
        }
    )
    assert [scored[t]["N"] for t in (1, 2, 3)] == [3.0, 3.0, 0.0]
    assert [scored[t]["S"] for t in (1, 2, 3)] == [2.0, 2.0, 2.0]


def test_a_deal_played_at_one_table_only_has_no_top() -> None:
    # Table 2 has not entered Trump yet: only Barbu counts so far.
    only = [d for d in deals() if d.board != (1, "trump") or d.table == 1]
    totals = {t.player: t for t in rank_duplicate(only)}
    assert (totals["a"].matchpoints, totals["a"].top) == (1, 2)
    assert totals["a"].percentage == 50
    assert (totals["c"].matchpoints, totals["c"].top, totals["c"].deals) == (2, 2, 2)


def test_the_same_table_twice_on_a_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        rank_duplicate([*deals(), deals()[0]])
