"""Individual bridge movements for 8 to 28 players, proven size by size.

Every committed schedule (5 to 7 rounds; the round's set shared by every
table, or sets moving as in a Howell from 3 tables) passes the validator,
and the properties an individual promises are counted again here, apart
from it: nobody partners anybody twice, opponents met no more than the
schedule's limit (the even bound ``ceil(2R / (n - 1))``, or one more where
the search found no better; up to two more with Howell-like sets, whose
fixed board path leaves the search little room), sit-outs one a round
for each player left over, spread to within one, nobody playing a set
twice, each board played equally often, and a set at one table at a time
unless the round's boards are passed round every table.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import product

import pytest

from tournaments.individual.movement import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    MIN_ROUNDS,
    individual_schedule,
    layout_key,
    opponent_bound,
    table_count,
)
from tournaments.individual.movement_checks import problems

SIZES = range(MIN_PLAYERS, MAX_PLAYERS + 1)
ROUNDS = range(MIN_ROUNDS, MAX_ROUNDS + 1)
SHAPES = [
    (players, rounds, boards)
    for players in SIZES
    for rounds in ROUNDS
    for boards in sorted({table_count(players), 1 if players >= 12 else 2})
]


@pytest.mark.parametrize(("players", "rounds", "boards"), SHAPES)
def test_every_size_is_sound(players, rounds, boards):
    schedule = individual_schedule(players, rounds, boards)
    assert problems(schedule) == []
    tables = players // 4
    assert schedule.tables == tables
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    plays: Counter[int] = Counter()
    sets: Counter[tuple[int, int]] = Counter()
    for s in schedule.seatings:
        assert len(set(s.players)) == 4
        partners.update((frozenset(s.ns), frozenset(s.ew)))
        opponents.update(frozenset(pair) for pair in product(s.ns, s.ew))
        plays.update(s.boards)
        sets.update((p, s.board_set) for p in s.players)
    assert max(partners.values()) == 1
    tight = opponent_bound(players, rounds)
    assert max(opponents.values()) <= schedule.opponent_limit
    most = tight + (1 if schedule.shared_boards else 2)
    assert schedule.opponent_limit <= most, layout_key(
        players, rounds, schedule.shared_boards
    )
    assert max(sets.values()) == 1  # nobody plays a set twice
    assert len(set(plays.values())) == 1  # each board played equally often
    out = Counter(p for sitting in schedule.sit_outs for p in sitting)
    assert all(len(sitting) == players % 4 for sitting in schedule.sit_outs)
    spread = [out[p] for p in range(1, players + 1)]
    assert max(spread) - min(spread) <= 1
    if not schedule.shared_boards:
        at = Counter((s.round, s.board_set) for s in schedule.seatings)
        assert max(at.values()) == 1  # a set at one table a round


def test_eight_players_over_seven_rounds_is_a_whole_whist_tournament():
    """8 players, 7 rounds: each partners each of the 7 others exactly once
    and opposes each exactly twice (a complete Wh(8))."""
    schedule = individual_schedule(8, 7, 2)
    partners = Counter(
        frozenset(side) for s in schedule.seatings for side in (s.ns, s.ew)
    )
    opponents = Counter(
        frozenset(pair) for s in schedule.seatings for pair in product(s.ns, s.ew)
    )
    assert len(partners) == 28 and set(partners.values()) == {1}
    assert len(opponents) == 28 and set(opponents.values()) == {2}


def test_the_validator_names_a_partner_twice_and_a_replayed_set():
    schedule = individual_schedule(16, 7, 1)
    first, second = schedule.seatings[0], schedule.seatings[schedule.tables]
    # Round 2, table 1 given round 1 table 1's players: the same partners again,
    # and players at round 1's set of table 1 or meeting it twice.
    broken = dataclasses.replace(
        schedule,
        seatings=(
            *schedule.seatings[: schedule.tables],
            dataclasses.replace(second, players=first.players),
            *schedule.seatings[schedule.tables + 1 :],
        ),
    )
    found = problems(broken)
    assert any("partner 2 times" in problem for problem in found)
    assert any("is placed" in problem for problem in found)


def test_too_few_boards_for_two_tables_is_refused():
    with pytest.raises(ValueError, match="boards_per_round"):
        individual_schedule(9, 7, 1)


@pytest.mark.parametrize(("players", "rounds"), [(7, 7), (29, 7), (12, 4), (12, 8)])
def test_sizes_outside_the_range_are_refused(players, rounds):
    with pytest.raises(ValueError):
        individual_schedule(players, rounds, 3)
