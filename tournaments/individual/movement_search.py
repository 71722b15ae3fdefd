"""Search an individual movement: a seeded construction, then improvement.

``search_layout`` builds the rounds one by one (a backtracking search seat
by seat under a node budget, restarted from scratch when stuck), keeping
everyone's partners new and nobody at a board set he has played; then it
improves the opponents' spread by swapping two players of a round
(``_improved``) while no hard rule breaks.  Used once per size by
``scripts/individual_schedules.py``, whose results are committed data.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from math import ceil

# Attempts before giving up: each attempt builds every round afresh.
ATTEMPTS = 400
ROUND_TRIES = 4
NODE_BUDGET = 3000
IMPROVING_STEPS = 40000


def table_count(players: int) -> int:
    """The tables in play: the players left over (n mod 4) sit out."""
    return players // 4


def board_set_of(
    tables: int, rounds: int, round: int, table: int, shared: bool = False
) -> int:
    """The set at a table in a round: the round's when every table shares it,
    else the Howell-like ``(t + r - 2) mod max(R, T) + 1``."""
    if shared:
        return round
    return (table + round - 2) % max(rounds, tables) + 1


def opponent_bound(players: int, rounds: int) -> int:
    """The most times two players may oppose each other: 2 R opponent places
    spread over the n - 1 others, rounded up."""
    return max(1, ceil(2 * rounds / (players - 1)))


@dataclass(frozen=True)
class Layout:
    tables: tuple[tuple[tuple[int, int, int, int], ...], ...]
    sit_outs: tuple[tuple[int, ...], ...]
    opponent_limit: int


@cache
def search_layout(
    players: int, rounds: int, shared: bool, attempts: int = ATTEMPTS
) -> Layout:
    """A schedule found by a seeded randomised search (same result each run):
    built with opponents at most the even bound if it can, else one or two
    more, then improved towards the even bound by swaps."""
    tight = opponent_bound(players, rounds)
    for bound in (tight, tight + 1, tight + 2):
        rng = random.Random(players * 1000 + rounds)
        for _attempt in range(attempts):
            layout = _attempt_layout(players, rounds, bound, shared, rng)
            if layout is None:
                continue
            if bound > tight:
                return _improved(players, rounds, shared, layout, rng)
            return layout
    raise ValueError(f"no individual movement found for {players} players")


def _opponent_pairs(seats: list[int]) -> list[frozenset[int]]:
    n, e, s, w = seats
    return [frozenset(pair) for pair in ((n, e), (n, w), (s, e), (s, w))]


def _partner_pairs(seats: list[int]) -> list[frozenset[int]]:
    n, e, s, w = seats
    return [frozenset((n, s)), frozenset((e, w))]


def _improved(
    players: int, rounds: int, shared: bool, layout: Layout, rng: random.Random
) -> Layout:
    """Swap two players of one round (seats at one table, or two tables)
    while partners stay new and nobody replays a set, keeping a swap that
    does not raise the opponents' excess over the even bound (sum of squares);
    stops at no excess or after ``IMPROVING_STEPS``."""
    tight = opponent_bound(players, rounds)
    tables = table_count(players)
    grid = [[list(seats) for seats in round_tables] for round_tables in layout.tables]
    opposed: Counter[frozenset[int]] = Counter()
    partnered: Counter[frozenset[int]] = Counter()
    sets: Counter[tuple[int, int]] = Counter()
    for number, round_tables in enumerate(grid, start=1):
        for table, seats in enumerate(round_tables, start=1):
            opposed.update(_opponent_pairs(seats))
            partnered.update(_partner_pairs(seats))
            for p in seats:
                sets[p, board_set_of(tables, rounds, number, table, shared)] += 1

    def excess(count: int) -> int:
        return max(0, count - tight) ** 2

    total = sum(excess(n) for n in opposed.values())
    for _step in range(IMPROVING_STEPS):
        if total == 0:
            break
        number = rng.randrange(rounds)
        a, b = rng.randrange(tables), rng.randrange(tables)
        i, j = rng.randrange(4), rng.randrange(4)
        if a == b and i == j:
            continue
        touched = [a] if a == b else [a, b]
        before = [list(grid[number][t]) for t in touched]
        p, q = grid[number][a][i], grid[number][b][j]
        set_a = board_set_of(tables, rounds, number + 1, a + 1, shared)
        set_b = board_set_of(tables, rounds, number + 1, b + 1, shared)
        if a != b and (sets[p, set_b] or sets[q, set_a]):
            continue  # a player would replay a set
        for seats in before:
            opposed.subtract(_opponent_pairs(seats))
            partnered.subtract(_partner_pairs(seats))
        grid[number][a][i], grid[number][b][j] = q, p
        after = [grid[number][t] for t in touched]
        new_partners = [pair for seats in after for pair in _partner_pairs(seats)]
        keys = {pair for seats in before + after for pair in _opponent_pairs(seats)}
        old = sum(excess(opposed[k] + _count(k, before)) for k in keys)
        new = sum(excess(opposed[k] + _count(k, after)) for k in keys)
        if all(partnered[pair] == 0 for pair in new_partners) and (
            new < old or (new == old and rng.random() < 0.5)
        ):
            total += new - old
            for seats in after:
                opposed.update(_opponent_pairs(seats))
                partnered.update(_partner_pairs(seats))
            if a != b:
                sets[p, set_a] -= 1
                sets[p, set_b] += 1
                sets[q, set_b] -= 1
                sets[q, set_a] += 1
        else:
            grid[number][a][i], grid[number][b][j] = p, q
            for seats in before:
                opposed.update(_opponent_pairs(seats))
                partnered.update(_partner_pairs(seats))
    limit = max(tight, max(opposed.values(), default=0))
    return Layout(
        tuple(tuple(tuple(seats) for seats in round_tables) for round_tables in grid),
        layout.sit_outs,
        limit,
    )


def _count(pair: frozenset[int], tables: list[list[int]]) -> int:
    return sum(_opponent_pairs(seats).count(pair) for seats in tables)


class _State:
    """What the rounds built so far have used up."""

    def __init__(self, players: int, rounds: int, bound: int, shared: bool) -> None:
        self.shared = shared
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
    players: int, rounds: int, bound: int, shared: bool, rng: random.Random
) -> Layout | None:
    state = _State(players, rounds, bound, shared)
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
    return Layout(tuple(tables_by_round), tuple(sit_outs), bound)


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
        t: board_set_of(state.tables, state.rounds, number, t, state.shared)
        for t in range(1, state.tables + 1)
    }
    rng.shuffle(playing)
    eligible = {
        t: [
            p for p in playing
            if sets[t] not in state.sets_played[p]
            and _can_finish(state, p, number, sets[t])
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
    if state.shared:
        return True
    played = state.sets_played[player] | {board_set}
    later = range(number + 1, state.rounds + 1)
    options = {
        r: [
            s
            for t in range(1, state.tables + 1)
            if (s := board_set_of(state.tables, state.rounds, r, t, state.shared))
            not in played
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
        board_set = board_set_of(
            state.tables, state.rounds, number, table, state.shared
        )
        for player in (n, e, s, w):
            state.sets_played[player].add(board_set)
    for player in out:
        state.sat_out[player] += 1
