"""Pairs movements against published ones as oracles.

The thebridsk bridgescorer YAML files and the emkael/howellki library in
``tests/data/movements``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import TEST_DATA
from tests.tournaments.conftest import meetings, play_counts, real_seatings
from tournaments.movements import (
    BoardShare,
    Movement,
    MovementPair,
    Seating,
    howell,
    set_boards,
    validate,
)

MOVEMENTS_DATA = TEST_DATA / "movements"
YAML_DIR = MOVEMENTS_DATA / "bridgescorer_yaml"
HOWELLKI = MOVEMENTS_DATA / "howellki-movements.json"


def read_bridgescorer(path: Path) -> tuple[int, list[dict[str, int | list[int]]]]:
    """Read the hands of a bridgescorer movement YAML (a fixed, simple layout)."""
    teams, hands = 0, []
    current: dict = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if match := re.match(r"numberTeams: (\d+)$", line):
            teams = int(match[1])
        elif match := re.match(r"- table: (\d+)$", line):
            current = {"table": int(match[1]), "boards": []}
            hands.append(current)
        elif match := re.match(r"  (round|ns|ew): (\d+)$", line):
            current[match[1]] = int(match[2])
        elif match := re.match(r"  - (\d+)$", line):
            current["boards"].append(int(match[1]))
    return teams, hands


def bridgescorer_movement(name: str) -> Movement:
    """Turn a published complete Howell into a Movement, shares declared."""
    path = YAML_DIR / f"Movement.{name}.yaml"
    teams, hands = read_bridgescorer(path)
    per_round = len(hands[0]["boards"])
    seatings = []
    for hand in sorted(hands, key=lambda h: (h["round"], h["table"])):
        boards = tuple(hand["boards"])
        board_set = (boards[0] - 1) // per_round + 1
        seatings.append(
            Seating(
                hand["round"], hand["table"], hand["ns"], hand["ew"], board_set, boards
            )
        )
    at: dict[tuple[int, int], list[int]] = {}
    for s in seatings:
        at.setdefault((s.round, s.board_set), []).append(s.table)
    return Movement(
        kind="howell",
        name=name,
        tables=max(s.table for s in seatings),
        rounds=max(s.round for s in seatings),
        boards_per_round=per_round,
        pairs=tuple(MovementPair(p, p, None) for p in range(1, teams + 1)),
        seatings=tuple(seatings),
        shares=tuple(
            BoardShare(r, board_set, tuple(tables))
            for (r, board_set), tables in at.items()
            if len(tables) > 1
        ),
    )


@pytest.mark.parametrize(
    ("name", "tables", "per_round"),
    [
        ("Howell08T4B14", 4, 2),
        ("Howell08T4B21", 4, 3),
        ("Howell10T5B18", 5, 2),
        ("Howell12T6B22", 6, 2),
        ("Howell14T7B26", 7, 2),
        ("Howell06T3B15Relay", 3, 3),
        ("Howell06T3B30Relay", 3, 6),
    ],
)
def test_published_complete_howells_match_ours(name, tables, per_round):
    published = bridgescorer_movement(name)
    assert validate(published) == []  # the validator accepts the published one
    ours = howell(tables, boards_per_round=per_round)
    assert (ours.tables, ours.rounds) == (published.tables, published.rounds)
    assert ours.board_sets == published.board_sets
    assert ours.boards == published.boards
    assert set(play_counts(ours).values()) == set(play_counts(published).values())
    assert meetings(ours) == meetings(published)
    assert len(ours.shares) == len(published.shares)


def test_our_three_table_howell_is_the_published_one():
    published = bridgescorer_movement("Howell06T3B15Relay")
    assert howell(3, boards_per_round=3).seatings == published.seatings


def test_the_validator_flags_the_published_double_two_table_howell():
    # Howell04T2B18 plays each opponent twice on purpose: not a complete Howell.
    problems = validate(bridgescorer_movement("Howell04T2B18"))
    assert any("meet 2 times" in p for p in problems)


@pytest.mark.parametrize(
    ("name", "tables"), [("Howell07T3B21", 4), ("Howell09T4B18", 5)]
)
def test_published_half_table_howells_match_our_phantom(name, tables):
    published = bridgescorer_movement(name)
    ours = howell(
        tables, boards_per_round=published.boards_per_round, pairs=2 * tables - 1
    )
    real = real_seatings(ours)
    assert len(real) == len(published.seatings)
    assert ours.boards == published.boards
    assert set(play_counts(ours).values()) == set(play_counts(published).values())
    assert meetings(ours) == meetings(published)


def howellki_movement(tables: int) -> tuple[dict, Movement]:
    """Rebuild a complete howellki Howell from its round 1 and its rules.

    Every moving pair takes the seat of the next lower-numbered pair and every
    table plays the next set each round.  The library stores only round 1 and
    the route of pair 1, so the rebuilt movement is checked against that route.
    """
    n = 2 * tables - 1
    entry = json.loads(HOWELLKI.read_text(encoding="utf-8"))[f"{tables}-{n}"]
    seat_of = {
        pair: (i // 2 + 1, "NS" if i % 2 == 0 else "EW")
        for i, pair in enumerate(entry["positions"])
    }
    first_set = {table: s for s, table in enumerate(entry["sets"], start=1) if table}
    seatings = []
    for r in range(1, n + 1):
        occupant = {seat_of[2 * tables]: 2 * tables}
        for pair in range(1, n + 1):
            occupant[seat_of[(pair - r) % n + 1]] = pair
        for t in range(1, tables + 1):
            board_set = (first_set[t] + r - 2) % n + 1
            seatings.append(
                Seating(
                    r,
                    t,
                    occupant[t, "NS"],
                    occupant[t, "EW"],
                    board_set,
                    set_boards(board_set, 2),
                )
            )
    movement = Movement(
        kind="howell",
        name=f"howellki {tables}-{n}",
        tables=tables,
        rounds=n,
        boards_per_round=2,
        pairs=tuple(MovementPair(p, p, None) for p in range(1, 2 * tables + 1)),
        seatings=tuple(seatings),
    )
    return entry, movement


@pytest.mark.parametrize("tables", range(4, 11))
def test_howellki_complete_howells_match_ours(tables):
    entry, theirs = howellki_movement(tables)
    route = []
    for r in [*range(2, theirs.rounds + 1), 1]:
        table, direction = theirs.position(1, r)
        route.append(f"{table}{direction[0]}")
    assert route == entry["movement"]  # the rebuild is the published movement
    assert validate(theirs) == []
    ours = howell(tables)
    assert (ours.tables, ours.rounds) == (entry["tables"], entry["rounds"])
    assert ours.board_sets == len(entry["sets"])
    assert len(ours.pairs) == len(entry["positions"])
    assert sum(1 for t in entry["sets"] if t) == tables  # a set per table
    assert meetings(ours) == meetings(theirs)
    assert play_counts(ours) == play_counts(theirs)
