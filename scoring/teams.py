"""Score a teams match: each board from its two rooms, in IMPs, VPs or BAM points.

A match is played in two rooms.  The home team sits North-South in the open
room and East-West in the closed room, so on each board the home team's
result is the open room's NS score minus the closed room's NS score.  That
difference is worth ``imps(open_ns - closed_ns)`` to the home team and the
opposite to the away team (IMP scoring), or 1, 1/2 or 0 board to each team
(board-a-match, BAM).

A room's result is one of:

* a real result, the NS score in points (``int`` or ``float``);
* an assigned adjusted score (Law 12C1) as a
  :class:`~scoring.board.WeightedScore`: each of its parts is compared with
  the other room and the outcomes are weighted, so 70 % of +420 and 30 % of
  +450 against +450 is 0.7 * imps(-30) + 0.3 * imps(0) = -0.7 IMP;
* an artificial adjusted score (Law 12C2), :class:`ArtificialTeamScore`, a
  mark "A+", "A" or "A-" for each side of that room;
* ``None``: the board has not been played (or entered) in that room yet; it
  scores nothing and is reported as not played.

Artificial scores for teams follow Law 86A ("in IMP play ... average plus and
average minus are normally plus 3 IMPs and minus 3 IMPs") and bridge.md:
Average-plus +3 IMPs, Average 0, Average-minus -3 IMPs, each team's mark
independent (A+/A- is +3/-3, A+/A+ is +3/+3).  An artificial score settles
the board whatever the other room holds: the board could not be played
normally, so a result from the other room is not compared with anything.
When both rooms carry one they must give each team the same mark.

For board-a-match the Laws give no IMP figure; BAM is matchpointing over two
tables with a top of one board, so Law 12C2's matchpoint percentages apply:
Average-plus 60 % (0.6 board), Average 50 % (0.5), Average-minus 40 % (0.4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from scoring.board import ARTIFICIAL_MARKS, WeightedScore, score_parts
from scoring.imps import imps
from scoring.numbers import checked_number
from scoring.vp import wbf_vp

# Law 86A: Average-plus / Average / Average-minus in IMPs for one team.
ARTIFICIAL_IMPS: dict[str, int] = {"A+": 3, "A": 0, "A-": -3}
# Law 12C2 percentages of a one-board top, for board-a-match.
ARTIFICIAL_BAM_POINTS: dict[str, float] = {"A+": 0.6, "A": 0.5, "A-": 0.4}
# Board points for the home team when the rooms' difference is >0, 0, <0.
BAM_WIN, BAM_DRAW, BAM_LOSS = 1.0, 0.5, 0.0

# Totals are rounded to wash out float noise from weighted scores; nine
# decimals is far below any published precision.
_NDIGITS = 9


class TeamScoring(StrEnum):
    """How a teams event ranks its teams."""

    VP = "vp"  # each match's IMP margin turned into Victory Points (WBF 2013)
    IMP = "imp"  # IMPs only: teams ranked on their total IMP difference
    BAM = "bam"  # board-a-match: 1, 1/2 or 0 per board


@dataclass(frozen=True)
class ArtificialTeamScore:
    """An artificial adjusted score in one room: "A+", "A" or "A-" for each side.

    ``ns`` and ``ew`` are the marks of the pairs sitting North-South and
    East-West in that room; :class:`BoardRooms` turns them into the home and
    away teams' marks.
    """

    ns: str
    ew: str

    def __post_init__(self) -> None:
        for side in ("ns", "ew"):
            value = getattr(self, side)
            mark = value.strip().upper() if isinstance(value, str) else None
            if mark not in ARTIFICIAL_MARKS:
                raise ValueError(
                    f"{side}: an artificial teams score is A+, A or A-, got {value!r}"
                )
            object.__setattr__(self, side, mark)


RoomResult = int | float | WeightedScore | ArtificialTeamScore | None


@dataclass(frozen=True)
class BoardRooms:
    """One board of a match: the NS score in the open and in the closed room.

    The home team is NS in the open room and EW in the closed room.
    """

    board: int
    open_ns: RoomResult
    closed_ns: RoomResult

    def __post_init__(self) -> None:
        if isinstance(self.board, bool) or not isinstance(self.board, int):
            raise ValueError(f"board: expected a board number, got {self.board!r}")
        if self.board < 1:
            raise ValueError(f"board: a board number is at least 1, got {self.board}")
        for room in ("open_ns", "closed_ns"):
            _check_room(room, getattr(self, room))

    @property
    def artificial_marks(self) -> tuple[str, str] | None:
        """The (home, away) marks of an artificial score, or None if there is none.

        Raises ValueError when the two rooms give a team different marks.
        """
        marks = []
        if isinstance(self.open_ns, ArtificialTeamScore):
            marks.append((self.open_ns.ns, self.open_ns.ew))
        if isinstance(self.closed_ns, ArtificialTeamScore):
            marks.append((self.closed_ns.ew, self.closed_ns.ns))
        if len(marks) == 2 and marks[0] != marks[1]:
            raise ValueError(
                f"closed_ns: board {self.board} gives the teams {marks[1]} in the "
                f"closed room but {marks[0]} in the open room"
            )
        return marks[0] if marks else None


@dataclass(frozen=True)
class BoardScore:
    """One board's outcome for each team: IMPs, or board points under BAM.

    ``home`` and ``away`` are signed (a real board gives +6 / -6; artificial
    marks may give +3 / +3).  A board not yet played in both rooms has
    ``played`` False and scores 0 / 0.
    """

    board: int
    home: float
    away: float
    played: bool
    artificial: bool = False


@dataclass(frozen=True)
class MatchScore:
    """A match scored in IMPs: each board, each team's IMPs, the boards played.

    ``home_imps`` and ``away_imps`` are the match columns, the IMPs each team
    won.  On a real board the winner's IMPs go to its column.  On an
    artificial board a team's +3 goes to its own column and its -3 to the
    opponents' column, the two counting once when they are the same 3 IMPs
    (A+/A-): a column gets max(own, -opponents', 0) per board.  So A+/A- and
    A+/A are 3-0, A+/A+ and A-/A- are 3-3 (no margin either way).
    """

    boards: tuple[BoardScore, ...]
    home_imps: float
    away_imps: float
    played: int

    @property
    def margin(self) -> float:
        """The home team's IMP margin (negative when the away team leads)."""
        return round(self.home_imps - self.away_imps, _NDIGITS)

    @property
    def board_imps(self) -> list[tuple[float, float]]:
        """Each board's (home, away) IMPs, as ``knockout_result`` takes them."""
        return [(board.home, board.away) for board in self.boards]


@dataclass(frozen=True)
class BamMatchScore:
    """A board-a-match match: each board and each team's total board points."""

    boards: tuple[BoardScore, ...]
    home_points: float
    away_points: float
    played: int


def board_imps(rooms: BoardRooms) -> BoardScore:
    """Return one board's IMPs for the home and the away team."""
    return _board_score(rooms, ARTIFICIAL_IMPS, imps, lambda home: 0 - home)


def match_imps(boards: Iterable[BoardRooms]) -> MatchScore:
    """Return a match scored in IMPs, board by board and in total.

    Raises ValueError when a board number appears twice.
    """
    scored = tuple(board_imps(rooms) for rooms in _unique_boards(boards))
    home = sum(max(b.home, 0 - b.away, 0) for b in scored)
    away = sum(max(b.away, 0 - b.home, 0) for b in scored)
    return MatchScore(
        boards=scored,
        home_imps=round(home, _NDIGITS),
        away_imps=round(away, _NDIGITS),
        played=sum(b.played for b in scored),
    )


def match_vp(
    home_imps: float, away_imps: float, boards: int, carry_over: float = 0
) -> tuple[float, float]:
    """Return the (home, away) VPs of a match of ``boards`` scheduled boards.

    The margin is home_imps + carry_over - away_imps IMPs (a negative
    carry-over favours the away team), turned into VPs on the WBF 2013
    continuous 20-VP scale for the scheduled number of boards: two decimals,
    adding up to 20.00, 10.00-10.00 for a drawn match (see ``scoring.vp``).
    """
    for name, value in (
        ("home_imps", home_imps),
        ("away_imps", away_imps),
        ("carry_over", carry_over),
    ):
        checked_number(name, value, "IMPs")
    return wbf_vp(home_imps + carry_over - away_imps, boards)


def bam_points(open_ns: RoomResult, closed_ns: RoomResult) -> tuple[float, float]:
    """Return one board's (home, away) board-a-match points.

    (1, 0) when open_ns - closed_ns > 0, (0.5, 0.5) when it is 0, (0, 1)
    otherwise.  An artificial score gives each team 0.6 / 0.5 / 0.4 for
    A+ / A / A- (Law 12C2 percentages of a one-board top); a weighted score
    gives the weighted points of its parts.  Raises ValueError when a room
    has no result yet.
    """
    score = bam_board(BoardRooms(1, open_ns, closed_ns))
    if not score.played:
        room = "open_ns" if open_ns is None else "closed_ns"
        raise ValueError(f"{room}: the board has no result in that room yet")
    return score.home, score.away


def bam_board(rooms: BoardRooms) -> BoardScore:
    """Return one board's board-a-match points for the home and the away team."""
    return _board_score(
        rooms,
        ARTIFICIAL_BAM_POINTS,
        _bam_home_points,
        lambda home: round(1 - home, _NDIGITS),
        unplayed=0.0,
    )


def _board_score(
    rooms: BoardRooms,
    artificial: Mapping[str, float],
    compare: Callable[[int], float],
    away_of: Callable[[float], float],
    unplayed: float = 0,
) -> BoardScore:
    """A board's marks for both teams: the artificial marks' values, nothing
    (``unplayed``) until both rooms have a result, else the home team's mark
    from ``compare`` of the two rooms and the away team's from ``away_of``."""
    marks = rooms.artificial_marks
    if marks is not None:
        home, away = (artificial[mark] for mark in marks)
        return BoardScore(rooms.board, home, away, played=True, artificial=True)
    if rooms.open_ns is None or rooms.closed_ns is None:
        return BoardScore(rooms.board, unplayed, unplayed, played=False)
    home = _compared(rooms.open_ns, rooms.closed_ns, compare)
    return BoardScore(rooms.board, home, away_of(home), played=True)


def bam_match(boards: Iterable[BoardRooms]) -> BamMatchScore:
    """Return a board-a-match match: each board's points and each team's total."""
    scored = tuple(bam_board(rooms) for rooms in _unique_boards(boards))
    return BamMatchScore(
        boards=scored,
        home_points=round(sum(b.home for b in scored), _NDIGITS),
        away_points=round(sum(b.away for b in scored), _NDIGITS),
        played=sum(b.played for b in scored),
    )


def _bam_home_points(difference: float) -> float:
    if difference > 0:
        return BAM_WIN
    return BAM_DRAW if difference == 0 else BAM_LOSS


def _compared(
    open_ns: int | float | WeightedScore,
    closed_ns: int | float | WeightedScore,
    value: Callable[[float], float],
) -> float:
    """Return ``value(open - closed)``, weighted over the parts of weighted scores."""
    if not isinstance(open_ns, WeightedScore) and not isinstance(
        closed_ns, WeightedScore
    ):
        return value(open_ns - closed_ns)
    total = sum(
        open_weight * closed_weight * value(open_score - closed_score)
        for open_weight, open_score in score_parts(open_ns)
        for closed_weight, closed_score in score_parts(closed_ns)
    )
    return round(total, _NDIGITS)


def _check_room(room: str, result: object) -> None:
    if result is None or isinstance(result, ArtificialTeamScore | WeightedScore):
        return
    given = "NS points, a weighted score, an artificial score or None"
    checked_number(room, result, "points", given)


def _unique_boards(boards: Iterable[BoardRooms]) -> list[BoardRooms]:
    listed = list(boards)
    seen: set[int] = set()
    for rooms in listed:
        if not isinstance(rooms, BoardRooms):
            raise ValueError(f"boards: expected BoardRooms, got {rooms!r}")
        if rooms.board in seen:
            raise ValueError(f"boards: board {rooms.board} is given twice")
        seen.add(rooms.board)
    return listed
