"""Live checks of a pairs bridge line: is this result likely entered wrong?

A table can enter a right result the wrong way: the declarer on the other
side (``direction``), under another board of the round (``board``), a score
typed with its sign reversed (``sign``), a number of tricks the hand record
says cannot be (``double_dummy``), or a score no other table is near on a
board everyone else agrees on (``field``).  Each rule reads plain data (the
line, the other tables' scores on its board and on the other boards of its
round, the board's double-dummy table when a hand record is loaded) and
answers plain :class:`Finding` values, with the fix when there is one.  A
finding never refuses anything: it asks the table and the director to look.

The rules are kept strict so that they seldom cry wolf: ``bench/check_alarms.py``
measures their false-alarm rate on real published results
(``docs/developers/live-checks.md``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from games.bridge import parse_contract, result_score
from games.errors import GameError

DIRECTION = "direction"
SIGN = "sign"
BOARD = "board"
DOUBLE_DUMMY = "double_dummy"
FIELD = "field"
CODES = (DIRECTION, SIGN, BOARD, DOUBLE_DUMMY, FIELD)

# Other lines a board needs before its field is trusted.
FIELD_LINES = 4
# Other lines the ``field`` check needs, all within AGREED_SPAN points.
AGREED_LINES = 6
AGREED_SPAN = 30
# "No other table is near" for the ``field`` check alone.
FIELD_GAP = 500
# A score "several tables made": this many at least (and a third of them).
SHARED_TABLES = 2
# "No other table is near": every other score is further than this.
NEAR = 100
# Tricks away from double dummy that make a result implausible.
DD_TRICKS = 3
# The side across the table: the seat to each seat's left.
OTHER_SIDE = {"N": ("E", "W"), "S": ("W", "E"), "E": ("S", "N"), "W": ("N", "S")}


@dataclass(frozen=True)
class Played:
    """A line as the checks read it.  ``contract`` is "" for a line entered
    as a score (a director's traveller, an import); ``score_ns`` None for an
    adjusted line (never checked)."""

    board: int
    contract: str
    declarer: str
    tricks: int | None
    score_ns: int | None


@dataclass(frozen=True)
class BoardField:
    """A board as the other tables played it: its number and vulnerability
    ("None", "NS", "EW", "All"), the NS scores of its other lines (not the
    checked one), and its double-dummy tricks by declarer then denomination
    ("N" -> "S" -> 10), empty when no hand record is loaded; ``played`` the
    other lines' (contract, declarer, tricks), to tell a hand record that is
    not this board's (most tables far from it)."""

    number: int
    vulnerability: str
    scores: tuple[int, ...] = ()
    dd: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    played: tuple[tuple[str, str, int], ...] = ()


@dataclass(frozen=True)
class Finding:
    """One reason to look again: its code, the fix that would make the line
    right ({"declarer": "E"}, {"board": 4}, {"score_ns": -420}, or empty) and
    the figures its message names."""

    code: str
    fix: Mapping[str, object] = field(default_factory=dict)
    facts: Mapping[str, object] = field(default_factory=dict)


def line_checks(
    line: Played, board: BoardField, round_boards: Sequence[BoardField] = ()
) -> list[Finding]:
    """What is unusual about ``line`` on ``board`` (the other boards its pairs
    play in the round in ``round_boards``), most specific first.

    A finding with a fix (``direction``, ``sign``, ``board``) explains the
    line: the ``double_dummy`` and ``field`` findings it would also raise are
    then left out, they say the same less precisely.
    """
    if line.score_ns is None or _is_pass(line.contract):
        return []
    found = [
        finding
        for finding in (
            direction_check(line, board),
            sign_check(line, board),
            board_check(line, board, round_boards),
        )
        if finding is not None
    ]
    if found:
        return found
    rest = (double_dummy_check(line, board), field_check(line, board))
    return [finding for finding in rest if finding is not None]


def field_score(scores: Sequence[int]) -> int | None:
    """The score two tables in three made, if any (enough tables)."""
    if len(scores) < FIELD_LINES:
        return None
    score, count = Counter(scores).most_common(1)[0]
    return score if 3 * count >= 2 * len(scores) else None


def is_shared(score: int | None, scores: Sequence[int]) -> bool:
    """``score`` is what several tables made: at least ``SHARED_TABLES`` of
    them and a third of the board's (enough tables to say so)."""
    if score is None or len(scores) < FIELD_LINES:
        return False
    count = scores.count(score)
    return count >= SHARED_TABLES and 3 * count >= len(scores)


def is_alone(score: int, scores: Sequence[int]) -> bool:
    """No other table is near ``score`` (enough tables to say so)."""
    return len(scores) >= FIELD_LINES and all(abs(score - s) > NEAR for s in scores)


def direction_check(line: Played, board: BoardField) -> Finding | None:
    """The declarer entered on the wrong side.

    With a field: the line's score is near no other table's, and with the
    declarer across the table it is the score two tables in three made,
    other tables having played this denomination from that side.  With a
    hand record (and no field saying otherwise): this declarer is
    ``DD_TRICKS`` or more from its double-dummy tricks, while the seat
    across the table makes exactly the line's tricks.
    """
    if not line.contract or line.declarer not in OTHER_SIDE or line.tricks is None:
        return None
    seats = OTHER_SIDE[line.declarer]
    flipped = _score(line.contract, seats[0], line.tricks, board)
    if flipped is None:
        return None
    fielded = len(board.scores) >= FIELD_LINES
    if fielded and not is_alone(line.score_ns, board.scores):
        return None
    if is_shared(flipped, board.scores) and _played_from(board, line.contract, seats):
        seat = _closest_seat(line, board, seats)
        return Finding(DIRECTION, {"declarer": seat}, {"score": flipped})
    own = _dd(board, line.declarer, line.contract)
    if own is None or abs(line.tricks - own) < DD_TRICKS:
        return None
    seat = _closest_seat(line, board, seats)
    other = _dd(board, seat, line.contract)
    if other is not None and line.tricks == other:
        return Finding(DIRECTION, {"declarer": seat}, {"score": flipped})
    return None


def _played_from(board: BoardField, contract: str, seats: Sequence[str]) -> bool:
    """Another table played ``contract``'s denomination from ``seats``."""
    wanted = _denomination(contract)
    return wanted is not None and any(
        declarer in seats and _denomination(other) == wanted
        for other, declarer, _tricks in board.played
    )


def _denomination(contract: str) -> str | None:
    try:
        parsed = parse_contract(contract)
    except GameError:
        return None
    return None if parsed.is_pass else parsed.denomination.name


def sign_check(line: Played, board: BoardField) -> Finding | None:
    """A line entered as a score (no contract) whose score no table made and
    whose opposite is the field's: the sign was typed the wrong way round.
    A contract, declarer and tricks entry computes its sign: never flagged."""
    if line.contract or not line.score_ns:
        return None
    reversed_score = -line.score_ns
    if line.score_ns in board.scores:
        return None
    if not is_alone(line.score_ns, board.scores):
        return None
    if not is_shared(reversed_score, board.scores):
        return None
    return Finding(SIGN, {"score_ns": reversed_score}, {"score": reversed_score})


def board_check(
    line: Played, board: BoardField, round_boards: Sequence[BoardField]
) -> Finding | None:
    """A score no table made on its board that is the field's score of
    another board of the round: the line was entered under the wrong board."""
    if not is_alone(line.score_ns, board.scores):
        return None
    for other in round_boards:
        if other.number == board.number:
            continue
        if line.contract:
            moved = _score(line.contract, line.declarer, line.tricks or 0, other)
        else:
            moved = line.score_ns
        if is_shared(moved, other.scores):
            return Finding(
                BOARD, {"board": other.number}, {"board": other.number, "score": moved}
            )
    return None


def double_dummy_check(line: Played, board: BoardField) -> Finding | None:
    """The tricks are 3 or more from what the hand record's double-dummy
    table gives this declarer in this denomination."""
    if not line.contract or line.tricks is None:
        return None
    expected = _dd(board, line.declarer, line.contract)
    if expected is None or abs(line.tricks - expected) < DD_TRICKS:
        return None
    if any(abs(line.score_ns - score) <= NEAR for score in board.scores):
        return None  # another table did about as well: the play, not the entry
    return Finding(DOUBLE_DUMMY, {}, {"tricks": line.tricks, "dd": expected})


def field_check(line: Played, board: BoardField) -> Finding | None:
    """Every other table agrees (their scores within ``AGREED_SPAN``) and
    this score is near none of them."""
    scores = board.scores
    if len(scores) < AGREED_LINES:
        return None
    if any(abs(line.score_ns - score) <= FIELD_GAP for score in scores):
        return None
    if max(scores) - min(scores) > AGREED_SPAN:
        return None
    return Finding(FIELD, {}, {"score": Counter(scores).most_common(1)[0][0]})


def _is_pass(contract: str) -> bool:
    return contract.strip().upper() in ("PASS", "P", "AP", "PASSED")


def _score(contract: str, declarer: str, tricks: int, board: BoardField) -> int | None:
    """The NS score of the contract by ``declarer`` on ``board``."""
    try:
        return result_score(
            contract,
            declarer,
            tricks,
            board.number,
            vulnerability=board.vulnerability or None,
        )
    except (GameError, ValueError):
        return None


def dd_trusted(board: BoardField) -> bool:
    """The hand record is this board's: fewer than half the other tables
    are ``DD_TRICKS`` or more from it (a hand record of another deal, or a
    board turned round, puts most of them there)."""
    far = checked = 0
    for contract, declarer, tricks in board.played:
        expected = _dd_tricks(board, declarer, contract)
        if expected is not None:
            checked += 1
            far += abs(tricks - expected) >= DD_TRICKS
    return 2 * far < checked or checked == 0


def _dd(board: BoardField, declarer: str, contract: str) -> int | None:
    """The double-dummy tricks of ``declarer`` in the contract's denomination,
    when the board has a hand record the other tables do not contradict."""
    if not board.dd or not dd_trusted(board):
        return None
    return _dd_tricks(board, declarer, contract)


def _dd_tricks(board: BoardField, declarer: str, contract: str) -> int | None:
    if declarer not in board.dd:
        return None
    try:
        parsed = parse_contract(contract)
    except GameError:
        return None
    if parsed.is_pass:
        return None
    return board.dd[declarer].get(parsed.denomination.name)


def _closest_seat(line: Played, board: BoardField, seats: Sequence[str]) -> str:
    """The seat across the table whose double-dummy tricks are nearest the
    line's; the declarer's left-hand opponent without a hand record."""
    scored = [
        (abs((line.tricks or 0) - dd), index, seat)
        for index, seat in enumerate(seats)
        if (dd := _dd(board, seat, line.contract)) is not None
    ]
    return min(scored)[2] if scored else seats[0]


@dataclass(frozen=True)
class SectionLine:
    """A line of a section, for :func:`section_checks`: its key (the stored
    line's id), its pairs, what it says, and the boards its pairs play in
    its round by the movement (empty: the boards they have lines on)."""

    key: object
    ns: object
    ew: object
    played: Played
    round_boards: tuple[int, ...] = ()


def section_checks(
    lines: Sequence[SectionLine],
    boards: Mapping[int, BoardField],
    only: Collection[object] | None = None,
) -> dict[object, list[Finding]]:
    """Every line's findings (only the lines with some), each line checked
    against the other lines of its board and of its round's other boards.

    ``boards`` gives each board's vulnerability and double-dummy tricks; the
    scores are the lines'.  An adjusted line (score None) is in no field.
    ``only`` names the lines to check (all of them when None).
    """
    scores: dict[int, list[tuple[object, int]]] = {}
    played_by: dict[int, list[tuple[object, tuple[str, str, int]]]] = {}
    together: dict[tuple[object, object], set[int]] = {}
    for line in lines:
        played = line.played
        if played.score_ns is not None:
            scores.setdefault(played.board, []).append((line.key, played.score_ns))
        if played.contract and played.declarer and played.tricks is not None:
            made = (played.contract, played.declarer, played.tricks)
            played_by.setdefault(played.board, []).append((line.key, made))
        together.setdefault((line.ns, line.ew), set()).add(played.board)
    found: dict[object, list[Finding]] = {}
    for line in lines:
        if only is not None and line.key not in only:
            continue
        number = line.played.board
        base = boards.get(number, BoardField(number, ""))
        board = _with_scores(base, scores, played_by, line.key)
        numbers = line.round_boards or tuple(sorted(together[(line.ns, line.ew)]))
        round_boards = [
            _with_scores(boards.get(n, BoardField(n, "")), scores, played_by, line.key)
            for n in numbers
            if n != number
        ]
        findings = line_checks(line.played, board, round_boards)
        if findings:
            found[line.key] = findings
    return found


def _with_scores(
    board: BoardField,
    scores: Mapping[int, list[tuple[object, int]]],
    played_by: Mapping[int, list[tuple[object, tuple[str, str, int]]]],
    key: object,
) -> BoardField:
    """``board`` with the NS scores and plays of its lines other than ``key``."""
    others = tuple(score for k, score in scores.get(board.number, ()) if k != key)
    plays = tuple(made for k, made in played_by.get(board.number, ()) if k != key)
    return BoardField(board.number, board.vulnerability, others, board.dd, plays)
