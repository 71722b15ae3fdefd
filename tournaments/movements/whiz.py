"""Whiz-Bridge movements: three players a table, the Domy holds West.

Whiz is played by three players and a dummy, the Domy.  In a Donne Whiz
tournament the Domy holds the West hand of every board and the players hold
North, East and South.  Every table plays the same boards, and players are
ranked individually by comparing, board by board, their score with everybody
who held the same hand elsewhere.  So a player keeps his hand position for the
whole session: the players form three *lines* (N, E and S) of T players each,
T being the number of tables.

Conventions (rounds, tables, board sets and player numbers are 1-based):

* Board set s holds boards (s - 1) * b + 1 .. s * b.  In round 1 set t is on
  table t; after each round the boards move DOWN one table, like a Mitchell's
  (table 1 to table T): in round r table t plays set (t - 1 + r - 1) mod T + 1.
* N player n sits at table n all session.
* E and S players move by per-round *offsets*: x_r (E) and y_r (S) are the
  number of tables a player has moved UP since round 1, so x_1 = y_1 = 0 and
  E player e sits at table (e - 1 + x_r) mod T + 1 in round r; S player s at
  (s - 1 + y_r) mod T + 1.

With k = r - 1, E player e plays set e + x_r + k and meets N player e + x_r
(modulo T), and he meets S player s when s - e = x_r - y_r.  Hence:

* hard: each player plays each set at most once iff the x_r + k are distinct,
  and so are the y_r + k (N players play every set once anyway);
* soft: every E player meets as many different N players as there are
  different x_r, every player of a line alike; N-S meetings count the
  different y_r and E-S meetings the different y_r - x_r.

The soft counts are maximised in the order N-E, N-S, E-S (lexicographically).
When gcd(T, 6) = 1 (5, 7 and 11 tables) the linear offsets x_r = k, y_r = 2k
are perfect: 1, 1 + 1, 2, 2 + 1 and 2 - 1 are all units modulo T, so everyone
meets each player of the other lines exactly once: E players move up one
table a round, S players up two.  Elsewhere a perfect movement cannot exist:

* T even: an E player meeting every N player once would sit once at every
  table, so the x_r would run through all residues; playing every set once,
  so would the x_r + k.  Summed over the T rounds the two differ by the sum of
  the k, T(T - 1)/2 = T/2 (mod T), yet two full residue systems have equal
  sums.  The same holds for any board movement of this shape, and for E-S
  meetings (the y_r - x_r sum to 0 but a residue system sums to T/2).  So
  with T even a player meets T - 1 of the T players of each other line, one
  of them twice.
* T = 3: the hard constraints leave x and y each either (0, 0, 0) or
  (0, 1, 2); complete N-E and N-S meetings force x = y, so the E and S
  players at a table stay together all session (one E-S opponent each).
* T = 9: there are 225 offset sequences x with x_1 = 0 that meet every N
  player and play every set; no two of them differ in more than 7 distinct
  ways, so with complete N-E and N-S meetings a player meets 7 of the 9
  players of the third line.

Meetings per player for a full session (rounds = T), N-E / N-S / E-S, against
the naive bound min(rounds, T):

    T      3  4  5  6  7  8  9  10  11  12
    N-E    3  3  5  5  7  7  9   9  11  11
    N-S    3  3  5  5  7  7  9   9  11  11
    E-S    1  3  5  5  7  7  7   9  11  11

That is what "as many opponents as the table count permits" means here.  The
embedded offsets are also best for every curtailed session: their first R
rounds reach the best counts for R rounds (min(R, T) each, except E-S for
T = 3, 1; T = 4, R = 3, 2; T = 9, R >= 8, 7).

Missing players are phantoms; a table with a phantom sits out (Whiz needs
three players).  With 3T - 1 players the phantom is N player T: table T sits
out every round, and each E and S player sits out once per round he would
have met it.  With 3T - 2 players the two phantoms are in different lines and
chosen to share a table in as many rounds m as possible (then preferring an
N-E pair, then N-S, then the pair sharing a table earliest; the first phantom
is number T of its line), because a round where they share one table leaves
one real player idle and any other round four: the session has 2R - m sit-out
tables and 4R - 3m idle player-rounds.  For a full session that gives:

* T = 5, 7, 11: N T and E T, sharing table T in round 1 (m = 1);
* T = 4, 6, 8, 12: N T and E T, sharing table T in rounds 1 and T (m = 2);
  T = 10: N 10 and E 7, sharing table 10 in rounds 6 and 10 (m = 2);
* T = 3: E 3 and S 3, partners all session (m = 3): only the N player they
  visit sits out;
* T = 9: E 9 and S 1, sharing a table in rounds 3 and 8 (m = 2).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from math import gcd

from .model import (
    MAX_BOARDS_PER_ROUND,
    Listing,
    Note,
    check_int,
    gettext_noop,
    join_numbers,
    set_boards,
)

NORTH = "N"
EAST = "E"
SOUTH = "S"
LINES = (NORTH, EAST, SOUTH)
LINE_PAIRS = ((NORTH, EAST), (NORTH, SOUTH), (EAST, SOUTH))
SEAT_NAMES = {NORTH: "North", EAST: "East", SOUTH: "South"}
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
class LineMeetings:
    """How many different players of one line each player of another meets.

    ``lines`` is e.g. ``"N-E"``; ``distinct`` holds ``(player id, count)`` for
    every real player of both lines, by id, counting real opponents met at
    real tables; ``best`` is the naive bound min(rounds, tables) (see the
    module docstring for the table counts that cannot reach it).
    """

    lines: str
    best: int
    distinct: tuple[tuple[int, int], ...]

    @property
    def fewest(self) -> int:
        """Return the smallest count of any player (0 if there is no player)."""
        return min((n for _, n in self.distinct), default=0)

    @property
    def most(self) -> int:
        """Return the largest count of any player (0 if there is no player)."""
        return max((n for _, n in self.distinct), default=0)

    def of(self, player_id: int) -> int:
        """Return one player's count; ``KeyError`` if he is not in these lines."""
        for pid, n in self.distinct:
            if pid == player_id:
                return n
        raise KeyError(f"player {player_id} is not in lines {self.lines}")


@dataclass(frozen=True)
class WhizMovement:
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

    @property
    def board_sets(self) -> int:
        """Return the number of board sets the movement uses."""
        return len({s.board_set for s in self.seatings})

    @property
    def boards(self) -> tuple[int, ...]:
        """Return every board number in play, sorted: 1 .. T * b."""
        return tuple(sorted({b for s in self.seatings for b in s.boards}))

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


def whiz_offsets(
    tables: int, rounds: int | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return the E and S offsets (x_r, y_r) of rounds 1 .. ``rounds``.

    An offset is how many tables up the player has moved since round 1 (see
    the module docstring).  Linear for 5, 7 and 11 tables, else embedded.
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
    placed to make as few sit-outs as possible (module docstring).  ``rounds``
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
        notes=_notes(tables, east, south, roster, seatings),
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


def _notes(
    tables: int,
    east: tuple[int, ...],
    south: tuple[int, ...],
    players: tuple[WhizPlayer, ...],
    seatings: list[WhizSeating],
) -> tuple[Note, ...]:
    """Return the director's notes for the movement sheet."""
    notes = [
        Note(
            gettext_noop(
                "The Domy holds the West hand at every table; each player keeps "
                "his hand (N, E or S) all session"
            )
        ),
        Note(gettext_noop("N players stay at their table")),
        _moves_note(EAST, east, tables),
        _moves_note(SOUTH, south, tables),
    ]
    if len(east) > 1 and east == south:
        notes.append(
            Note(
                gettext_noop(
                    "E and S players move together: each E player has the same S "
                    "player at his table all session"
                )
            )
        )
    notes.append(
        Note(
            gettext_noop("Boards move down one table (table 1 to table %(tables)s)"),
            tables=tables,
        )
    )
    phantoms = [player for player in players if player.phantom]
    if phantoms:
        message = (
            gettext_noop(
                "Phantom %(players)s: a table with a phantom sits out (Whiz needs "
                "three players)"
            )
            if len(phantoms) == 1
            else gettext_noop(
                "Phantoms %(players)s: a table with a phantom sits out (Whiz needs "
                "three players)"
            )
        )
        notes.append(Note(message, players=Listing(p.label for p in phantoms)))
    notes += [
        Note(gettext_noop("Table %(table)s sits out every round"), table=player.number)
        for player in phantoms
        if player.line == NORTH
    ]
    shared = [s.round for s in seatings if len(s.phantom_seats) == 2]
    if shared:
        message = (
            gettext_noop("The phantoms share a table in round %(rounds)s")
            if len(shared) == 1
            else gettext_noop("The phantoms share a table in rounds %(rounds)s")
        )
        notes.append(Note(message, rounds=Listing(shared)))
    return tuple(notes)


# How many tables a line moves, in words, up to six.
_WORDS = {
    2: gettext_noop("two"),
    3: gettext_noop("three"),
    4: gettext_noop("four"),
    5: gettext_noop("five"),
    6: gettext_noop("six"),
}


def _step_words(step: int, tables: int) -> Note:
    """Return "move up one table", "move down two tables", "stay at their
    table" for a move of ``step`` tables."""
    if step == 0:
        return Note(gettext_noop("stay at their table"))
    up = step <= tables // 2
    size = step if up else tables - step
    if size == 1:
        return Note(
            gettext_noop("move up one table")
            if up
            else gettext_noop("move down one table")
        )
    count = Note(_WORDS[size]) if size in _WORDS else size
    message = (
        gettext_noop("move up %(count)s tables")
        if up
        else gettext_noop("move down %(count)s tables")
    )
    return Note(message, count=count)


def _moves_note(line: str, offsets: tuple[int, ...], tables: int) -> Note:
    """Describe how a line moves: a regular step, or "follow the guide card".

    A step taken in most rounds, with at most two exceptions, reads as a rule
    ("move up one table, but ... after round 4"); anything less regular lists
    player 1's tables, the others following shifted by their number.
    """
    steps = [(b - a) % tables for a, b in pairwise(offsets)]
    if not steps:
        return Note(gettext_noop("%(line)s players play at their own table"), line=line)
    common, times = Counter(steps).most_common(1)[0]
    exceptions = [(r, s) for r, s in enumerate(steps, start=1) if s != common]
    if 2 * times > len(steps) and len(exceptions) <= 2:
        wrap: Note | str = ""
        if common:
            wrap = Note(
                gettext_noop(" (counting on from table %(tables)s to table 1)")
                if common <= tables // 2
                else gettext_noop(" (counting back from table 1 to table %(tables)s)"),
                tables=tables,
            )
        but: Note | str = ""
        if exceptions:
            but = Note(
                gettext_noop(", but %(exceptions)s"),
                exceptions=Listing(
                    Note(
                        gettext_noop("%(move)s after round %(round)s"),
                        move=_step_words(s, tables),
                        round=r,
                    )
                    for r, s in exceptions
                ),
            )
        return Note(
            gettext_noop("%(line)s players %(move)s each round%(wrap)s%(but)s"),
            line=line,
            move=_step_words(common, tables),
            wrap=wrap,
            but=but,
        )
    return Note(
        gettext_noop(
            "%(line)s players follow the guide card: in rounds 1 to %(rounds)s "
            "%(line)s player 1 sits at tables %(path)s; %(line)s player n sits n - 1 "
            "tables higher (counting on from table %(tables)s to table 1)"
        ),
        line=line,
        rounds=len(offsets),
        path=Listing(offset % tables + 1 for offset in offsets),
        tables=tables,
    )


def check_whiz_movement(movement: WhizMovement) -> list[str]:
    """Return the movement's problems, in a readable form; empty means sound.

    Checks the roster (three lines of T numbered players, at most two
    phantoms), the grid (each round and table once, the right boards), each
    round (every set at one table, every player at one table), the seats
    (each player in his line's seat, phantom seats as declared) and play (no
    real player plays a set twice).
    """
    problems = _check_players(movement)
    problems += _check_grid(movement)
    problems += _check_rounds(movement)
    problems += _check_seats(movement)
    problems += _check_repeats(movement)
    return problems


def _label(movement: WhizMovement, player_id: int) -> str:
    """Return a player's label, or ``#id`` for an id the movement does not have."""
    try:
        return movement.player(player_id).label
    except KeyError:
        return f"#{player_id}"


def _check_players(movement: WhizMovement) -> list[str]:
    """Ids are unique; each line has players 1..T; two phantoms at most."""
    problems = []
    ids = Counter(player.id for player in movement.players)
    problems += [f"player id {pid} is used twice" for pid, n in ids.items() if n > 1]
    expected = list(range(1, movement.tables + 1))
    for line in LINES:
        numbers = sorted(p.number for p in movement.players if p.line == line)
        if numbers != expected:
            problems.append(
                f"line {line} must have players 1 to {movement.tables}, got {numbers}"
            )
    strays = sorted({p.line for p in movement.players} - set(LINES))
    problems += [f"unknown line {line!r}" for line in strays]
    phantoms = [p.label for p in movement.players if p.phantom]
    if len(phantoms) > 2:
        problems.append(f"more than two phantoms: {', '.join(phantoms)}")
    return problems


def _check_grid(movement: WhizMovement) -> list[str]:
    """Each (round, table) of 1..R x 1..T is listed once, in order, right boards."""
    problems = []
    keys = [(s.round, s.table) for s in movement.seatings]
    if keys != sorted(keys):
        problems.append("seatings are not sorted by round then table")
    counts = Counter(keys)
    for r in range(1, movement.rounds + 1):
        for t in range(1, movement.tables + 1):
            if not counts[r, t]:
                problems.append(f"round {r} table {t}: no seating")
    for (r, t), n in sorted(counts.items()):
        if n > 1:
            problems.append(f"round {r} table {t}: listed {n} times")
        if not (1 <= r <= movement.rounds and 1 <= t <= movement.tables):
            problems.append(f"round {r} table {t}: outside the movement")
    for s in movement.seatings:
        if not 1 <= s.board_set <= movement.tables:
            problems.append(f"round {s.round} table {s.table}: no set {s.board_set}")
        elif s.boards != set_boards(s.board_set, movement.boards_per_round):
            problems.append(
                f"round {s.round} table {s.table}: set {s.board_set} is not boards "
                f"{_span(set_boards(s.board_set, movement.boards_per_round))}"
            )
    return problems


def _span(boards: tuple[int, ...]) -> str:
    """Write a board set's numbers as ``"4-6"`` (or ``"4"``)."""
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"


def _check_rounds(movement: WhizMovement) -> list[str]:
    """Each round has every set at exactly one table, every player at one table."""
    problems = []
    for r in range(1, movement.rounds + 1):
        seatings = [s for s in movement.seatings if s.round == r]
        where: dict[int, list[int]] = {}
        for s in seatings:
            where.setdefault(s.board_set, []).append(s.table)
        for board_set in range(1, movement.tables + 1):
            at = where.get(board_set, [])
            if len(at) > 1:
                problems.append(
                    f"round {r}: set {board_set} is at tables {join_numbers(at)}"
                )
            elif not at:
                problems.append(f"round {r}: set {board_set} is at no table")
        seats: dict[int, list[int]] = {}
        for s in seatings:
            for pid in s.player_ids:
                seats.setdefault(pid, []).append(s.table)
        for player in movement.players:
            at = seats.get(player.id, [])
            if len(at) > 1:
                problems.append(
                    f"round {r}: player {player.label} is at tables {join_numbers(at)}"
                )
            elif not at:
                problems.append(f"round {r}: player {player.label} has no seat")
    return problems


def _check_seats(movement: WhizMovement) -> list[str]:
    """Each player sits in his own line's seat; phantom seats are as declared."""
    problems = []
    for s in movement.seatings:
        where = f"round {s.round} table {s.table}"
        declared = []
        for line, pid in zip(LINES, s.player_ids, strict=True):
            try:
                player = movement.player(pid)
            except KeyError:
                problems.append(f"{where}: no player {pid}")
                continue
            if player.line != line:
                problems.append(f"{where}: {player.label} sits {SEAT_NAMES[line]}")
            if player.phantom:
                declared.append(line)
        if tuple(declared) != s.phantom_seats:
            problems.append(
                f"{where}: phantom seats are {declared or 'none'}, "
                f"declared {list(s.phantom_seats) or 'none'}"
            )
    return problems


def _check_repeats(movement: WhizMovement) -> list[str]:
    """No real player plays the same board set twice (at real tables)."""
    plays: dict[tuple[int, int], list[int]] = {}
    for s in movement.seatings:
        if s.sits_out:
            continue
        for pid in s.player_ids:
            plays.setdefault((pid, s.board_set), []).append(s.round)
    return [
        f"player {_label(movement, pid)} plays set {board_set} "
        f"{len(rounds)} times (rounds {join_numbers(rounds)})"
        for (pid, board_set), rounds in sorted(plays.items())
        if len(rounds) > 1
    ]


def meeting_report(movement: WhizMovement) -> dict[str, LineMeetings]:
    """Return, per pair of lines ("N-E", "N-S", "E-S"), each player's meetings.

    Each real player of the two lines gets the number of different real
    players of the other line he plays with; ``best`` is min(rounds, tables).
    """
    met = movement.meetings()
    partners: dict[int, set[int]] = {}
    for pair in met:
        a, b = tuple(pair)
        partners.setdefault(a, set()).add(b)
        partners.setdefault(b, set()).add(a)
    lines = {p.id: p.line for p in movement.players}
    report = {}
    for first, second in LINE_PAIRS:
        counts = tuple(
            (
                p.id,
                sum(
                    lines[o] == (second if p.line == first else first)
                    for o in partners.get(p.id, ())
                ),
            )
            for p in movement.players
            if p.line in (first, second) and not p.phantom
        )
        key = f"{first}-{second}"
        report[key] = LineMeetings(
            lines=key, best=min(movement.rounds, movement.tables), distinct=counts
        )
    return report
