"""Individual bridge movements for 8 to 28 players: who sits where, which boards.

In an individual each player partners a different player every round, so a
movement is a schedule of tables of four (N, E, S, W): N-S and E-W partner
each other for the round.  Published individual schedules (Rainbow, Shomate)
are "whist tournaments" (Wh(n)): over n - 1 rounds (n if n = 4k + 1) everyone
partners everyone exactly once and meets everyone twice as an opponent.  A
club evening plays a part of one (7 rounds of 3 or 4 boards), so this module
searches such a part, once per size and number of rounds, with a fixed seed:
the same schedule every time, cached per process.  The search keeps what the
published tables guarantee, and ``individual_checks.problems`` proves it:

* everyone partners everyone at most once;
* two players oppose each other at most ``ceil(2 R / (n - 1))`` times (twice
  for 8 players over 7 rounds, as in a complete Wh(8));
* when n is not a multiple of 4 the ``n mod 4`` players left over sit out
  (the phantom), each player as often as any other, give or take one;
* boards: with 2 tables both play round r's set, passing it between them
  halfway (a share, as in a 2-table Howell); with 3 or more tables the sets
  move as in a Howell, set ``(t + r - 2) mod R + 1`` at table t in round r, so
  each set is played at one table a round and ``T`` times in all, and the
  search seats nobody at a set already played.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache, cached_property
from math import ceil
from pathlib import Path

from .model import check_int, set_boards

MIN_PLAYERS, MAX_PLAYERS = 8, 28
MIN_ROUNDS, MAX_ROUNDS = 5, 7
DEFAULT_ROUNDS = 7
SEATS = ("N", "E", "S", "W")
# Attempts before giving up: each attempt builds every round afresh.
ATTEMPTS = 400
ROUND_TRIES = 4
NODE_BUDGET = 3000
DATA = Path(__file__).with_name("individual_schedules.json")


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
class IndividualSchedule:
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
        """Both tables of a 2-table individual play the round's set, passing it."""
        return self.tables == 2

    @property
    def board_sets(self) -> int:
        return len({s.board_set for s in self.seatings})

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({b for s in self.seatings for b in s.boards}))

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


def table_count(players: int) -> int:
    """The tables in play: the players left over (n mod 4) sit out."""
    return players // 4


def individual_schedule(
    players: int, rounds: int = DEFAULT_ROUNDS, boards_per_round: int = 3
) -> IndividualSchedule:
    """The schedule for ``players`` over ``rounds`` (ValueError naming a bad
    parameter, or if no schedule is found)."""
    check_int("players", players, MIN_PLAYERS, MAX_PLAYERS)
    check_int("rounds", rounds, MIN_ROUNDS, MAX_ROUNDS)
    check_int("boards_per_round", boards_per_round, 1, 8)
    tables = table_count(players)
    layout = _searched(players, rounds)
    seatings = []
    for number, round_tables in enumerate(layout.tables, start=1):
        for table, seats in enumerate(round_tables, start=1):
            board_set = board_set_of(tables, rounds, number, table)
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


def board_set_of(tables: int, rounds: int, round: int, table: int) -> int:
    """The set at a table in a round: the round's (2 tables, shared) or the
    Howell-like ``(t + r - 2) mod R + 1``."""
    if tables == 2:
        return round
    return (table + round - 2) % max(rounds, tables) + 1


def opponent_bound(players: int, rounds: int) -> int:
    """The most times two players may oppose each other: 2 R opponent places
    spread over the n - 1 others, rounded up."""
    return max(1, ceil(2 * rounds / (players - 1)))


@dataclass(frozen=True)
class _Layout:
    tables: tuple[tuple[tuple[int, int, int, int], ...], ...]
    sit_outs: tuple[tuple[int, ...], ...]
    opponent_limit: int


def _searched(players: int, rounds: int) -> _Layout:
    """The committed schedule of this size, else one searched now."""
    stored = _stored().get(f"{players}x{rounds}")
    if stored is None:
        return search_layout(players, rounds)
    return _Layout(
        tuple(tuple(tuple(seats) for seats in tables) for tables in stored["tables"]),
        tuple(tuple(out) for out in stored["sit_outs"]),
        stored["opponent_limit"],
    )


@cache
def _stored() -> dict[str, dict]:
    """The schedules searched once and committed (``scripts/individual_schedules.py``)."""
    return json.loads(DATA.read_text())


@cache
def search_layout(players: int, rounds: int, attempts: int = ATTEMPTS) -> _Layout:
    """A schedule found by a seeded randomised search (same result each run):
    opponents at most the even bound if it can, else one more, else two."""
    tight = opponent_bound(players, rounds)
    for bound in (tight, tight + 1, tight + 2):
        rng = random.Random(players * 1000 + rounds)
        for _attempt in range(attempts):
            layout = _attempt_layout(players, rounds, bound, rng)
            if layout is not None:
                return layout
    raise ValueError(f"no individual movement found for {players} players")


class _State:
    """What the rounds built so far have used up."""

    def __init__(self, players: int, rounds: int, bound: int) -> None:
        self.players = players
        self.rounds = rounds
        self.tables = table_count(players)
        self.bound = bound
        self.partnered: set[frozenset[int]] = set()
        self.opposed: dict[frozenset[int], int] = {}
        self.sets_played: dict[int, set[int]] = {
            p: set() for p in range(1, players + 1)
        }
        self.sat_out: dict[int, int] = dict.fromkeys(range(1, players + 1), 0)
        left_over = players - 4 * self.tables
        self.sit_out_quota = ceil(left_over * rounds / players)


def _attempt_layout(
    players: int, rounds: int, bound: int, rng: random.Random
) -> _Layout | None:
    state = _State(players, rounds, bound)
    tables_by_round = []
    sit_outs = []
    for number in range(1, rounds + 1):
        out = _sit_outs(state, rng)
        for _ in range(ROUND_TRIES):
            found = _round(
                state, number, [p for p in state.sat_out if p not in out], rng
            )
            if found is not None:
                break
        else:
            return None
        _record(state, number, found, out)
        tables_by_round.append(found)
        sit_outs.append(tuple(sorted(out)))
    return _Layout(tuple(tables_by_round), tuple(sit_outs), bound)


def _sit_outs(state: _State, rng: random.Random) -> set[int]:
    """The n mod 4 players who sat out least so far (ties drawn at random)."""
    count = state.players - 4 * state.tables
    order = sorted(state.sat_out, key=lambda p: (state.sat_out[p], rng.random()))
    return set(order[:count])


def _round(
    state: _State, number: int, playing: list[int], rng: random.Random
) -> tuple[tuple[int, int, int, int], ...] | None:
    """One round's tables (N, E, S, W by table number), or None if stuck.

    A backtracking search seat by seat (N, S, E, W of table 1, then table 2,
    ...) over the players in a random order, under a node budget: a seat
    takes a player who has not played the table's set, who may still play
    a set in each later round (``_can_finish``), a new partner, and
    opponents met fewer times than the bound.
    """
    sets = {
        t: board_set_of(state.tables, state.rounds, number, t)
        for t in range(1, state.tables + 1)
    }
    rng.shuffle(playing)
    eligible = {
        t: [
            p for p in playing
            if sets[t] not in state.sets_played[p] and _can_finish(state, p, number, sets[t])
        ]
        for t in sets
    }  # fmt: skip
    seats: list[int] = []
    used: set[int] = set()
    budget = [NODE_BUDGET]

    def fill() -> bool:
        if len(seats) == 4 * state.tables:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        table, seat = divmod(len(seats), 4)
        start = 4 * table
        # seats in the order N, S, E, W: index 0, 1 are N, S; 2, 3 are E, W.
        for player in eligible[table + 1]:
            if player in used or not _fits(seats[start:], seat, player, state):
                continue
            seats.append(player)
            used.add(player)
            if fill():
                return True
            seats.pop()
            used.discard(player)
        return False

    if not fill():
        return None
    return tuple(
        (seats[i], seats[i + 2], seats[i + 1], seats[i + 3])
        for i in range(0, len(seats), 4)
    )


def _fits(table: list[int], seat: int, player: int, state: _State) -> bool:
    """May ``player`` take seat ``seat`` (0 N, 1 S, 2 E, 3 W) at a table whose
    earlier seats hold ``table``?"""
    if seat in (1, 3) and not _may_partner(table[seat - 1], player, state):
        return False
    if seat >= 2:
        return _may_oppose((table[0], table[1]), (player,), state)
    return True


def _can_finish(state: _State, player: int, number: int, board_set: int) -> bool:
    """After playing ``board_set`` in round ``number``, can the player still
    be given an unplayed set in every later round he plays?  (A matching of
    later rounds to unplayed sets, rounds he may yet sit out allowed unfilled.)"""
    if state.tables == 2:
        return True
    played = state.sets_played[player] | {board_set}
    later = range(number + 1, state.rounds + 1)
    options = {
        r: [
            s
            for t in range(1, state.tables + 1)
            if (s := board_set_of(state.tables, state.rounds, r, t)) not in played
        ]
        for r in later
    }
    spare = max(0, state.sit_out_quota - state.sat_out[player])
    return _matching_size(options) >= len(options) - spare


def _matching_size(options: dict[int, list[int]]) -> int:
    """The most rounds that can each get a different set (augmenting paths)."""
    owner: dict[int, int] = {}

    def augment(r: int, seen: set[int]) -> bool:
        for s in options[r]:
            if s in seen:
                continue
            seen.add(s)
            if s not in owner or augment(owner[s], seen):
                owner[s] = r
                return True
        return False

    return sum(augment(r, set()) for r in options)


def _may_partner(a: int, b: int, state: _State) -> bool:
    return frozenset((a, b)) not in state.partnered


def _may_oppose(a: tuple[int, ...], b: tuple[int, ...], state: _State) -> bool:
    return all(
        state.opposed.get(frozenset((x, y)), 0) < state.bound for x in a for y in b
    )


def _record(
    state: _State,
    number: int,
    round_tables: tuple[tuple[int, int, int, int], ...],
    out: set[int],
) -> None:
    for table, (n, e, s, w) in enumerate(round_tables, start=1):
        state.partnered.update((frozenset((n, s)), frozenset((e, w))))
        for x in (n, s):
            for y in (e, w):
                key = frozenset((x, y))
                state.opposed[key] = state.opposed.get(key, 0) + 1
        board_set = board_set_of(state.tables, state.rounds, number, table)
        for player in (n, e, s, w):
            state.sets_played[player].add(board_set)
    for player in out:
        state.sat_out[player] += 1
