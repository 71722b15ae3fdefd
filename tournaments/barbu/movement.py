"""Individual movements for tables of four (Barbu): who sits where each round.

Players form four lines, one per seat (N, E, S, W), and keep their seat all
session: in Barbu the declarer of a manche is the seat whose turn it is (N in
round 1, E in round 2, ...), so over four rounds every player declares once.
N players stay at their table; the E, S and W players move up by per-round
offsets chosen so that, as far as the number of tables allows, no two players
meet twice.  There are no duplicated boards: each table deals its own cards.

The offsets are chosen round by round (greedily: at most 12^3 candidates a
round, instant): a round's offsets (a, b, c) for E, S and W should differ,
for each of the six pairs of lines, from every earlier round's (N-E meet at
most once when all the a differ mod T, E-S when all the b - a differ, and
so on); the first round (in order) that repeats the fewest meetings is
taken, so with enough tables nobody meets anybody twice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product

from tournaments.movements.model import check_int

SEATS = ("N", "E", "S", "W")
MIN_TABLES, MAX_TABLES = 1, 12
MAX_ROUNDS = 12


@dataclass(frozen=True)
class IndividualSeating:
    """Round ``round`` at ``table``: the player numbers (1..4T) in N, E, S, W."""

    round: int
    table: int
    players: tuple[int, int, int, int]

    @property
    def declarer_seat(self) -> str:
        """The seat that declares this round's manche (N, E, S, W in turn)."""
        return SEATS[(self.round - 1) % len(SEATS)]


@dataclass(frozen=True)
class IndividualMovement:
    """Every round's seating; player p holds seat SEATS[(p-1) // T] all session."""

    tables: int
    rounds: int
    seatings: tuple[IndividualSeating, ...]

    def seating(self, round: int, table: int) -> IndividualSeating:
        return self.seatings[(round - 1) * self.tables + table - 1]

    def seat_of(self, player: int) -> str:
        return SEATS[(player - 1) // self.tables]

    def meetings(self) -> Counter[frozenset[int]]:
        """How many times each two players sat at the same table."""
        return Counter(
            frozenset(pair)
            for seating in self.seatings
            for pair in combinations(seating.players, 2)
        )


def individual_movement(tables: int, rounds: int = 4) -> IndividualMovement:
    """The movement for ``tables`` tables of four over ``rounds`` rounds."""
    check_int("tables", tables, MIN_TABLES, MAX_TABLES)
    check_int("rounds", rounds, 1, MAX_ROUNDS)
    offsets = _offsets(tables, rounds)
    seatings = []
    for number, (a, b, c) in enumerate(offsets, start=1):
        for table in range(1, tables + 1):
            start = table - 1
            players = (
                table,
                tables + (start - a) % tables + 1,
                2 * tables + (start - b) % tables + 1,
                3 * tables + (start - c) % tables + 1,
            )
            seatings.append(IndividualSeating(number, table, players))
    return IndividualMovement(tables, rounds, tuple(seatings))


@cache
def _offsets(tables: int, rounds: int) -> tuple[tuple[int, int, int], ...]:
    """Per-round (E, S, W) offsets, each round repeating as few meetings as it can."""
    chosen: list[tuple[int, ...]] = [(0, 0, 0, 0, 0, 0)]
    offsets: list[tuple[int, int, int]] = [(0, 0, 0)]
    while len(offsets) < rounds:
        best = min(
            product(range(tables), repeat=3),
            key=lambda candidate: _repeats(chosen, _differences(candidate, tables)),
        )
        offsets.append(best)
        chosen.append(_differences(best, tables))
    return tuple(offsets)


def _differences(offsets: tuple[int, int, int], tables: int) -> tuple[int, ...]:
    """Where each of the six pairs of lines meets: one offset per pair, mod T."""
    a, b, c = offsets
    return tuple(value % tables for value in (a, b, c, b - a, c - a, c - b))


def _repeats(chosen: list[tuple[int, ...]], new: tuple[int, ...]) -> int:
    """How many pairs of lines would meet a player they have already met."""
    return sum(
        1 for earlier in chosen for x, y in zip(new, earlier, strict=True) if x == y
    )
