"""Pairs movements: what the app proposes for each number of pairs."""

from __future__ import annotations

import pytest

from tournaments.movements import boards_per_round_for, standard_movements, validate


@pytest.mark.parametrize("pairs", range(5, 101))
def test_every_standard_movement_is_sound_and_seats_everybody(pairs):
    proposed = standard_movements(pairs)
    assert proposed
    for movement in proposed:
        assert validate(movement) == []
        assert sum(not p.phantom for p in movement.pairs) == pairs
        assert 18 <= movement.rounds * movement.boards_per_round <= 40
    kinds = [m.kind for m in proposed]
    tables = (pairs + 1) // 2
    assert ("howell" in kinds) == (pairs <= 20)
    assert ("mitchell" in kinds) == (pairs >= 6)
    assert kinds[0] == ("howell" if pairs <= 10 else "mitchell")
    if tables % 2 == 0 and pairs >= 6:
        variants = [m.variant for m in proposed if m.kind == "mitchell"]
        assert variants == (["relay", "skip"] if tables <= 14 else ["skip"])


def test_the_standard_session_lengths():
    assert [m.name for m in standard_movements(8)] == [
        "Howell 4 tables, 7 rounds x 4 boards",
        "Relay-and-bye-stand Mitchell 4 tables, 4 rounds x 6 boards",
        "Skip Mitchell 4 tables, 3 rounds x 9 boards",
    ]
    assert standard_movements(14)[0].name == "Mitchell 7 tables, 7 rounds x 4 boards"
    assert standard_movements(29)[0].name == (
        "Mitchell 15 tables (29 pairs), 13 rounds x 2 boards"
    )
    assert boards_per_round_for(13) == 2 and boards_per_round_for(9) == 3
