"""Building a Whiz movement: the offsets of the moving lines, the phantoms.

The offsets x_r (E) and y_r (S) say how far each moving line has moved up
since round 1; they are linear for 5, 7 and 11 tables and embedded below for
the other table counts (see ``tournaments.movements.whiz`` for why no perfect
movement exists there, and what the embedded ones reach).
"""

from __future__ import annotations

from collections import Counter
from math import gcd

from ..model import MAX_BOARDS_PER_ROUND, check_int, set_boards
from .notes import movement_notes
from .seating import (
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
            ids = (
                t,
                tables + _player_at(t, east[k], tables),
                2 * tables + _player_at(t, south[k], tables),
            )
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
        notes=movement_notes(tables, east, south, roster, seatings),
    )


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
