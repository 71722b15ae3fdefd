"""The shapes of a Whiz movement: players, seatings, the movement itself.

Three lines of players (N, E and S, the hand each holds all session), the
Domy West; a seating is one table in one round. ``WhizMovement`` answers the
questions the pages, the terminals and the scorer ask of it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from tournaments.movements.model import BoardsInPlay

NORTH = "N"
EAST = "E"
SOUTH = "S"
LINES = (NORTH, EAST, SOUTH)
LINE_PAIRS = ((NORTH, EAST), (NORTH, SOUTH), (EAST, SOUTH))
SEAT_NAMES = {NORTH: "North", EAST: "East", SOUTH: "South"}


@dataclass(frozen=True)
class WhizPlayer:
    """One player position: a line (the hand held all session) and a number.

    ``number`` is the player's starting table within his line; a phantom is a
    missing player, whose table sits out.
    """

    id: int
    line: str
    number: int
    phantom: bool = False

    @property
    def label(self) -> str:
        """Return what the players see: ``"3N"``, ``"1E"``."""
        return f"{self.number}{self.line}"


@dataclass(frozen=True)
class WhizSeating:
    """One table in one round: the three players' ids and the boards they play.

    ``phantom_seats`` lists the seats ("N", "E", "S") held by a phantom.  The
    Domy is West and is not listed.
    """

    round: int
    table: int
    board_set: int
    boards: tuple[int, ...]
    north: int
    east: int
    south: int
    phantom_seats: tuple[str, ...] = ()

    @property
    def sits_out(self) -> bool:
        """Return True if a phantom holds a seat: Whiz needs three, nobody plays."""
        return bool(self.phantom_seats)

    @property
    def player_ids(self) -> tuple[int, int, int]:
        """Return the ids seated North, East and South, in that order."""
        return (self.north, self.east, self.south)


@dataclass(frozen=True)
class WhizMovement(BoardsInPlay):
    """A complete Whiz movement: every seating of every round.

    ``seatings`` holds every (round, table), sorted by round then table; a
    sit-out seating stays listed so that guide cards can say so.  ``notes``
    are the director's instructions for the movement sheet.
    """

    tables: int
    rounds: int
    boards_per_round: int
    players: tuple[WhizPlayer, ...]
    seatings: tuple[WhizSeating, ...]
    notes: tuple[str, ...] = ()

    @cached_property
    def _players_by_id(self) -> dict[int, WhizPlayer]:
        return {player.id: player for player in self.players}

    @cached_property
    def _by_round_table(self) -> dict[tuple[int, int], WhizSeating]:
        return {(s.round, s.table): s for s in self.seatings}

    @cached_property
    def _plays(self) -> Counter[int]:
        return Counter(b for s in self.seatings if not s.sits_out for b in s.boards)

    @property
    def name(self) -> str:
        """Return a name such as ``"Whiz 4 tables (11 players), 4 rounds x 3 boards"``.

        The player count is given only when some players are missing.
        """
        real = sum(not player.phantom for player in self.players)
        size = f"{self.tables} tables" + (
            "" if real == 3 * self.tables else f" ({real} players)"
        )
        boards = f"{self.boards_per_round} board" + (
            "s" if self.boards_per_round > 1 else ""
        )
        return f"Whiz {size}, {self.rounds} rounds x {boards}"

    @property
    def phantoms(self) -> tuple[WhizPlayer, ...]:
        """Return the phantom (missing) players, by id."""
        return tuple(player for player in self.players if player.phantom)

    def seating(self, round: int, table: int) -> WhizSeating:
        """Return the seating at ``table`` in ``round``; ``KeyError`` if none."""
        try:
            return self._by_round_table[round, table]
        except KeyError:
            raise KeyError(f"no table {table} in round {round}") from None

    def player(self, player_id: int) -> WhizPlayer:
        """Return the player with this id; raise ``KeyError`` if there is none."""
        try:
            return self._players_by_id[player_id]
        except KeyError:
            raise KeyError(f"no player {player_id} in {self.name}") from None

    def times_played(self, board: int) -> int:
        """Return how many real tables play ``board`` (sit-outs excluded)."""
        return self._plays[board]

    def player_seatings(self, player_id: int) -> tuple[WhizSeating, ...]:
        """Return the player's seatings by round, sit-outs included."""
        return tuple(s for s in self.seatings if player_id in s.player_ids)

    def sit_outs(self, player_id: int) -> int:
        """Return how many rounds a player spends at a sit-out table."""
        return sum(s.sits_out for s in self.player_seatings(player_id))

    def meetings(self) -> Counter[frozenset[int]]:
        """Count, per pair of real players, the rounds they share a real table."""
        met: Counter[frozenset[int]] = Counter()
        for s in self.seatings:
            if not s.sits_out:
                met.update(
                    frozenset(pair)
                    for pair in (
                        (s.north, s.east),
                        (s.north, s.south),
                        (s.east, s.south),
                    )
                )
        return met
