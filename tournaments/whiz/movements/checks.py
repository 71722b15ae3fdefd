"""Checking a Whiz movement, and counting who meets whom.

``check_whiz_movement`` lists every problem of a movement (the roster, the
grid of rounds and tables, each round, the seats, repeated board sets);
``meeting_report`` counts, per pair of lines, the different players of the
other line each player meets.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from tournaments.movements.model import join_numbers, set_boards
from tournaments.movements.validation import grid_problems
from tournaments.whiz.movements.seating import (
    LINE_PAIRS,
    LINES,
    SEAT_NAMES,
    WhizMovement,
)


@dataclass(frozen=True)
class LineMeetings:
    """How many different players of one line each player of another meets.

    ``lines`` is e.g. ``"N-E"``; ``distinct`` holds ``(player id, count)`` for
    every real player of both lines, by id, counting real opponents met at
    real tables; ``best`` is the naive bound min(rounds, tables) (see the
    package docstring for the table counts that cannot reach it).
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


def check_whiz_movement(movement: WhizMovement) -> list[str]:
    """Return the movement's problems, in a readable form; empty means sound.

    Checks the roster (three lines of T numbered players, at most two
    phantoms), the grid (each round and table once, the right boards), each
    round (every set at one table, every player at one table), the seats
    (each player in his line's seat, phantom seats as declared), play (no
    real player plays a set twice) and, with one phantom (3T - 1 players),
    the sit-outs (``sit_out_problems``).
    """
    problems = _check_players(movement)
    problems += _check_grid(movement)
    problems += _check_rounds(movement)
    problems += _check_seats(movement)
    problems += _check_repeats(movement)
    if len(movement.phantoms) == 1:
        problems += sit_out_problems(movement)
    return problems


def sit_out_problems(movement: WhizMovement) -> list[str]:
    """Each time a real player sits out a second time (third, ...) while
    another has sat out fewer times, in round order: sit-outs must go round
    the field, no player sitting out twice before everyone has sat out once.

    With 3T - 1 players the phantom's table idles two players a round, 2R
    of the 3T - 1 over R rounds: one each at most.  With 3T - 2 players
    (phantoms in lines X and Y) it cannot hold from 5 tables up, whatever
    the movement, so ``check_whiz_movement`` does not ask it: a round where
    the phantoms sit apart idles two players of the third line Z and one
    each of X and Y (a shared round, one of Z).  After a such rounds and b
    shared ones Z has had 2a + b sit-outs among its T players, X only a
    among its T - 1; a Z player's second sit-out comes in the round that
    takes 2a + b past T, after a round with 2a + b <= T, so with
    a <= T / 2 + 1 < T - 1 for T >= 5: some X player has not sat out yet.
    """
    real = [p for p in movement.players if not p.phantom]
    times = dict.fromkeys((p.id for p in real), 0)
    problems = []
    for r in range(1, movement.rounds + 1):
        idle = [
            pid
            for s in movement.seatings
            if s.round == r and s.sits_out
            for pid in s.player_ids
            if pid in times
        ]
        for pid in idle:
            fewer = [p.label for p in real if times[p.id] < times[pid]]
            if fewer:
                problems.append(
                    f"round {r}: {_label(movement, pid)} sits out for the "
                    f"{_ordinal(times[pid] + 1)} time before {', '.join(fewer)}"
                )
        for pid in idle:
            times[pid] += 1
    return problems


def _label(movement: WhizMovement, player_id: int) -> str:
    """Return a player's label, or ``#id`` for an id the movement does not have."""
    try:
        return movement.player(player_id).label
    except KeyError:
        return f"#{player_id}"


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th ... (the validator's messages are for developers,
    in English)."""
    suffix = (
        "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    )
    return f"{n}{suffix}"


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
    keys = [(s.round, s.table) for s in movement.seatings]
    problems = grid_problems(keys, movement.rounds, movement.tables)
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
