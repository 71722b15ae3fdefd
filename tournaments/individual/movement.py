"""Individual bridge movements for 8 to 28 players: who sits where, which boards.

In an individual each player partners a different player every round, so a
movement is a schedule of tables of four (N, E, S, W): N-S and E-W partner
each other for the round.  Published individual schedules (Rainbow, Shomate)
are "whist tournaments" (Wh(n)): over n - 1 rounds (n if n = 4k + 1) everyone
partners everyone exactly once and meets everyone twice as an opponent.  A
club evening plays a part of one (5 to 7 rounds), so such a part is searched
(``individual_search``, seeded) once per size, number of rounds and board
rule by ``scripts/individual_schedules.py`` and committed as data
(``schedules.json``), read here.  The search keeps what the
published tables guarantee, and ``individual_checks.problems`` proves it:

* everyone partners everyone at most once;
* two players oppose each other at most ``ceil(2 R / (n - 1))`` times (twice
  for 8 players over 7 rounds, as in a complete Wh(8));
* when n is not a multiple of 4 the ``n mod 4`` players left over sit out
  (the phantom), each player as often as any other, give or take one;
* boards: when a round has at least as many boards as there are tables,
  every table plays round r's set, each starting at a different board and
  passing it on (a share, as in a 2-table Howell or a relay): a board is at
  one table at a time and nobody meets a set twice.  With fewer boards a
  round (3 tables or more) the sets move as in a Howell, set
  ``(t + r - 2) mod max(R, T) + 1`` at table t in round r: each set at one
  table a round and the same number of times in all, and the search seats
  nobody at a set he has played.  That rule leaves the search little room,
  so opponents spread less evenly (``opponent_limit``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from tournaments.individual.movement_search import (
    Layout,
    board_set_of,
    opponent_bound,
    search_layout,
    table_count,
)
from tournaments.movements.model import BoardsInPlay, check_int, set_boards

MIN_PLAYERS, MAX_PLAYERS = 8, 28
MIN_ROUNDS, MAX_ROUNDS = 5, 7
DEFAULT_ROUNDS = 7
# Sets moving as in a Howell need 3 tables (2 tables share the round's set).
MIN_HOWELL_TABLES = 3
SEATS = ("N", "E", "S", "W")
DATA = Path(__file__).with_name("schedules.json")


@dataclass(frozen=True)
class IndividualTable:
    """Round ``round`` at ``table``: the players (1..n) in N, E, S, W, and the set."""

    round: int
    table: int
    players: tuple[int, int, int, int]
    board_set: int
    boards: tuple[int, ...]

    @property
    def ns(self) -> tuple[int, int]:
        return self.players[0], self.players[2]

    @property
    def ew(self) -> tuple[int, int]:
        return self.players[1], self.players[3]

    def seat_of(self, player: int) -> str:
        """The seat ("N", "E", "S" or "W") of a player at this table."""
        return SEATS[self.players.index(player)]


@dataclass(frozen=True)
class IndividualSchedule(BoardsInPlay):
    """A whole individual movement: every table of every round and who sits out."""

    players: int
    rounds: int
    tables: int
    boards_per_round: int
    seatings: tuple[IndividualTable, ...]
    # The players sitting out each round (round r at index r - 1).
    sit_outs: tuple[tuple[int, ...], ...]
    # The most times two players oppose each other (``opponent_bound`` when
    # the search could keep to it).
    opponent_limit: int

    @property
    def shared_boards(self) -> bool:
        """Every table plays the round's set, passing its boards on."""
        return shares_boards(self.tables, self.boards_per_round)

    def seating(self, round: int, table: int) -> IndividualTable:
        """The table ``table`` in ``round``; ``KeyError`` if there is none."""
        if not (1 <= round <= self.rounds and 1 <= table <= self.tables):
            raise KeyError(f"no table {table} in round {round}")
        return self.seatings[(round - 1) * self.tables + table - 1]

    @cached_property
    def _where(self) -> dict[tuple[int, int], IndividualTable]:
        return {(s.round, p): s for s in self.seatings for p in s.players}

    def position(self, player: int, round: int) -> IndividualTable | None:
        """Where a player sits in a round (None: he sits out)."""
        return self._where.get((round, player))

    def partnership_id(self, round: int, table: int, side: str) -> int:
        """The partnership (a pair of the round) of a side: 1, 2, ... by round,
        table, then NS before EW; pairs scoring sees each as a pair."""
        return 2 * ((round - 1) * self.tables + table - 1) + (1 if side == "NS" else 2)

    def partnership(self, pair_id: int) -> tuple[IndividualTable, str]:
        """The table and side ("NS" or "EW") of a partnership id."""
        index, side = divmod(pair_id - 1, 2)
        seating = self.seatings[index]
        return seating, ("NS", "EW")[side]

    def partners(self, pair_id: int) -> tuple[int, int]:
        """The two players of a partnership: N and S, or E and W."""
        seating, side = self.partnership(pair_id)
        return seating.ns if side == "NS" else seating.ew


def individual_schedule(
    players: int, rounds: int = DEFAULT_ROUNDS, boards_per_round: int = 3
) -> IndividualSchedule:
    """The schedule for ``players`` over ``rounds`` (ValueError naming a bad
    parameter, or if no schedule is found)."""
    check_int("players", players, MIN_PLAYERS, MAX_PLAYERS)
    check_int("rounds", rounds, MIN_ROUNDS, MAX_ROUNDS)
    check_int("boards_per_round", boards_per_round, 1, 8)
    tables = table_count(players)
    shared = shares_boards(tables, boards_per_round)
    if not shared and tables < MIN_HOWELL_TABLES:
        raise ValueError(
            f"boards_per_round must be at least {tables} with {tables} tables "
            f"(they pass the round's boards), got {boards_per_round}"
        )
    layout = _searched(players, rounds, shared)
    seatings = []
    for number, round_tables in enumerate(layout.tables, start=1):
        for table, seats in enumerate(round_tables, start=1):
            board_set = board_set_of(tables, rounds, number, table, shared)
            seatings.append(
                IndividualTable(
                    number, table, seats, board_set,
                    set_boards(board_set, boards_per_round),
                )
            )  # fmt: skip
    return IndividualSchedule(
        players, rounds, tables, boards_per_round, tuple(seatings),
        layout.sit_outs, layout.opponent_limit,
    )  # fmt: skip


def shares_boards(tables: int, boards_per_round: int) -> bool:
    """Whether every table plays the round's one set (enough boards to pass)."""
    return boards_per_round >= tables


def layout_key(players: int, rounds: int, shared: bool) -> str:
    """The key of a committed schedule: "12x7s" (shared sets) or "12x7"."""
    return f"{players}x{rounds}{'s' if shared else ''}"


def _searched(players: int, rounds: int, shared: bool) -> Layout:
    """The committed schedule of this size, else one searched now."""
    stored = _stored().get(layout_key(players, rounds, shared))
    if stored is None:
        return search_layout(players, rounds, shared)
    return Layout(
        tuple(tuple(tuple(seats) for seats in tables) for tables in stored["tables"]),
        tuple(tuple(out) for out in stored["sit_outs"]),
        stored["opponent_limit"],
    )


@cache
def _stored() -> dict[str, dict]:
    """The schedules searched once and committed (``scripts/``
    ``individual_schedules.py``)."""
    return json.loads(DATA.read_text())


__all__ = [
    "IndividualSchedule",
    "IndividualTable",
    "board_set_of",
    "individual_schedule",
    "opponent_bound",
    "search_layout",
    "table_count",
]
