"""The movement of a Bridgeote individual event: who sits where, which deals.

Tables of ``size`` players (3, 5, 6 or 7, the rule book's variants). Players
form one line per seat and keep their seat all session, as the players of a
Mitchell keep their direction: seat s is held by players s * T + 1 to
s * T + T. In round r the players of seat s sit at table
((home - 1) + s * (r - 1)) mod T + 1: seat 0 stays, seat 1 moves one table a
round, seat 2 two tables... so the players of two seats s and s' meet again
only after T / gcd(s' - s, T) rounds (never within T rounds when T is
prime and larger than the seat gaps; seats T apart sit together every
round, which a table larger than the number of tables cannot avoid).
Every table plays the same deals in a round (dealt in advance and carried
between tables, as duplicate boards), so the player in a seat holds
the same cards as that seat at every other table, and his mark is compared
with theirs (``scoring.bridgeote``). Plain data: no database.
"""

from __future__ import annotations

from dataclasses import dataclass

# The rule book's tables of 3, 5, 6 or 7 (``games.bridgeote.individual``'s
# ``INDIVIDUAL_TABLES``, which a test checks this matches): movements use
# the standard library only.
TABLE_SIZES = (3, 5, 6, 7)

MAX_TABLES = 20
MAX_ROUNDS = 12
MAX_DEALS_PER_ROUND = 8


@dataclass(frozen=True)
class BridgeoteSeating:
    """Round ``round`` at ``table``: the player numbers seat by seat, the deals."""

    round: int
    table: int
    players: tuple[int, ...]
    deals: tuple[int, ...]


@dataclass(frozen=True)
class BridgeoteMovement:
    """``tables`` tables of ``size`` players for ``rounds`` rounds of
    ``deals_per_round`` deals each."""

    tables: int
    size: int
    rounds: int
    deals_per_round: int

    def __post_init__(self) -> None:
        checks = (
            ("size", self.size, TABLE_SIZES),
            ("tables", self.tables, range(1, MAX_TABLES + 1)),
            ("rounds", self.rounds, range(1, MAX_ROUNDS + 1)),
            ("deals_per_round", self.deals_per_round,
             range(1, MAX_DEALS_PER_ROUND + 1)),
        )  # fmt: skip
        for name, value, allowed in checks:
            if type(value) is not int or value not in allowed:
                raise ValueError(
                    f"{name} {value!r}: expected one of {list(allowed)}"
                    if name == "size"
                    else f"{name} {value!r}: expected {allowed[0]} to {allowed[-1]}"
                )

    @property
    def players(self) -> int:
        return self.tables * self.size

    def deals(self, round: int) -> tuple[int, ...]:
        """The deals every table plays in ``round``."""
        first = (round - 1) * self.deals_per_round + 1
        return tuple(range(first, first + self.deals_per_round))

    def seating(self, round: int, table: int) -> BridgeoteSeating:
        """Who sits at ``table`` in ``round``, seat 0 first, and the deals."""
        if not 1 <= round <= self.rounds or not 1 <= table <= self.tables:
            raise ValueError(
                f"round {round}, table {table}: expected rounds 1 to "
                f"{self.rounds}, tables 1 to {self.tables}"
            )
        players = tuple(
            seat * self.tables + ((table - 1) - seat * (round - 1)) % self.tables + 1
            for seat in range(self.size)
        )
        return BridgeoteSeating(round, table, players, self.deals(round))

    @property
    def seatings(self) -> list[BridgeoteSeating]:
        """Every round's tables, round by round."""
        return [
            self.seating(round, table)
            for round in range(1, self.rounds + 1)
            for table in range(1, self.tables + 1)
        ]
