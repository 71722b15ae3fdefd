"""Complete Howell movements: every pair meets every other pair once.

For T tables there are 2T pairs, 2T - 1 rounds and 2T - 1 board sets; each
pair plays every set exactly once and each board is played T times.

Construction.  Number the moving pairs by the residues 0 .. n - 1 modulo
n = 2T - 1 (pair k + 1 is residue k) plus a stationary pair, pair 2T ("oo").
A *starter* splits the residues 1 .. n - 1 into pairs {x, y} whose differences
+-(x - y) are all distinct; with {oo, 0} it is round 1, and adding g to every
residue gives round g + 1.  That is the classical cyclic Howell: pair 2T stays
at table 1 North-South and after each round every other pair takes the seat
held by the next lower-numbered pair (pair 1 takes pair 2T - 1's seat).
An *adder* gives each starter pair a distinct non-zero set offset a so that
the residues x - a, y - a are distinct and non-zero: the match {x, y} + g
then plays set a + g, and each set is played once a round and once by each
pair.  Starter and adder together make a Room square of side n, which exists
for every odd n except 3 and 5 (Mullin and Wallis, 1975).  So for 4 to 10
tables every table has its own set every round and T - 1 sets wait on relay
stands.  Tables are numbered by adder, table 1 (the stationary pair's) having
a = 0: each table plays the next higher set each round, and the boards move
down one table (table 1 to table T) like a Mitchell's, passing through relay
stands where the adders leave a gap - one or two stands, as in the EBU's
club Howells.

2 and 3 tables have no Room square, so boards must be shared:

* 2 tables: both tables play the same set each round (the standard 3-round
  2-table Howell, ACBL / bridgescoreplus.com "recommended movements").
* 3 tables: two perfect matchings of six pairs share 0, 1 or 3 matches, so some
  round must play one set at all three tables; the standard 3-table Howell
  does it once, in the last round (the layout of bridgescorer's
  Howell06T3B15Relay).

With 2T - 1 pairs the stationary pair 2T is the phantom: table 1 is then a
sit-out table and every board is played T - 1 times.
"""

from __future__ import annotations

from .model import (
    HOWELL,
    MAX_BOARDS_PER_ROUND,
    BoardShare,
    Listing,
    Movement,
    MovementPair,
    Note,
    Seating,
    check_int,
    gettext_noop,
    playing_share,
    set_boards,
)

MIN_TABLES = 2
MAX_TABLES = 10

# Room square starters and adders, n = 2T - 1: (x, y, a) per moving table.
# Found by a small backtracking search that asks for the adders to be as
# close to one run as possible, so that boards pass from table to table; the
# adders of a Room square sum to 0 modulo n, which allows one run (one relay
# stand) when n = 1 mod 4 and forces two otherwise.  Each one is checked by
# validate() in tests/tournaments/movements/test_movements_soundness.py.
_ROOM_STARTERS: dict[int, tuple[tuple[int, int, int], ...]] = {
    7: ((1, 3, 2), (2, 6, 4), (4, 5, 1)),
    9: ((1, 2, 8), (3, 7, 2), (4, 6, 7), (5, 8, 1)),
    11: ((1, 3, 5), (2, 9, 10), (4, 10, 2), (5, 8, 4), (6, 7, 1)),
    13: ((1, 3, 2), (2, 12, 10), (4, 9, 11), (5, 11, 1), (6, 10, 3), (7, 8, 12)),
    15: (
        (1, 2, 3),
        (3, 5, 9),
        (4, 12, 2),
        (6, 10, 5),
        (7, 13, 1),
        (8, 11, 4),
        (9, 14, 6),
    ),
    17: (
        (1, 2, 3),
        (3, 5, 16),
        (4, 14, 2),
        (6, 12, 15),
        (7, 16, 13),
        (8, 11, 1),
        (9, 13, 4),
        (10, 15, 14),
    ),
    19: (
        (1, 2, 3),
        (3, 5, 1),
        (4, 8, 11),
        (6, 13, 5),
        (7, 16, 2),
        (9, 14, 18),
        (10, 18, 7),
        (11, 17, 4),
        (12, 15, 6),
    ),
}

# 2 tables: table 2 starts with 3 NS v 2 EW (ACBLscore's "standard" layout).
_TWO_TABLE_STARTER = ((2, 1),)
# 3 tables: table 2 starts 4 v 3, table 3 starts 2 v 5; the sets of tables
# 1, 2, 3 in each round, all three sharing set 5 in round 5.
_THREE_TABLE_STARTER = ((3, 2), (1, 4))
_THREE_TABLE_SETS = ((1, 2, 4), (2, 3, 4), (3, 2, 1), (4, 3, 1), (5, 5, 5))


def _layout(tables: int) -> tuple[tuple[tuple[int, int], ...], list[list[int]]]:
    """Return the round-1 starter (ns, ew residues per moving table) and sets.

    ``sets[r][t]`` is the 1-based set of table t + 1 in round r + 1.
    """
    n = 2 * tables - 1
    if tables == 2:
        return _TWO_TABLE_STARTER, [[g + 1, g + 1] for g in range(n)]
    if tables == 3:
        return _THREE_TABLE_STARTER, [list(row) for row in _THREE_TABLE_SETS]
    starter = sorted(_ROOM_STARTERS[n], key=lambda xya: xya[2])
    sets = [[g + 1] + [(a + g) % n + 1 for _, _, a in starter] for g in range(n)]
    return tuple((x, y) for x, y, _ in starter), sets


def howell(
    tables: int, *, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Return the complete Howell for ``tables`` tables (2 to 10).

    2T pairs, or 2T - 1 with ``pairs`` (pair 2T is then the phantom), play
    2T - 1 rounds of ``boards_per_round`` boards.  Raise ValueError on
    out-of-range arguments.
    """
    check_int("tables", tables, MIN_TABLES, MAX_TABLES)
    check_int("boards_per_round", boards_per_round, 1, MAX_BOARDS_PER_ROUND)
    total = 2 * tables
    if pairs is None:
        pairs = total
    if pairs not in (total, total - 1) or isinstance(pairs, bool):
        raise ValueError(
            f"pairs must be {total} or {total - 1} for {tables} tables, got {pairs!r}"
        )
    n = total - 1
    starter, sets = _layout(tables)
    movement_pairs = tuple(
        MovementPair(p, p, None, phantom=pairs < total and p == total)
        for p in range(1, total + 1)
    )
    seatings = []
    shares = []
    for g in range(n):
        r = g + 1
        # With a phantom, pair 2T's table 1 sits out every round.
        sitting_out = {1} if pairs < total else set()
        matches = [(total, g + 1)] + [
            ((x + g) % n + 1, (y + g) % n + 1) for x, y in starter
        ]
        for t, (ns, ew) in enumerate(matches, start=1):
            board_set = sets[g][t - 1]
            seatings.append(
                Seating(
                    r, t, ns, ew, board_set, set_boards(board_set, boards_per_round)
                )
            )
        for board_set in sorted(set(sets[g])):
            at = [t for t, s in enumerate(sets[g], start=1) if s == board_set]
            share = playing_share(r, board_set, at, sitting_out)
            if share:
                shares.append(share)
    size = f"{tables} tables" + ("" if pairs == total else f" ({pairs} pairs)")
    return Movement(
        kind=HOWELL,
        name=f"Howell {size}, {n} rounds x {boards_per_round} boards",
        tables=tables,
        rounds=n,
        boards_per_round=boards_per_round,
        pairs=movement_pairs,
        seatings=tuple(seatings),
        notes=_notes(tables, sets, shares, pairs < total),
        shares=tuple(shares),
    )


def _notes(
    tables: int, sets: list[list[int]], shares: list[BoardShare], phantom: bool
) -> tuple[Note, ...]:
    """Return the director's notes for a Howell."""
    total = 2 * tables
    notes = [
        Note(
            gettext_noop(
                "Pair %(pair)s stays at table 1 NS; after each round every other "
                "pair takes the seat of the next lower-numbered pair (pair 1 takes "
                "pair %(last)s's seat)"
            ),
            pair=total,
            last=total - 1,
        )
    ]
    if phantom:
        notes.append(
            Note(
                gettext_noop("Phantom: pair %(pair)s (table 1 sits out every round)"),
                pair=total,
            )
        )
    if tables < 4:  # no Room square: boards are shared, not relayed
        for share in shares:
            notes.append(
                Note(
                    gettext_noop(
                        "Round %(round)s: tables %(tables)s share set %(set)s"
                    ),
                    round=share.round,
                    tables=Listing(share.tables),
                    set=share.board_set,
                )
            )
        return tuple(notes)
    n = total - 1
    notes.append(
        Note(
            gettext_noop(
                "Boards move down one table (table 1 to table %(tables)s); each "
                "table plays the next higher set each round (set %(last)s is "
                "followed by set 1)"
            ),
            tables=tables,
            last=n,
        )
    )
    # Table t holds position sets[0][t] - 1 of a circle of n; the positions
    # between two tables are relay stands that the boards pass through.
    positions = [board_set - 1 for board_set in sets[0]] + [n]
    for t in range(1, tables + 1):
        waiting = positions[t] - positions[t - 1] - 1
        if waiting:
            message = (
                gettext_noop(
                    "Relay stand between tables %(table)s and %(next)s (1 set): "
                    "boards from table %(next)s go onto it, table %(table)s takes "
                    "the next set from it"
                )
                if waiting == 1
                else gettext_noop(
                    "Relay stand between tables %(table)s and %(next)s (%(sets)s "
                    "sets): boards from table %(next)s go onto it, table %(table)s "
                    "takes the next set from it"
                )
            )
            notes.append(Note(message, table=t, next=t % tables + 1, sets=waiting))
    return tuple(notes)
