"""Mitchell movements of every size, 3 to 50 tables, and each variant.

The validator proves each one (every pair meets another at most once, plays a
board at most once, a set sits at one table a round unless the relay's shared
set, boards played equally often); played in full, a plain or relay Mitchell
also seats every EW pair against every NS pair exactly once.  A few seatings
of the 50-table relay Mitchell are pinned by hand from the published rules
(EW up one table, boards down one through the bye stand between tables 25
and 26, tables 1 and 50 sharing).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.tournaments.conftest import meetings, play_counts
from tournaments.movements import mitchell, validate
from tournaments.movements.mitchell import MAX_TABLES, MIN_TABLES

SIZES = range(MIN_TABLES, MAX_TABLES + 1)


def variants():
    """(tables, variant) for every size: plain when odd, skip and relay when even."""
    for tables in SIZES:
        if tables % 2:
            yield tables, "plain"
        else:
            yield tables, "skip"
            yield tables, "relay"


VARIANTS = list(variants())


def test_the_cap_is_fifty_tables():
    assert (MIN_TABLES, MAX_TABLES) == (3, 50)
    assert len(VARIANTS) == 48 + 24  # every size once, the even ones twice


@pytest.mark.parametrize(("tables", "variant"), VARIANTS)
def test_the_full_mitchell_is_sound(tables, variant):
    movement = mitchell(tables, even="skip" if variant == "plain" else variant)
    assert movement.variant == variant
    assert validate(movement) == []
    full = tables - 1 if variant == "skip" else tables
    assert movement.rounds == full
    assert len(movement.seatings) == full * tables
    met = meetings(movement)
    assert set(met.values()) == {1}
    if variant in ("plain", "relay"):
        # Every EW pair meets every NS pair, and plays every board.
        assert len(met) == tables * tables
        assert set(play_counts(movement).values()) == {tables}
        assert len(movement.boards) == tables * movement.boards_per_round
    else:
        # A skip Mitchell leaves out one NS opponent (the revenge round).
        assert len(met) == tables * (tables - 1)
        assert set(play_counts(movement).values()) == {tables - 1}


@pytest.mark.parametrize(("tables", "variant"), VARIANTS)
def test_boards_are_at_one_table_at_a_time_but_for_the_relays_share(tables, variant):
    movement = mitchell(tables, even="skip" if variant == "plain" else variant)
    for r in range(1, movement.rounds + 1):
        at = Counter(s.board_set for s in movement.seatings_of_round(r))
        shared = {board_set for board_set, n in at.items() if n > 1}
        if variant == "relay":
            assert shared == {movement.seating(r, 1).board_set}
            assert movement.seating(r, tables).board_set in shared
            assert max(at.values()) == 2
        else:
            assert shared == set()
    if variant == "relay":
        assert len(movement.shares) == tables
        assert {share.tables for share in movement.shares} == {(1, tables)}


@pytest.mark.parametrize(("tables", "variant"), VARIANTS)
def test_with_a_phantom_each_seat_is_sound(tables, variant):
    even = "skip" if variant == "plain" else variant
    for phantom in ("NS", "EW"):
        movement = mitchell(tables, even=even, pairs=2 * tables - 1, phantom=phantom)
        assert validate(movement) == [], (phantom, validate(movement)[:3])


@pytest.mark.parametrize("tables", [t for t in SIZES if t % 2 == 0 or t > 40])
def test_a_curtailed_skip_mitchell_is_sound(tables):
    full = tables - 1 if tables % 2 == 0 else tables
    for rounds in sorted({1, min(13, full), full // 2, full // 2 + 1, full - 1}):
        movement = mitchell(tables, rounds=rounds, boards_per_round=2)
        assert validate(movement) == [], (rounds, validate(movement)[:3])


def test_fifty_one_tables_are_refused_naming_the_cap():
    with pytest.raises(ValueError, match="tables must be 3 to 50, got 51"):
        mitchell(51)
    with pytest.raises(ValueError, match="tables must be 3 to 50, got 51"):
        mitchell(51, even="relay")


# -- the 50-table relay-and-bye-stand Mitchell, by hand -----------------------


@pytest.fixture(scope="module")
def relay50():
    return mitchell(50, even="relay", boards_per_round=2)


def seat(movement, round, table):
    s = movement.seating(round, table)
    return (
        movement.pair(s.ns).label,
        movement.pair(s.ew).label,
        s.board_set,
        s.boards,
    )


def test_round_one(relay50):
    assert relay50.name == (
        "Relay-and-bye-stand Mitchell 50 tables, 50 rounds x 2 boards"
    )
    assert seat(relay50, 1, 1) == ("1NS", "1EW", 1, (1, 2))
    assert seat(relay50, 1, 25) == ("25NS", "25EW", 25, (49, 50))
    # Set 26 waits on the bye stand; table 26 plays set 27.
    assert seat(relay50, 1, 26) == ("26NS", "26EW", 27, (53, 54))
    assert seat(relay50, 1, 49) == ("49NS", "49EW", 50, (99, 100))
    # Table 50 shares table 1's set.
    assert seat(relay50, 1, 50) == ("50NS", "50EW", 1, (1, 2))


def test_round_twenty_six_around_the_bye_stand(relay50):
    # EW moved up 25 tables; boards moved down 25 positions (the bye stand
    # is position 26, between tables 25 and 26).
    assert seat(relay50, 26, 25) == ("25NS", "50EW", 50, (99, 100))
    assert seat(relay50, 26, 26) == ("26NS", "1EW", 2, (3, 4))
    assert seat(relay50, 26, 1) == ("1NS", "26EW", 26, (51, 52))
    assert seat(relay50, 26, 50) == ("50NS", "25EW", 26, (51, 52))
    # Nobody plays set 1 in round 26: it is on the bye stand.
    assert 1 not in {s.board_set for s in relay50.seatings_of_round(26)}


def test_the_last_round(relay50):
    assert seat(relay50, 50, 1) == ("1NS", "2EW", 50, (99, 100))
    assert seat(relay50, 50, 49) == ("49NS", "50EW", 49, (97, 98))
    assert seat(relay50, 50, 50) == ("50NS", "1EW", 50, (99, 100))
    assert seat(relay50, 50, 25) == ("25NS", "26EW", 24, (47, 48))
    assert seat(relay50, 50, 26) == ("26NS", "27EW", 26, (51, 52))


def test_the_notes_name_the_bye_stand_and_the_share(relay50):
    assert list(relay50.notes) == [
        "NS pairs stay at their table; EW pairs move up one table (table 50 to "
        "table 1); boards move down one table (table 1 to table 50)",
        "Relay: tables 1 and 50 share boards",
        "Bye stand between tables 25 and 26: boards from table 26 go to the bye "
        "stand, boards on it go to table 25",
        "Boards from table 1 go to table 49",
    ]


def test_every_round_the_bye_stand_holds_the_set_nobody_plays(relay50):
    for r in range(1, 51):
        played = {s.board_set for s in relay50.seatings_of_round(r)}
        assert len(played) == 49
        (waiting,) = set(range(1, 51)) - played
        # Position 26 in round r holds set (26 - 1 + r - 1) mod 50 + 1.
        assert waiting == (24 + r) % 50 + 1


def test_the_skip_mitchell_of_fifty_tables_skips_after_round_25():
    movement = mitchell(50)
    assert movement.rounds == 49
    assert seat(movement, 25, 1)[:2] == ("1NS", "27EW")
    assert seat(movement, 26, 1)[:2] == ("1NS", "25EW")  # the skip
    assert "EW skip one table after round 25 (move up two tables)" in movement.notes
