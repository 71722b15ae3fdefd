"""Building a Whiz movement: the offsets of the moving lines, the phantoms.

The offsets x_r (E) and y_r (S) say how far each moving line has moved up
since round 1; they are linear for 5, 7 and 11 tables and embedded below for
the other table counts (see ``tournaments.whiz.movements`` for why no perfect
movement exists there, and what the embedded ones reach).  With 3T - 1
players on an even number of tables the moving lines follow circuits
instead (``_SIT_OUT_CIRCUITS``), so that each player sits out once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from math import gcd

from tournaments.movements.model import MAX_BOARDS_PER_ROUND, check_int, set_boards
from tournaments.whiz.movements.notes import movement_notes
from tournaments.whiz.movements.seating import (
    EAST,
    LINE_PAIRS,
    LINES,
    NORTH,
    SOUTH,
    WhizMovement,
    WhizPlayer,
    WhizSeating,
)

# The table counts a Whiz movement is built for.
MIN_TABLES = 3
MAX_TABLES = 12

# Offsets (x_r, y_r) of E and S players, round by round, for the table counts
# with no perfect linear scheme.  Found once, offline, by a depth-first search
# over the rounds trying every (x_r, y_r) that keeps the hard constraints and
# pruning any prefix of R rounds whose (N-E, N-S, E-S) counts fall short of
# the lexicographic best for R rounds (itself computed by branch and bound;
# for 10 and 12 tables the bound min(R, T - 1) is reached).  E players were
# fixed to the Mitchell EW move (up one table, plus a skip after round T/2
# when T is even) wherever a matching y exists, which is all but T = 10;
# there E players move up two.  Each table is re-checked by
# tests/tournaments/movements/test_whiz_movement.py.
_OFFSETS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    3: ((0, 1, 2), (0, 1, 2)),
    4: ((0, 1, 3, 0), (0, 2, 3, 3)),
    6: ((0, 1, 2, 4, 5, 0), (0, 4, 1, 5, 3, 5)),
    8: ((0, 1, 2, 3, 5, 6, 7, 0), (0, 3, 7, 2, 6, 1, 5, 0)),
    9: ((0, 1, 2, 3, 4, 5, 6, 7, 8), (0, 5, 1, 4, 7, 3, 8, 6, 2)),
    10: ((0, 2, 4, 6, 1, 3, 5, 7, 9, 3), (0, 5, 3, 8, 9, 7, 1, 2, 6, 9)),
    12: (
        (0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 0),
        (0, 3, 8, 6, 9, 2, 11, 4, 7, 5, 10, 7),
    ),
}


# With 3T - 1 players the phantom N T sits at table T every round and the E and
# S players visiting it sit out.  With offsets they sit out once each only if
# the x_r (and the y_r) are all different, which with T even cannot go with
# playing every set once (the sum argument of the package docstring): two
# players sat out twice and others never (11 players on 4 tables: 2E and 1S
# twice, 2E and 3S never).  So for T even each moving line follows a circuit:
# after each round the player at table ``circuit[i]`` moves to table
# ``circuit[i + 1]`` (the last back to the first), player n starting at table
# n.  A player then visits every table once, so he sits out exactly once and
# meets every N player; he plays every set but the one at table T when he is
# there iff the circuit c satisfies: c[i] + i (mod T) differ for every i with
# c[i] != T (a near-complete mapping; exists for every even T).  The pairs
# below were found once, offline, by a depth-first search over such circuits
# (E the regular "up one, T/2 to T, T to T/2 + 1" where a matching S exists,
# all but T = 10), keeping a pair whose E and S players meet T - 1 different
# players of the other line, each curtailed session as well; none reaches that
# for T = 4 (2 of the 3 at most, checked over all 8 x 8 circuit pairs).
# tests/tournaments/movements/test_whiz_sit_outs.py re-checks them.
_SIT_OUT_CIRCUITS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    4: ((1, 2, 4, 3), (1, 4, 2, 3)),
    6: ((1, 2, 3, 6, 4, 5), (1, 6, 4, 2, 5, 3)),
    8: ((1, 2, 3, 4, 8, 5, 6, 7), (1, 3, 8, 5, 7, 2, 4, 6)),
    10: ((1, 6, 3, 5, 10, 7, 8, 9, 2, 4), (1, 4, 10, 9, 5, 8, 2, 3, 6, 7)),
    12: (
        (1, 2, 3, 4, 5, 6, 12, 7, 8, 9, 10, 11),
        (1, 12, 6, 2, 8, 10, 4, 9, 3, 5, 11, 7),
    ),
}


def whiz_offsets(
    tables: int, rounds: int | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the E and S offsets (x_r, y_r) of rounds 1 .. ``rounds``.

    An offset is how many tables up the player has moved since round 1 (see
    the package docstring).  Linear for 5, 7 and 11 tables, else embedded.
    """
    check_int("tables", tables, MIN_TABLES, MAX_TABLES)
    if rounds is None:
        rounds = tables
    check_int("rounds", rounds, 1, tables)
    if gcd(tables, 6) == 1:
        east = tuple(k % tables for k in range(tables))
        south = tuple(2 * k % tables for k in range(tables))
    else:
        east, south = _OFFSETS[tables]
    return east[:rounds], south[:rounds]


def whiz_movement(
    tables: int,
    boards_per_round: int,
    players: int | None = None,
    rounds: int | None = None,
) -> WhizMovement:
    """Return a Whiz movement for ``tables`` tables (3 to 12).

    ``players`` defaults to 3T; 3T - 1 or 3T - 2 adds one or two phantoms,
    placed to make as few sit-outs as possible (package docstring).  ``rounds``
    defaults to T, so everyone plays every board set; fewer rounds curtail the
    movement, keeping the best meetings for that length.  Raise ValueError
    naming the argument when one is out of range.
    """
    check_int("tables", tables, MIN_TABLES, MAX_TABLES)
    check_int("boards_per_round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    if players is None:
        players = 3 * tables
    check_int("players", players, 3 * tables - 2, 3 * tables)
    if rounds is None:
        rounds = tables
    check_int("rounds", rounds, 1, tables)

    east, south = whiz_offsets(tables, rounds)
    missing = _phantom_positions(tables, east, south, 3 * tables - players)
    circuits = _SIT_OUT_CIRCUITS.get(tables) if players == 3 * tables - 1 else None
    seat = _circuit_seat(circuits) if circuits else _offset_seat(east, south, tables)
    roster = tuple(
        WhizPlayer(
            id=index * tables + number,
            line=line,
            number=number,
            phantom=(line, number) in missing,
        )
        for index, line in enumerate(LINES)
        for number in range(1, tables + 1)
    )
    phantom_ids = {player.id for player in roster if player.phantom}
    seatings = []
    for r in range(1, rounds + 1):
        k = r - 1
        for t in range(1, tables + 1):
            ids = (t, tables + seat(EAST, t, k), 2 * tables + seat(SOUTH, t, k))
            board_set = (t - 1 + k) % tables + 1
            seatings.append(
                WhizSeating(
                    round=r,
                    table=t,
                    board_set=board_set,
                    boards=set_boards(board_set, boards_per_round),
                    north=ids[0],
                    east=ids[1],
                    south=ids[2],
                    phantom_seats=tuple(
                        line
                        for line, pid in zip(LINES, ids, strict=True)
                        if pid in phantom_ids
                    ),
                )
            )
    return WhizMovement(
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        players=roster,
        seatings=tuple(seatings),
        notes=movement_notes(tables, east, south, roster, seatings, circuits),
    )


def _offset_seat(
    east: tuple[int, ...], south: tuple[int, ...], tables: int
) -> Callable[[str, int, int], int]:
    """The number of the E or S player at a table in round k + 1, by offsets."""
    offsets = {EAST: east, SOUTH: south}

    def seat(line: str, table: int, k: int) -> int:
        return _player_at(table, offsets[line][k], tables)

    return seat


def _circuit_seat(
    circuits: tuple[tuple[int, ...], tuple[int, ...]],
) -> Callable[[str, int, int], int]:
    """The number of the E or S player at a table in round k + 1 when the
    line follows its circuit: player n starts at table n and moves on one
    place of the circuit each round, so the player at ``circuit[i]`` in round
    k + 1 started k places back."""
    routes = dict(zip((EAST, SOUTH), circuits, strict=True))

    def seat(line: str, table: int, k: int) -> int:
        route = routes[line]
        return route[(route.index(table) - k) % len(route)]

    return seat


def _player_at(table: int, offset: int, tables: int) -> int:
    """Return the number of the moving player at ``table`` (offset up from home)."""
    return (table - 1 - offset) % tables + 1


def _phantom_positions(
    tables: int, east: tuple[int, ...], south: tuple[int, ...], count: int
) -> set[tuple[str, int]]:
    """Return the (line, number) of ``count`` phantoms (0, 1 or 2).

    One phantom is N player T.  Two are the pair of players in different lines
    that share a table in most rounds, ties going to N-E, N-S, E-S in turn,
    then to the pair that shares a table earliest.  Players a and b of lines
    A, B share a table when b - a equals A's offset minus B's, so the rounds
    they share are the repeats of one value of that difference.
    """
    if count == 0:
        return set()
    if count == 1:
        return {(NORTH, tables)}
    north = (0,) * len(east)
    offsets = {NORTH: north, EAST: east, SOUTH: south}
    candidates = []
    for order, (first, second) in enumerate(LINE_PAIRS):
        differences = [
            (b - a) % tables
            for a, b in zip(offsets[first], offsets[second], strict=True)
        ]
        counts = Counter(differences)
        for k, value in enumerate(differences):
            if differences.index(value) == k:
                candidates.append((-counts[value], order, k, first, second, value))
    _, _, _, first, second, value = min(candidates)
    # The second player's home table is the first's, T, moved down by value.
    return {(first, tables), (second, _player_at(tables, value, tables))}
