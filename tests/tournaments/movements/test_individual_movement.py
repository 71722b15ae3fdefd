"""Individual movements for tables of four (Barbu)."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.barbu.movement import SEATS, individual_movement


@pytest.mark.parametrize("tables", range(1, 13))
@pytest.mark.parametrize("rounds", [1, 4, 7])
def test_every_player_sits_once_a_round_in_his_own_seat(tables, rounds):
    movement = individual_movement(tables, rounds)
    assert len(movement.seatings) == tables * rounds
    for number in range(1, rounds + 1):
        seated = [
            p for t in range(1, tables + 1) for p in movement.seating(number, t).players
        ]
        assert sorted(seated) == list(range(1, 4 * tables + 1))
    for seating in movement.seatings:
        for seat, player in zip(SEATS, seating.players, strict=True):
            assert movement.seat_of(player) == seat


@pytest.mark.parametrize("tables", range(1, 13))
def test_over_four_rounds_every_player_declares_once(tables):
    movement = individual_movement(tables, 4)
    declared = Counter(
        seating.players[SEATS.index(seating.declarer_seat)]
        for seating in movement.seatings
    )
    assert declared == Counter(range(1, 4 * tables + 1))


@pytest.mark.parametrize("tables", range(5, 13))
def test_from_five_tables_nobody_meets_anybody_twice_in_a_game(tables):
    meetings = individual_movement(tables, 4).meetings()
    assert max(meetings.values()) == 1
    assert len(meetings) == 4 * tables * 3 * 4 // 2


def test_round_one_seats_players_in_order():
    movement = individual_movement(3, 4)
    assert [s.players for s in movement.seatings[:3]] == [
        (1, 4, 7, 10),
        (2, 5, 8, 11),
        (3, 6, 9, 12),
    ]


@pytest.mark.parametrize(("tables", "rounds"), [(0, 4), (13, 4), (3, 0), (3, 13)])
def test_bad_arguments_name_themselves(tables, rounds):
    with pytest.raises(ValueError, match=r"tables|rounds"):
        individual_movement(tables, rounds)
