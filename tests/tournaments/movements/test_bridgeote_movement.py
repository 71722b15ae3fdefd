"""The Bridgeote individual movement: seats kept, tables moved, deals shared."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.bridgeote.movement import BridgeoteMovement


@pytest.mark.parametrize(("tables", "size", "rounds"), [(2, 5, 2), (3, 3, 3),
                                                        (5, 5, 5), (7, 7, 7),
                                                        (4, 6, 4)])  # fmt: skip
def test_everyone_plays_once_a_round_in_his_own_seat(tables, size, rounds):
    movement = BridgeoteMovement(tables, size, rounds, 2)
    for round in range(1, rounds + 1):
        seated = [
            (seat, player)
            for table in range(1, tables + 1)
            for seat, player in enumerate(movement.seating(round, table).players)
        ]
        assert sorted(player for _seat, player in seated) == list(
            range(1, tables * size + 1)
        )
        # Seat s is held by players s * T + 1 ... s * T + T, every round.
        assert all((player - 1) // tables == seat for seat, player in seated)


@pytest.mark.parametrize(("tables", "size"), [(5, 5), (7, 7), (5, 3), (7, 5)])
def test_with_a_prime_number_of_tables_nobody_meets_twice(tables, size):
    """T prime and at most T seats: seats s and s' shift apart by (s' - s)(r - 1)
    tables, never 0 mod T within T rounds but in round 1."""
    movement = BridgeoteMovement(tables, size, tables, 1)
    met = Counter(
        frozenset(pair)
        for seating in movement.seatings
        for pair in combinations(seating.players, 2)
    )
    assert max(met.values()) == 1
    # Every two players of different seats meet exactly once: C(size, 2)
    # pairs of seats, T x T players each (5 a table, 5 tables: 10 x 25 = 250).
    assert len(met) == (size * (size - 1) // 2) * tables * tables


def test_every_table_plays_the_rounds_deals():
    movement = BridgeoteMovement(3, 5, 2, 4)
    assert {movement.seating(2, t).deals for t in (1, 2, 3)} == {(5, 6, 7, 8)}


@pytest.mark.parametrize(
    "shape", [(0, 5, 1, 1), (2, 4, 1, 1), (2, 8, 1, 1), (2, 5, 0, 1),
              (2, 5, 13, 1), (2, 5, 1, 0), (2, 5, 1, 9), (21, 5, 1, 1)],
)  # fmt: skip
def test_impossible_shapes_are_refused(shape):
    with pytest.raises(ValueError):
        BridgeoteMovement(*shape)


def test_the_movement_seats_the_rule_books_table_sizes():
    """The movement keeps its own copy of the table sizes (movements use the
    standard library only): it must be the rule book's."""
    from games.bridgeote.individual import INDIVIDUAL_TABLES
    from tournaments.bridgeote.movement import TABLE_SIZES

    assert TABLE_SIZES == INDIVIDUAL_TABLES == (3, 5, 6, 7)
