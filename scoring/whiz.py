"""Score a Whiz-Bridge individual: every hand compared across tables, players ranked.

Whiz-Bridge is played three to a table, the West hand of every board being the
dummy "Domy"; the three players hold the North, East and South hands and every
table plays the same boards.  On a board each table gives each of its players
a number of points (the declarer's if the contract makes, each defender's if
it fails, 0 for the others; see ``games.whiz``).

The ranking is individual and compares like with like: on each board the
North players' points are matchpointed among themselves, then the East
players', then the South players', each with :func:`scoring.board.score_board`:
2 matchpoints (MP) per score beaten and 1 per tie, a top of 2(n - 1) over n
tables, Neuberg for a board played fewer times than expected, and artificial
adjusted scores ("A+", "A", "A-" or a percentage) that take no part in the
comparisons.  A player's percentage is his MP over the tops of the boards he
played, so a player who sat out is ranked on the boards he played.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TypeVar

from scoring.board import ArtificialScore, BoardSettings, TravellerResult, score_board
from scoring.ranking import rank
from scoring.session import AverageRule, SessionAverages

PlayerKey = int | str

# The hands the players hold; West is the Domy's and scores nothing of its own.
POSITIONS: tuple[str, ...] = ("N", "E", "S")

# Matchpoint figures are rounded as in scoring.board, to wash out the float
# noise of Neuberg factors; percentages are published, and ranked, to 2 decimals.
_NDIGITS = 9
_PCT_NDIGITS = 2

_T = TypeVar("_T")


@dataclass(frozen=True)
class WhizLine:
    """One table's result on one board: who held N, E and S, and what each got.

    ``points`` gives each position's points; ``adjusted`` instead gives each
    position an artificial adjusted score ("A+", "A", "A-" or a percentage of
    the top) when the board could not be played normally.  Exactly one of the
    two is given.  ``table`` is a label for scorecards, not a key.
    """

    board: int
    table: int
    players: Mapping[str, PlayerKey]
    points: Mapping[str, float] | None
    adjusted: Mapping[str, str | float] | None = None

    def __post_init__(self) -> None:
        for name in ("board", "table"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name}: expected a positive integer, got {value!r}")
        object.__setattr__(self, "players", _checked_players(self.players))
        if self.points is not None and self.adjusted is None:
            object.__setattr__(self, "points", _checked_points(self.points))
        elif self.adjusted is not None and self.points is None:
            object.__setattr__(self, "adjusted", _checked_marks(self.adjusted))
        else:
            given = "both" if self.points is not None else "neither"
            raise ValueError(
                f"points/adjusted: board {self.board} table {self.table} needs "
                f"either points or adjusted scores, got {given}"
            )

    @property
    def artificial(self) -> bool:
        """Whether the table got artificial adjusted scores instead of points."""
        return self.adjusted is not None

    def result(self, position: str) -> TravellerResult:
        """The position's entry for :func:`scoring.board.score_board` (as "NS")."""
        if self.adjusted is not None:
            mark = self.adjusted[position]
            return ArtificialScore(mark, mark)
        assert self.points is not None
        return self.points[position]


class SitOutRule(StrEnum):
    """What a player gets on the boards he did not play."""

    # EBU/ACBL practice for sit-outs in individual and pairs events: his own
    # average percentage on the boards he played, for each board he missed.
    # That leaves his percentage unchanged, so he is ranked on the boards he
    # played: his percentage is his MP over the tops of those boards.
    AVERAGE = "average"


@dataclass(frozen=True)
class WhizSettings:
    """A club's choices for a Whiz individual (all have club defaults).

    ``board`` holds the matchpointing choices (scale, Neuberg, A+/A/A-
    percentages); ``sit_out`` the rule for boards a player did not play (see
    :class:`SitOutRule`); ``average_rule`` how A+ and A- are worth, as in pairs.
    """

    board: BoardSettings = field(default_factory=BoardSettings)
    sit_out: str = SitOutRule.AVERAGE
    average_rule: AverageRule = AverageRule.FLAT

    def __post_init__(self) -> None:
        for name, kind in (("sit_out", SitOutRule), ("average_rule", AverageRule)):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                choices = ", ".join(member.value for member in kind)
                raise ValueError(
                    f"{name}: expected one of {choices}, got {value!r}"
                ) from None


@dataclass(frozen=True)
class ScoredWhizLine:
    """A table's board with each position's MP and percentage (0..100).

    ``top`` is the same for the three positions: each is compared among the
    same tables.
    """

    line: WhizLine
    mp: Mapping[str, float]
    pct: Mapping[str, float]
    top: float

    @property
    def artificial(self) -> bool:
        return self.line.artificial


@dataclass(frozen=True)
class WhizStanding:
    """A player's session: MP, the tops he played for, %, boards, and place.

    ``pct`` is published to 2 decimals; ``sit_out_boards`` counts the boards
    of the session he has no result on.
    """

    player: PlayerKey
    mp: float
    top: float
    pct: float
    boards: int
    sit_out_boards: int
    rank: str = ""


@dataclass(frozen=True)
class WhizScorecardRow:
    """One board of a player's scorecard; ``points`` is None on an adjusted board."""

    board: int
    table: int
    position: str
    points: float | None
    adjusted: str | float | None
    mp: float
    pct: float
    top: float


@dataclass(frozen=True)
class WhizSessionScore:
    """The scored session: lines in input order, players best first."""

    lines: tuple[ScoredWhizLine, ...]
    standings: tuple[WhizStanding, ...]

    def standing(self, player: PlayerKey) -> WhizStanding:
        """Return one player's standing."""
        for entry in self.standings:
            if entry.player == player:
                return entry
        raise KeyError(player)


def score_whiz_session(
    lines: Sequence[WhizLine],
    *,
    settings: WhizSettings | None = None,
    expected: Mapping[int, int] | int | None = None,
    sit_outs: Mapping[PlayerKey, Collection[int]] | None = None,
) -> WhizSessionScore:
    """Matchpoint every board position by position, then total and rank players.

    ``expected`` is the number of tables that should play each board (the
    Neuberg N), one figure for all boards or per board number; a board left
    out of it, or every board when it is None, counts its own lines.

    ``sit_outs`` names, by player, the boards he has sat out so far (his
    movement's sit-outs in the rounds play has reached): his
    ``sit_out_boards`` is their count, never a board he simply has not
    reached yet.  Without it (no movement known) every board with lines that
    he has no line on counts.
    """
    settings = settings or WhizSettings()
    if expected is not None and not isinstance(expected, Mapping):
        _check_tables("expected", expected)
    by_board = _lines_by_board(lines)

    scored: list[ScoredWhizLine | None] = [None] * len(lines)
    for board, indexes in by_board.items():
        tables = _expected_tables(expected, board, len(indexes))
        board_lines = [lines[i] for i in indexes]
        per_position = {
            position: score_board(
                [line.result(position) for line in board_lines],
                settings=settings.board,
                expected=tables,
            )
            for position in POSITIONS
        }
        for k, i in enumerate(indexes):
            scored[i] = ScoredWhizLine(
                line=lines[i],
                mp={p: per_position[p][k].ns_mp for p in POSITIONS},
                pct={p: per_position[p][k].ns_pct for p in POSITIONS},
                top=per_position[POSITIONS[0]][k].top,
            )
    final = tuple(line for line in scored if line is not None)
    if settings.average_rule is AverageRule.SESSION:
        final = _apply_session_averages(final)
    return WhizSessionScore(lines=final, standings=_standings(final, sit_outs))


def player_lines(score: WhizSessionScore, player: PlayerKey) -> list[WhizScorecardRow]:
    """Return a player's scorecard, board by board; KeyError if he played none."""
    rows = []
    for scored in score.lines:
        line = scored.line
        for position, holder in line.players.items():
            if holder != player:
                continue
            rows.append(
                WhizScorecardRow(
                    board=line.board,
                    table=line.table,
                    position=position,
                    points=None if line.points is None else line.points[position],
                    adjusted=None if line.adjusted is None else line.adjusted[position],
                    mp=scored.mp[position],
                    pct=scored.pct[position],
                    top=scored.top,
                )
            )
    if not rows:
        raise KeyError(player)
    return sorted(rows, key=lambda row: (row.board, row.table))


def _by_position(name: str, values: Mapping[str, _T]) -> dict[str, _T]:
    """Check a mapping has exactly the N, E and S positions; copy it in that order."""
    if not isinstance(values, Mapping):
        raise ValueError(f"{name}: expected a mapping of N, E and S, got {values!r}")
    missing = [p for p in POSITIONS if p not in values]
    unknown = [repr(k) for k in values if k not in POSITIONS]
    if missing or unknown:
        problems = []
        if missing:
            problems.append(f"missing {', '.join(missing)}")
        if unknown:
            problems.append(
                f"unknown position {', '.join(unknown)} (the players hold N, E "
                f"and S; West is the Domy)"
            )
        raise ValueError(f"{name}: {'; '.join(problems)}")
    return {p: values[p] for p in POSITIONS}


def _checked_players(players: Mapping[str, PlayerKey]) -> dict[str, PlayerKey]:
    """Three distinct player keys, each an int or a non-blank str."""
    checked = _by_position("players", players)
    for position, player in checked.items():
        valid = isinstance(player, int | str) and not isinstance(player, bool)
        if not valid or (isinstance(player, str) and not player.strip()):
            raise ValueError(
                f"players: {position} must be a player key (int or str), got {player!r}"
            )
    if len(set(checked.values())) < len(POSITIONS):
        raise ValueError(f"players: one player holds two hands: {checked}")
    return checked


def _checked_points(points: Mapping[str, float]) -> dict[str, float]:
    """Each position's points, finite numbers."""
    checked = _by_position("points", points)
    for position, value in checked.items():
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not math.isfinite(value):
            raise ValueError(
                f"points: {position} must be a finite number of points, got {value!r}"
            )
    return checked


def _checked_marks(marks: Mapping[str, str | float]) -> dict[str, str | float]:
    """Each position's artificial mark, normalised ("a+" -> "A+")."""
    checked = _by_position("adjusted", marks)
    for position, mark in checked.items():
        valid = not isinstance(mark, bool)
        if valid:
            try:
                checked[position] = ArtificialScore(mark, mark).ns
            except ValueError:
                valid = False
        if not valid:
            raise ValueError(
                f"adjusted: {position} must be A+, A, A- or a percentage from 0 "
                f"to 100, got {mark!r}"
            )
    return checked


def _check_tables(name: str, tables: object) -> int:
    """A number of tables: a positive integer."""
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 1:
        raise ValueError(
            f"{name}: expected a positive number of tables, got {tables!r}"
        )
    return tables


def _expected_tables(
    expected: Mapping[int, int] | int | None, board: int, played: int
) -> int:
    """The Neuberg N of a board, never fewer than the tables that have a line."""
    if expected is None:
        return played
    if isinstance(expected, Mapping):
        tables = _check_tables(f"expected[{board}]", expected.get(board, played))
    else:
        tables = expected
    if tables < played:
        raise ValueError(
            f"expected: board {board} has {played} tables' results, more than "
            f"the {tables} expected"
        )
    return tables


def _lines_by_board(lines: Sequence[WhizLine]) -> dict[int, list[int]]:
    """Line indexes per board, in input order; a player holds one hand a board."""
    by_board: dict[int, list[int]] = defaultdict(list)
    seen: dict[tuple[int, PlayerKey], int] = {}
    for index, line in enumerate(lines):
        for player in line.players.values():
            other = seen.setdefault((line.board, player), index)
            if other != index:
                raise ValueError(
                    f"lines: player {player!r} has two results on board "
                    f"{line.board} (tables {lines[other].table} and {line.table})"
                )
        by_board[line.board].append(index)
    return by_board


def _apply_session_averages(
    lines: tuple[ScoredWhizLine, ...],
) -> tuple[ScoredWhizLine, ...]:
    """Lift A+ to the player's average when higher, and A- down when lower.

    The average is the player's on his boards with real results (Law 12C2 as
    the WBF and EBU read it, as for pairs in :mod:`scoring.session`).
    """
    averages = SessionAverages()
    for line in lines:
        if line.artificial:
            continue
        for position, player in line.line.players.items():
            averages.add(player, line.mp[position], line.top)
    adjusted = []
    for line in lines:
        if line.line.adjusted is None:
            adjusted.append(line)
            continue
        pct = {
            position: round(
                averages.worth(
                    player, line.line.adjusted[position], line.pct[position]
                ),
                _NDIGITS,
            )
            for position, player in line.line.players.items()
        }
        mp = {p: round(line.top * pct[p] / 100, _NDIGITS) for p in POSITIONS}
        adjusted.append(replace(line, mp=mp, pct=pct))
    return tuple(adjusted)


def _standings(
    lines: tuple[ScoredWhizLine, ...],
    sit_outs: Mapping[PlayerKey, Collection[int]] | None = None,
) -> tuple[WhizStanding, ...]:
    """Total each player's MP and tops over the boards he played, then rank.

    The sit-out rule (his average on each board missed) needs no adjusted
    lines: MP over the tops of the boards played is that average already.
    Equal published percentages share a place; ties list by player key.
    """
    earned: dict[PlayerKey, float] = defaultdict(float)
    tops: dict[PlayerKey, float] = defaultdict(float)
    played: dict[PlayerKey, int] = defaultdict(int)
    for line in lines:
        for position, player in line.line.players.items():
            earned[player] += line.mp[position]
            tops[player] += line.top
            played[player] += 1
    played_boards = {line.line.board for line in lines}
    entries = []
    for player, total in earned.items():
        mp = round(total, _NDIGITS)
        top = round(tops[player], _NDIGITS)
        # A player whose every board had a top of 0 (played once) is at 50 %.
        pct = round(100 * mp / top, _PCT_NDIGITS) if top else 50.0
        entries.append(
            WhizStanding(
                player=player,
                mp=mp,
                top=top,
                pct=pct,
                boards=played[player],
                sit_out_boards=(
                    len(played_boards) - played[player]
                    if sit_outs is None
                    else len(sit_outs.get(player, ()))
                ),
            )
        )
    places = rank([entry.pct for entry in entries])
    ordered = sorted(
        zip(places, entries, strict=True),
        key=lambda item: (-item[1].pct, _player_order(item[1].player)),
    )
    return tuple(replace(entry, rank=place) for place, entry in ordered)


def _player_order(player: PlayerKey) -> tuple[int, int, str]:
    """Sort key listing tied players by number, then by name."""
    if isinstance(player, int):
        return (0, player, "")
    return (1, 0, player)
