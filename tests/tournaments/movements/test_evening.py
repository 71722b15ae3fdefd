"""Tonight's movement (``movements.evening``): the standard proposal for the
number of pairs, cut to a 2 to 2½ hour evening (17 to 21 boards at 7 minutes
a board)."""

from __future__ import annotations

import pytest

from tournaments.movements import validate
from tournaments.movements.evening import evening_plans


def shape(pairs: int) -> tuple[str, str, int, int, int, bool, int, int]:
    """(kind, variant, tables, rounds, boards a round, sit-out, boards,
    minutes) of the first proposal for ``pairs`` pairs."""
    plan = evening_plans(pairs)[0]
    movement = plan.movement
    return (
        movement.kind,
        movement.variant,
        movement.tables,
        movement.rounds,
        movement.boards_per_round,
        plan.sit_out,
        plan.boards,
        plan.minutes,
    )


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        # 4 tables: a complete Howell (every pair meets every other), 7 x 3.
        (8, ("howell", "", 4, 7, 3, False, 21, 147)),
        # 7 tables, one pair sits out each round (the phantom is 7 E-W).
        (13, ("mitchell", "plain", 7, 7, 3, True, 21, 147)),
        (14, ("mitchell", "plain", 7, 7, 3, False, 21, 147)),
        # 10 tables: relay and bye stand, every E-W pair meets every N-S pair.
        (20, ("mitchell", "relay", 10, 10, 2, False, 20, 140)),
        # 13 tables: the Mitchell curtailed to 10 rounds of 2 boards.
        (26, ("mitchell", "plain", 13, 10, 2, False, 20, 140)),
    ],
)
def test_the_movement_proposed_for_tonight(pairs, expected):
    assert shape(pairs) == expected


def test_eight_tables_play_the_skip_mitchell_a_relay_is_too_short_or_too_long():
    """A relay Mitchell of 8 tables plays 8 rounds: 16 or 24 boards, neither
    an evening; the skip Mitchell's 7 rounds of 3 boards are."""
    plans = evening_plans(16)
    assert [(p.movement.variant, p.boards, p.fits) for p in plans] == [
        ("skip", 21, True),
        ("relay", 16, False),
        ("", 30, False),
    ]


def test_every_number_of_pairs_gets_a_sound_movement_that_fits_the_evening():
    for pairs in range(5, 101):
        plans = evening_plans(pairs)
        assert plans[0].fits, pairs
        assert 17 <= plans[0].boards <= 21, pairs
        assert all(validate(plan.movement) == [] for plan in plans), pairs
        real = [pair for pair in plans[0].movement.pairs if not pair.phantom]
        assert len(real) == pairs


@pytest.mark.parametrize("pairs", [3, 4, 101, 300])
def test_a_number_of_pairs_no_movement_holds_is_refused(pairs):
    with pytest.raises(ValueError, match=f"pairs must be 5 to 100, got {pairs}"):
        evening_plans(pairs)
