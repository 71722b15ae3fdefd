"""Barbu's individual movement with sit-outs: every count from 5 to 51."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.barbu.sitout import sitout_movement

COUNTS = [n for n in range(5, 52) if n % 4]


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("rounds", [1, 4, 7])
def test_every_player_plays_or_sits_out_each_round(players, rounds) -> None:
    movement = sitout_movement(players, rounds)
    tables, out = divmod(players, 4)
    assert movement.tables == tables and movement.rounds == rounds
    assert len(movement.seatings) == tables * rounds
    for number in range(1, rounds + 1):
        seated = [p for s in movement.seatings if s.round == number for p in s.players]
        resting = movement.sitting_out(number)
        assert len(resting) == out
        assert sorted(seated + list(resting)) == list(range(1, players + 1))


@pytest.mark.parametrize("players", COUNTS)
def test_nobody_sits_out_twice_before_everyone_has_once(players) -> None:
    rounds = 12
    movement = sitout_movement(players, rounds)
    seen: Counter[int] = Counter()
    for resting in movement.sit_outs:
        seen.update(resting)
        # After every round: a second sit-out only once every player has had
        # a first, and so on.
        counts = [seen[p] for p in range(1, players + 1)]
        assert max(counts) - min(counts) <= 1
    counts = [seen[p] for p in range(1, players + 1)]
    assert max(counts) - min(counts) <= 1
    assert sum(counts) == rounds * (players % 4)


@pytest.mark.parametrize("players", COUNTS)
def test_over_four_rounds_nobody_declares_twice(players) -> None:
    movement = sitout_movement(players, 4)
    declarers = Counter(
        s.players["NESW".index(s.declarer_seat)] for s in movement.seatings
    )
    assert max(declarers.values()) == 1
    assert sum(declarers.values()) == 4 * (players // 4)


def test_eleven_players_the_issue_shape() -> None:
    # 11 players: 2 tables, 3 sit out a round; over 4 rounds 12 sit-outs:
    # everyone once, player 1 a second time in round 4.
    movement = sitout_movement(11, 4)
    assert movement.sit_outs == ((1, 2, 3), (4, 5, 6), (7, 8, 9), (1, 10, 11))
    # Nobody meets anybody more than twice.
    assert max(movement.meetings().values()) == 2


@pytest.mark.parametrize(
    ("players", "most"), [(9, 2), (13, 2), (15, 2), (23, 1), (51, 1)]
)
def test_meetings_stay_spread_over_four_rounds(players, most) -> None:
    assert max(sitout_movement(players, 4).meetings().values()) == most


@pytest.mark.parametrize(("players", "rounds"), [(4, 4), (8, 4), (3, 4), (52, 4)])
def test_counts_without_sit_outs_or_out_of_range_are_refused(players, rounds) -> None:
    with pytest.raises(ValueError):
        sitout_movement(players, rounds)


def test_players_change_seats_so_seat_of_has_no_answer() -> None:
    with pytest.raises(ValueError, match="change seats"):
        sitout_movement(5, 4).seat_of(1)
