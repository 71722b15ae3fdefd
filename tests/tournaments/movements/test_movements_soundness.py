"""Pairs movements: every Mitchell and Howell built passes the validator.

No database here: movements are plain dataclasses.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tournaments.conftest import meetings, play_counts
from tournaments.movements import assert_sound, howell, mitchell, validate


def mitchell_variants():
    """Yield the keyword arguments of every Mitchell shape worth checking.

    3-50 tables, both even fixes, with and without a phantom (in both seats),
    full and curtailed, with arrow switches.
    """
    for tables in range(3, 51):
        evens = ("skip", "relay") if tables % 2 == 0 else ("skip",)
        for even in evens:
            full = tables - 1 if even == "skip" and tables % 2 == 0 else tables
            lengths = {full} if even == "relay" else {1, full // 2 + 1, full - 1, full}
            for rounds in sorted(lengths):
                yield {"tables": tables, "even": even, "rounds": rounds}
            for phantom in ("NS", "EW"):
                yield {
                    "tables": tables,
                    "even": even,
                    "pairs": 2 * tables - 1,
                    "phantom": phantom,
                }
            yield {"tables": tables, "even": even, "arrow_switch": (1, full)}
            yield {
                "tables": tables,
                "even": even,
                "pairs": 2 * tables - 1,
                "arrow_switch": range(2, full + 1, 2),
                "boards_per_round": 2,
            }


def test_every_mitchell_is_sound():
    count = 0
    for kwargs in mitchell_variants():
        movement = mitchell(**kwargs)
        assert validate(movement) == [], (kwargs, validate(movement)[:5])
        assert_sound(movement)
        count += 1
    assert count > 250


@pytest.mark.parametrize("tables", range(2, 11))
@pytest.mark.parametrize("phantom", [False, True])
def test_every_howell_is_sound_and_complete(tables, phantom):
    pairs = 2 * tables - phantom
    for boards_per_round in (1, 2, 3):
        movement = howell(tables, boards_per_round=boards_per_round, pairs=pairs)
        assert validate(movement) == []
    sets = 2 * tables - 1
    assert movement.rounds == sets and movement.board_sets == sets
    assert len(movement.pairs) == 2 * tables
    real = [p.id for p in movement.pairs if not p.phantom]
    assert len(real) == pairs
    # Every real pair meets every other real pair exactly once.
    assert meetings(movement) == Counter(frozenset(m) for m in combinations(real, 2))
    # Every pair plays every set exactly once (the phantom included).
    for pair in movement.pairs:
        played = sorted(s.board_set for s, _ in movement.seatings_of_pair(pair.id))
        assert played == list(range(1, sets + 1))
    # Each board is played T times, T - 1 with a phantom.
    assert set(play_counts(movement).values()) == {tables - phantom}
    assert movement.single_winner


@pytest.mark.parametrize("tables", range(4, 11))
def test_a_howell_of_four_tables_or_more_never_shares_boards(tables):
    movement = howell(tables)
    assert movement.shares == ()
    for r in range(1, movement.rounds + 1):
        sets = [s.board_set for s in movement.seatings_of_round(r)]
        assert len(set(sets)) == tables
    in_play = {
        r: {s.board_set: s.table for s in movement.seatings_of_round(r)}
        for r in range(1, movement.rounds + 1)
    }
    for s in movement.seatings:
        if s.round > 1:
            # Each table plays the next higher set each round ...
            before = movement.seating(s.round - 1, s.table).board_set
            assert s.board_set == before % movement.rounds + 1
            # ... coming from the next table up, or from a relay stand.
            came_from = in_play[s.round - 1].get(s.board_set)
            assert came_from in (None, s.table % tables + 1)
    stands = [note for note in movement.notes if note.startswith("Relay stand")]
    assert 1 <= len(stands) <= 2


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(3, 50),
    even=st.sampled_from(["skip", "relay"]),
    half_table=st.booleans(),
    boards_per_round=st.integers(1, 4),
    data=st.data(),
)
def test_any_mitchell_is_sound(tables, even, half_table, boards_per_round, data):
    full = tables - 1 if even == "skip" and tables % 2 == 0 else tables
    relay = even == "relay" and tables % 2 == 0
    rounds = full if relay else data.draw(st.integers(1, full))
    arrows = data.draw(st.sets(st.integers(1, rounds)))
    m = mitchell(
        tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        even=even,
        pairs=2 * tables - half_table,
        arrow_switch=arrows,
    )
    assert validate(m) == []
    assert len(m.seatings) == tables * rounds
    assert m.single_winner == bool(arrows)
    assert len(m.boards) == m.board_sets * boards_per_round
