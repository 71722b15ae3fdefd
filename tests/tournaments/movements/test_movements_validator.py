"""Pairs movements: the validator catches corrupted movements."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tournaments.movements import (
    BoardShare,
    Movement,
    MovementPair,
    assert_sound,
    howell,
    mitchell,
    validate,
)


def corrupt(movement: Movement, round: int, table: int, **changes) -> Movement:
    seatings = tuple(
        replace(s, **changes) if (s.round, s.table) == (round, table) else s
        for s in movement.seatings
    )
    return replace(movement, seatings=seatings)


def test_the_validator_catches_a_pair_meeting_twice():
    m = mitchell(5)
    # Round 2, table 1: 1NS meets 1EW again (they met in round 1).
    problems = validate(corrupt(m, 2, 1, ew=6))
    assert any("pairs 1NS and 1EW meet 2 times" in p for p in problems)


def test_the_validator_catches_a_board_played_twice():
    m = mitchell(5)
    problems = validate(corrupt(m, 2, 1, board_set=1, boards=(1, 2, 3)))
    assert "pair 1NS plays board 1 2 times (rounds 1 and 2)" in problems


def test_the_validator_catches_a_set_at_two_tables():
    m = howell(4)
    s = m.seating(1, 2)
    problems = validate(corrupt(m, 1, 3, board_set=s.board_set, boards=s.boards))
    assert any(
        "set 2 is at tables 2 and 3 without a declared share" in p for p in problems
    )
    assert any("not played equally often" in p for p in problems)


def test_the_validator_catches_a_pair_at_two_tables():
    m = mitchell(5)
    problems = validate(corrupt(m, 1, 2, ew=6))
    assert "round 1: pair 1EW is at tables 1 and 2" in problems
    assert "round 1: pair 2EW has no seat" in problems


def test_the_validator_catches_broken_structure():
    m = mitchell(5)
    assert "round 1 table 1: no pair 99" in validate(corrupt(m, 1, 1, ew=99))
    assert "round 1 table 1: pair 1NS faces itself" in validate(corrupt(m, 1, 1, ew=1))
    gap = replace(m, seatings=m.seatings[1:])
    assert "round 1 table 1: no seating" in validate(gap)
    shuffled = replace(m, seatings=tuple(reversed(m.seatings)))
    assert "seatings are not sorted by round then table" in validate(shuffled)
    twice = replace(m, pairs=(*m.pairs, MovementPair(11, 1, "NS")))
    assert "pair label 1NS is used twice" in validate(twice)
    arrows = replace(m, arrow_switch_rounds=frozenset({9}))
    assert "arrow switch in rounds outside the movement: [9]" in validate(arrows)
    ghost = replace(m, shares=(BoardShare(1, 1, (1, 2)),))
    assert any("does not happen" in p for p in validate(ghost))
    relabelled = corrupt(m, 1, 1, boards=(1, 2, 4))
    assert "set 1 is not always the same boards" in validate(relabelled)
    with pytest.raises(ValueError, match="is not sound:\n- "):
        assert_sound(relabelled)


def test_a_relay_mitchell_without_its_declared_shares_is_not_sound():
    m = mitchell(6, even="relay")
    problems = validate(replace(m, shares=()))
    assert len(problems) == 6 and all("without a declared share" in p for p in problems)
