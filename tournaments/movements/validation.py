"""Check that a movement is sound before anybody sits down to play it.

A seating with the phantom is a sit-out: nobody plays there, so it counts
neither as a meeting nor as a play of its boards by the real pair.  The
phantom itself does "play" the boards it sits at, so that its share shows up
when boards are counted: every board must be played the same number of times
once the sit-outs are added back, which lets boards facing the phantom be
played one time fewer and nothing else.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from .model import BoardShare, Movement, format_boards, join_numbers


def validate(movement: Movement) -> list[str]:
    """Return the movement's problems, in a readable form; empty means sound."""
    problems = _check_pairs(movement)
    problems += _check_grid(movement)
    problems += _check_rounds(movement)
    problems += _check_play(movement)
    problems += _check_sets(movement)
    problems += _check_board_counts(movement)
    return problems


def assert_sound(movement: Movement) -> None:
    """Raise ValueError listing every problem if the movement is not sound."""
    problems = validate(movement)
    if problems:
        listed = "\n".join(f"- {problem}" for problem in problems)
        raise ValueError(f"{movement.name} is not sound:\n{listed}")


def _label(movement: Movement, pair_id: int) -> str:
    """Return a pair's label, or ``#id`` for an id the movement does not have."""
    try:
        return movement.pair(pair_id).label
    except KeyError:
        return f"#{pair_id}"


def _check_pairs(movement: Movement) -> list[str]:
    """Pair ids run 1..P without gaps, labels are unique, one phantom at most."""
    problems = []
    ids = [pair.id for pair in movement.pairs]
    if sorted(ids) != list(range(1, len(ids) + 1)):
        problems.append(f"pair ids must be 1 to {len(ids)}, got {sorted(ids)}")
    labels = Counter(pair.label for pair in movement.pairs)
    problems += [
        f"pair label {lab} is used twice" for lab, n in labels.items() if n > 1
    ]
    phantoms = [pair.label for pair in movement.pairs if pair.phantom]
    if len(phantoms) > 1:
        problems.append(f"more than one phantom: {', '.join(phantoms)}")
    return problems


def grid_problems(keys: list[tuple[int, int]], rounds: int, tables: int) -> list[str]:
    """The problems of a movement's (round, table) keys, in the order listed.

    Every (round, table) of 1..rounds x 1..tables must be listed exactly once,
    sorted by round then table: the grid every movement shares, whatever it
    seats (pairs, or the three Whiz players).
    """
    problems = []
    if keys != sorted(keys):
        problems.append("seatings are not sorted by round then table")
    counts = Counter(keys)
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            if not counts[r, t]:
                problems.append(f"round {r} table {t}: no seating")
    for (r, t), n in sorted(counts.items()):
        if n > 1:
            problems.append(f"round {r} table {t}: listed {n} times")
        if not (1 <= r <= rounds and 1 <= t <= tables):
            problems.append(f"round {r} table {t}: outside the movement")
    return problems


def _check_grid(movement: Movement) -> list[str]:
    """Every (round, table) is listed once, in order, with valid pairs."""
    keys = [(s.round, s.table) for s in movement.seatings]
    problems = grid_problems(keys, movement.rounds, movement.tables)
    known = {pair.id for pair in movement.pairs}
    for s in movement.seatings:
        for pair_id in (s.ns, s.ew):
            if pair_id not in known:
                problems.append(f"round {s.round} table {s.table}: no pair {pair_id}")
        if s.ns == s.ew:
            problems.append(
                f"round {s.round} table {s.table}: pair "
                f"{_label(movement, s.ns)} faces itself"
            )
    bad_arrows = sorted(
        r for r in movement.arrow_switch_rounds if not 1 <= r <= movement.rounds
    )
    if bad_arrows:
        problems.append(f"arrow switch in rounds outside the movement: {bad_arrows}")
    return problems


def _check_rounds(movement: Movement) -> list[str]:
    """Each pair has exactly one seat in each round."""
    problems = []
    for r in range(1, movement.rounds + 1):
        tables: dict[int, list[int]] = defaultdict(list)
        for s in movement.seatings_of_round(r):
            tables[s.ns].append(s.table)
            tables[s.ew].append(s.table)
        for pair in movement.pairs:
            at = tables.get(pair.id, [])
            if len(at) > 1:
                listed = " and ".join(str(t) for t in at)
                problems.append(f"round {r}: pair {pair.label} is at tables {listed}")
            elif not at:
                problems.append(f"round {r}: pair {pair.label} has no seat")
    return problems


def _check_play(movement: Movement) -> list[str]:
    """No two real pairs meet twice; no pair plays a board twice.

    Each pair's boards are gathered in one list (a 50-table Mitchell has
    thousands of plays, and this runs on every section made); the rounds
    are looked up only for a pair whose list holds a board twice.
    """
    problems = []
    meetings: dict[frozenset[int], list[int]] = defaultdict(list)
    boards_of: dict[int, list[int]] = defaultdict(list)
    phantoms = {pair.id for pair in movement.pairs if pair.phantom}
    for s in movement.seatings:
        if movement.is_sit_out(s):
            players = [p for p in (s.ns, s.ew) if p in phantoms]
        else:
            players = [s.ns, s.ew]
            meetings[frozenset((s.ns, s.ew))].append(s.round)
        for pair_id in players:
            boards_of[pair_id].extend(s.boards)
    for met, rounds in meetings.items():
        if len(rounds) > 1 and len(met) == 2:
            a, b = sorted(met)
            problems.append(
                f"pairs {_label(movement, a)} and {_label(movement, b)} meet "
                f"{len(rounds)} times (rounds {join_numbers(rounds)})"
            )
    for pair_id in sorted(boards_of):
        boards = boards_of[pair_id]
        if len(set(boards)) == len(boards):
            continue
        for board, times in sorted(Counter(boards).items()):
            if times > 1:
                rounds = _rounds_playing(movement, pair_id, board, phantoms)
                problems.append(
                    f"pair {_label(movement, pair_id)} plays board {board} "
                    f"{times} times (rounds {join_numbers(rounds)})"
                )
    return problems


def _rounds_playing(
    movement: Movement, pair_id: int, board: int, phantoms: set[int]
) -> list[int]:
    """The rounds in which the pair has the board (the phantom at a sit-out
    table too, as :func:`_check_play` counts it)."""
    return [
        s.round
        for s in movement.seatings
        if pair_id in (s.ns, s.ew)
        and board in s.boards
        and (pair_id in phantoms or not movement.is_sit_out(s))
    ]


def _check_sets(movement: Movement) -> list[str]:
    """A set is at one table a round unless shared; a set is always the same boards.

    A set played at several tables in a round must be declared as a share of
    exactly those tables, and every declared share must really happen.
    Sit-out tables play nothing, so they take no part in a share.
    """
    problems = []
    boards_of: dict[int, set[tuple[int, ...]]] = defaultdict(set)
    set_of: dict[int, set[int]] = defaultdict(set)
    where: dict[tuple[int, int], list[int]] = defaultdict(list)
    for s in movement.seatings:
        boards_of[s.board_set].add(s.boards)
        for board in s.boards:
            set_of[board].add(s.board_set)
        if not movement.is_sit_out(s):  # nobody plays, nothing to pass on
            where[s.round, s.board_set].append(s.table)
    for board_set, variants in sorted(boards_of.items()):
        if len(variants) > 1:
            problems.append(f"set {board_set} is not always the same boards")
    for board, sets in sorted(set_of.items()):
        if len(sets) > 1:
            problems.append(f"board {board} is in sets {sorted(sets)}")
    declared = {(share.round, share.board_set): share for share in movement.shares}
    for (r, board_set), tables in sorted(where.items()):
        share = declared.get((r, board_set))
        if len(tables) > 1 and (share is None or set(share.tables) != set(tables)):
            problems.append(
                f"round {r}: set {board_set} is at tables {join_numbers(tables)} "
                "without a declared share"
            )
    problems += [
        f"round {share.round}: declared share of set {share.board_set} at "
        f"tables {join_numbers(share.tables)} does not happen"
        for share in movement.shares
        if not _share_happens(share, where)
    ]
    return problems


def _share_happens(share: BoardShare, where: dict[tuple[int, int], list[int]]) -> bool:
    """Return True if the shared set is really at exactly the declared tables."""
    tables = where.get((share.round, share.board_set), [])
    return len(share.tables) > 1 and set(share.tables) == set(tables)


def _check_board_counts(movement: Movement) -> list[str]:
    """Each board is played equally often once the phantom's plays are added."""
    seats: Counter[int] = Counter()
    for s in movement.seatings:
        seats.update(s.boards)
    if len(set(seats.values())) <= 1:
        return []
    real: dict[int, list[int]] = defaultdict(list)
    for board in sorted(seats):
        real[movement.times_played(board)].append(board)
    counts = "; ".join(
        f"{n} times: boards {format_boards(boards)}"
        for n, boards in sorted(real.items(), reverse=True)
    )
    return [f"boards are not played equally often ({counts})"]
