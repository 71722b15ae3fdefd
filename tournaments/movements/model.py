"""The data a movement is made of: pairs, seatings, shared board sets.

Everything is a frozen dataclass of plain values, so a movement can be cached,
compared, hashed and printed without touching a database.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

NS = "NS"
EW = "EW"
MITCHELL = "mitchell"
HOWELL = "howell"
MAX_BOARDS_PER_ROUND = 10


def check_int(name: str, value: object, low: int, high: int) -> int:
    """Return ``value`` if it is an int in ``low..high``, else raise ValueError."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not (low <= value <= high)
    ):
        span = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{name} must be {span}, got {value!r}")
    return value


def set_boards(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    """Return the board numbers of a 1-based set: set s is (s-1)*b+1 .. s*b."""
    first = (board_set - 1) * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def join_numbers(numbers: Iterable[object], conjunction: str = "and") -> str:
    """Write ``[1, 4]`` as ``"1 and 4"`` and ``[1, 2, 4]`` as ``"1, 2 and 4"``."""
    words = [str(n) for n in numbers]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conjunction} {words[-1]}"


def gettext_noop(message: str) -> str:
    """Mark a note's message for the translation catalogue (Django's
    makemessages reads this name); the page translates the note when shown."""
    return message


class Listing(tuple):
    """Numbers, labels or notes named in a note, written "1, 2 and 4"."""

    def __str__(self) -> str:
        return join_numbers(self)


class Note(str):
    """A director's note on a movement: its English text, and its message and
    values (numbers, ``Listing`` s, or notes themselves, for the pieces of a
    sentence) so that a page can show it in the reader's language.

    Movements are plain cached values, made once for every reader, so a note
    is not translated when it is made but where it is shown.
    """

    message: str
    values: dict[str, object]

    def __new__(cls, message: str, **values: object) -> Note:
        note = super().__new__(cls, message % values if values else message)
        note.message, note.values = message, values
        return note

    def __reduce__(self) -> tuple[object, ...]:
        return (_note, (self.message, self.values))


def _note(message: str, values: dict[str, object]) -> Note:
    return Note(message, **values)


def format_boards(boards: tuple[int, ...] | list[int]) -> str:
    """Write board numbers for a guide card: ``"1-3"``, ``"7"``, ``"1-2, 5"``."""
    runs: list[list[int]] = []
    for board in sorted(boards):
        if runs and board == runs[-1][-1] + 1:
            runs[-1].append(board)
        else:
            runs.append([board])
    return ", ".join(
        str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs
    )


class BoardsInPlay:
    """The boards a movement plays, read from its ``seatings`` (each with its
    ``boards`` and ``board_set``): shared by the pairs, Whiz and individual
    movements, frozen dataclasses that declare ``seatings``."""

    seatings: tuple

    @property
    def boards(self) -> tuple[int, ...]:
        """Return every board number in play, sorted."""
        return tuple(sorted({b for s in self.seatings for b in s.boards}))

    @property
    def board_sets(self) -> int:
        """Return the number of board sets the movement uses."""
        return len({s.board_set for s in self.seatings})


@dataclass(frozen=True)
class MovementPair:
    """One pair position of a movement, before any real pair is assigned."""

    id: int
    number: int
    direction: str | None
    phantom: bool = False

    @property
    def label(self) -> str:
        """Return what the players see: ``"3NS"`` in a Mitchell, ``"7"`` in a Howell."""
        return f"{self.number}{self.direction or ''}"


@dataclass(frozen=True)
class Seating:
    """One table in one round: who sits NS and EW, and which boards they play."""

    round: int
    table: int
    ns: int
    ew: int
    board_set: int
    boards: tuple[int, ...]


@dataclass(frozen=True)
class BoardShare:
    """A board set that several tables play in the same round.

    The tables pass the boards between them within the round (the "share" of a
    relay Mitchell, or every table of a 2-table Howell).  A movement declares
    each share so the validator can tell it from a mistake.
    """

    round: int
    board_set: int
    tables: tuple[int, ...]


def playing_share(
    round: int, board_set: int, tables: Iterable[int], sitting_out: set[int]
) -> BoardShare | None:
    """Return the share of a set by the tables that really play it, if two do.

    A sit-out table passes no boards, so it takes no part in a share.
    """
    playing = tuple(t for t in tables if t not in sitting_out)
    return BoardShare(round, board_set, playing) if len(playing) > 1 else None


@dataclass(frozen=True)
class Movement(BoardsInPlay):
    """A complete pairs movement: every seating of every round.

    ``kind`` is "mitchell" or "howell" and ``variant`` the Mitchell's shape
    ("plain", "skip" or "relay"; "" for a Howell).  ``seatings`` holds every
    (round, table), sorted by round then table.  A seating with the phantom
    pair is a sit-out: it stays listed so that guide cards can say so, and the
    validator and the scorer skip it.  ``shares`` declares each set played at
    several tables in one round; ``notes`` are the director's instructions.
    ``absent`` holds the ``(pair id, round)`` of a real pair not there in a
    round of a running section (a late pair before it came, a pair after it
    withdrew, ``movements.absences``): its seating is a sit-out too.
    """

    kind: str
    name: str
    tables: int
    rounds: int
    boards_per_round: int
    pairs: tuple[MovementPair, ...]
    seatings: tuple[Seating, ...]
    arrow_switch_rounds: frozenset[int] = frozenset()
    notes: tuple[str, ...] = ()
    shares: tuple[BoardShare, ...] = ()
    variant: str = ""
    absent: frozenset[tuple[int, int]] = frozenset()

    @cached_property
    def _pairs_by_id(self) -> dict[int, MovementPair]:
        return {pair.id: pair for pair in self.pairs}

    @cached_property
    def _by_round_table(self) -> dict[tuple[int, int], Seating]:
        return {(s.round, s.table): s for s in self.seatings}

    @cached_property
    def _by_pair_round(self) -> dict[tuple[int, int], tuple[Seating, str]]:
        found: dict[tuple[int, int], tuple[Seating, str]] = {}
        for seating in self.seatings:
            found.setdefault((seating.ns, seating.round), (seating, NS))
            found.setdefault((seating.ew, seating.round), (seating, EW))
        return found

    @cached_property
    def _phantom_ids(self) -> frozenset[int]:
        return frozenset(pair.id for pair in self.pairs if pair.phantom)

    def pair(self, pair_id: int) -> MovementPair:
        """Return the pair with this id; raise ``KeyError`` if there is none."""
        try:
            return self._pairs_by_id[pair_id]
        except KeyError:
            raise KeyError(f"no pair {pair_id} in {self.name}") from None

    @property
    def phantom(self) -> MovementPair | None:
        """Return the phantom (sit-out) pair, or None when every pair is real."""
        return next((pair for pair in self.pairs if pair.phantom), None)

    def seating(self, round: int, table: int) -> Seating:
        """Return the seating at ``table`` in ``round``; ``KeyError`` if none."""
        try:
            return self._by_round_table[round, table]
        except KeyError:
            raise KeyError(f"no table {table} in round {round}") from None

    @cached_property
    def _by_round(self) -> dict[int, tuple[Seating, ...]]:
        rounds: dict[int, list[Seating]] = {}
        for seating in self.seatings:
            rounds.setdefault(seating.round, []).append(seating)
        return {number: tuple(seatings) for number, seatings in rounds.items()}

    def seatings_of_round(self, round: int) -> tuple[Seating, ...]:
        """Return the seatings of one round, in the movement's order (by table).

        Looked up, not filtered: a 50-table card set asks for 2,500 rounds.
        """
        return self._by_round.get(round, ())

    def seatings_of_pair(self, pair_id: int) -> list[tuple[Seating, str]]:
        """Return ``(seating, direction played)`` for each round the pair is seated.

        The direction is the one really played, after any arrow switch.
        """
        return [
            self._by_pair_round[pair_id, r]
            for r in range(1, self.rounds + 1)
            if (pair_id, r) in self._by_pair_round
        ]

    def position(self, pair_id: int, round: int) -> tuple[int, str] | None:
        """Return ``(table, direction)`` of a pair in a round, or None."""
        found = self._by_pair_round.get((pair_id, round))
        return None if found is None else (found[0].table, found[1])

    def next_position(self, pair_id: int, round: int) -> tuple[int, str] | None:
        """Return where the pair goes after ``round``, or None after the last one."""
        return self.position(pair_id, round + 1)

    @property
    def single_winner(self) -> bool:
        """Return True for one winner: a Howell or an arrow-switched Mitchell.

        A plain Mitchell has two fields, NS and EW, and a winner in each.
        """
        return self.kind == HOWELL or bool(self.arrow_switch_rounds)

    def is_sit_out(self, seating: Seating) -> bool:
        """Return True if the seating involves the phantom or an absent pair:
        nobody plays there."""
        return self.absent_in(seating.ns, seating.round) or self.absent_in(
            seating.ew, seating.round
        )

    def absent_in(self, pair_id: int, round: int) -> bool:
        """Return True if nobody sits in the pair's seat in ``round``: the
        phantom, or a pair that has not come yet or has withdrawn."""
        return pair_id in self._phantom_ids or (pair_id, round) in self.absent

    def share_of(self, seating: Seating) -> BoardShare | None:
        """Return the declared share the seating's boards belong to, if any."""
        for share in self.shares:
            if (
                share.round == seating.round
                and share.board_set == seating.board_set
                and seating.table in share.tables
            ):
                return share
        return None

    @cached_property
    def _plays(self) -> Counter[int]:
        return Counter(
            board for s in self.seatings if not self.is_sit_out(s) for board in s.boards
        )

    def times_played(self, board: int) -> int:
        """Return how many times real pairs play ``board`` (sit-outs excluded)."""
        return self._plays[board]

    def opponent(self, seating: Seating, pair_id: int) -> int:
        """Return the id of the pair facing ``pair_id`` at ``seating``."""
        if pair_id == seating.ns:
            return seating.ew
        if pair_id == seating.ew:
            return seating.ns
        raise KeyError(f"pair {pair_id} is not at this seating")
