"""Score a pairs session: every board matchpointed, every pair totalled and ranked.

The input is the session's traveller lines as plain data: the board, the NS
and EW pair keys (any hashable, e.g. "3NS" or 7) and the result (NS points,
a :class:`~scoring.board.WeightedScore` or an
:class:`~scoring.board.ArtificialScore`).  The output holds each line's
matchpoints and percentages for both sides, and each pair's total, percentage
and place, ranked within its group (NS and EW of a Mitchell apart, or one list).

A pair's percentage is its matchpoints over the tops of the boards it played,
adjusted boards counting at their percentage, so pairs that missed a board or
sat out are compared fairly.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Generic, TypeVar

from scoring.board import (
    ArtificialScore,
    BoardSettings,
    ScoredLine,
    TravellerResult,
    plays,
    score_board,
)
from scoring.plain_field import score_plain_boards
from scoring.ranking import rank, standing_of

PairKey = Hashable

# From this many lines, a session of plain scores is matchpointed with numpy
# in one pass (``scoring.plain_field``), to the same figures: numpy is level
# at about 50 lines and 2.8x faster at 200, 8x at 1,000 (one board of a
# 1,000-table field), as ``bench/plain_threshold.py`` prints.
PLAIN_FIELD_LINES = 200

# Rankings are listed NS first, then EW, then a single (Howell) ranking.
GROUP_ORDER: dict[str | None, int] = {"NS": 0, "EW": 1, None: 2}


class AverageRule(StrEnum):
    """How "A+" and "A-" are worth for a pair."""

    FLAT = "flat"  # always the club's Average-plus / Average-minus percentage
    # WBF/EBU (Law 12C2): A+ is 60 % or the pair's session average if higher;
    # A- is 40 % or the pair's session average if lower.
    SESSION = "session"


@dataclass(frozen=True)
class SessionSettings:
    """A club's matchpointing choices for a session (all have club defaults)."""

    board: BoardSettings = field(default_factory=BoardSettings)
    average_rule: AverageRule = AverageRule.FLAT


@dataclass(frozen=True)
class TravellerLine:
    """One traveller line as the scorer needs it."""

    board: int
    ns: PairKey
    ew: PairKey
    result: TravellerResult


@dataclass(frozen=True)
class LineScore:
    """A traveller line as a session scorer returns it, with its own figures.

    The matchpoint scorer (:class:`ScoredTravellerLine`) and the IMP scorer
    (``scoring.imp_session.ImpScoredLine``) each add the figures of both sides.
    """

    line: TravellerLine

    @property
    def artificial(self) -> bool:
        """True for an artificial adjusted score, which is marked, not compared."""
        return isinstance(self.line.result, ArtificialScore)


@dataclass(frozen=True)
class ScoredTravellerLine(LineScore):
    """A traveller line with its matchpoints (MP) and percentages for both sides."""

    ns_mp: float
    ew_mp: float
    ns_pct: float
    ew_pct: float
    top: float


@dataclass(frozen=True)
class RankedPair:
    """A pair and the group it is ranked in, as every pair standing starts.

    The matchpoint (:class:`PairStanding`) and IMP
    (``scoring.imp_session.ImpStanding``) standings add the pair's totals.
    """

    pair: PairKey
    group: str | None


@dataclass(frozen=True)
class PairStanding(RankedPair):
    """A pair's session: total MP, the tops it played for, %, boards and place."""

    mp: float
    top: float
    pct: float
    boards: int
    rank: str = ""
    # MP taken off by procedural penalties (``scoring.penalties``): ``mp``
    # and ``pct`` are after them.
    penalty: float = 0.0


ScoredLineT = TypeVar("ScoredLineT", bound=LineScore)
StandingT = TypeVar("StandingT", bound=RankedPair)


@dataclass(frozen=True)
class RankedSession(Generic[ScoredLineT, StandingT]):
    """A scored session: its lines in input order and the rankings per group.

    Shared by the matchpoint (:class:`SessionScore`) and the IMP
    (``scoring.imp_session.ImpSessionScore``) results, so that a caller finds
    a pair's standing the same way whichever way the session was scored.
    """

    lines: list[ScoredLineT]
    rankings: dict[str | None, list[StandingT]]

    def standing(self, pair: PairKey) -> StandingT:
        """Return one pair's standing."""
        return standing_of(self.rankings, pair)


@dataclass(frozen=True)
class SessionScore(RankedSession[ScoredTravellerLine, PairStanding]):
    """The whole scored session: lines in input order, rankings per group."""


def lines_by_board(lines: Sequence[TravellerLine]) -> dict[int, list[int]]:
    """The indexes of the lines of each board, in input order: a board's lines
    are scored together, and the results go back to the lines' places."""
    by_board: dict[int, list[int]] = defaultdict(list)
    for index, line in enumerate(lines):
        by_board[line.board].append(index)
    return by_board


def score_session(
    lines: Sequence[TravellerLine],
    *,
    settings: SessionSettings | None = None,
    groups: Mapping[PairKey, str | None] | None = None,
    expected: int | Mapping[int, int] | None = None,
    ranked: bool = True,
) -> SessionScore:
    """Matchpoint every board, then total and rank every pair (not when
    ``ranked`` is False: a caller scoring some boards only wants their lines).

    ``groups`` maps each pair to its ranking group ("NS" or "EW" in a Mitchell
    that is not arrow-switched); pairs not in it, or all pairs when it is
    None, rank together under the group None.  ``expected`` is how many times
    a board should have been played (the Neuberg N); by default the most
    lines any board of the session has, awards against an absent pair not
    counted (they are not plays of the board: ``scoring.board.plays``).
    ``expected`` may also map each board number to its own N (sections
    scored as one field that do not all play every board); a board it does
    not name is factored to its own lines.  A big session of plain scores
    takes the numpy path (``PLAIN_FIELD_LINES``).
    """
    settings = settings or SessionSettings()
    by_board = lines_by_board(lines)
    if expected is None:
        expected = max(
            (plays(lines[i].result for i in idx) for idx in by_board.values()),
            default=0,
        )

    scored: list[ScoredTravellerLine | None] = [None] * len(lines)
    fast = None
    if len(lines) >= PLAIN_FIELD_LINES:
        fast = score_plain_boards(
            [line.board for line in lines],
            [line.result for line in lines],
            settings=settings.board,
            expected=expected if isinstance(expected, int) else dict(expected),
        )
    if fast is not None:
        scored = [
            ScoredTravellerLine(line, *figures)
            for line, figures in zip(lines, zip(*fast, strict=True), strict=True)
        ]
        by_board = {}
    for number, indexes in by_board.items():
        results = [lines[i].result for i in indexes]
        wanted = expected if isinstance(expected, int) else expected.get(number, 0)
        board_lines = score_board(
            results, settings=settings.board, expected=max(wanted, plays(results))
        )
        for i, board_line in zip(indexes, board_lines, strict=True):
            scored[i] = _scored(lines[i], board_line)
    final = [line for line in scored if line is not None]
    if settings.average_rule is AverageRule.SESSION:
        final = _apply_session_averages(final, settings.board)
    rankings = _rankings(final, groups or {}) if ranked else {}
    return SessionScore(lines=final, rankings=rankings)


def _scored(line: TravellerLine, board_line: ScoredLine) -> ScoredTravellerLine:
    return ScoredTravellerLine(
        line=line,
        ns_mp=board_line.ns_mp,
        ew_mp=board_line.ew_mp,
        ns_pct=board_line.ns_pct,
        ew_pct=board_line.ew_pct,
        top=board_line.top,
    )


def _pair_sides(line: ScoredTravellerLine) -> tuple[tuple, tuple]:
    """(pair, MP, top, side mark) for the NS and the EW pair of a line."""
    result = line.line.result
    ns_mark = result.ns if isinstance(result, ArtificialScore) else None
    ew_mark = result.ew if isinstance(result, ArtificialScore) else None
    return (
        (line.line.ns, line.ns_mp, line.top, ns_mark),
        (line.line.ew, line.ew_mp, line.top, ew_mark),
    )


class SessionAverages:
    """Each pair's (or player's) percentage on the boards with real results,
    and what an A+ or A- is worth against it (Law 12C2 as the WBF and EBU
    read it): the pairs and the Whiz individual scoring both lift A+ to that
    average when higher and A- down to it when lower."""

    def __init__(self) -> None:
        self.earned: dict[Hashable, float] = defaultdict(float)
        self.tops: dict[Hashable, float] = defaultdict(float)

    def add(self, who: Hashable, mp: float, top: float) -> None:
        """Count one board with a real result: ``mp`` earned out of ``top``."""
        self.earned[who] += mp
        self.tops[who] += top

    def worth(self, who: Hashable, mark: str | float, flat: float) -> float:
        """The percentage ``mark`` gives ``who``: ``flat`` (the award's own
        figure) unless it is A+ or A- and ``who`` has a real board."""
        if mark not in ("A+", "A-") or not self.tops[who]:
            return flat
        average = 100 * self.earned[who] / self.tops[who]
        return max(flat, average) if mark == "A+" else min(flat, average)


def _apply_session_averages(
    lines: list[ScoredTravellerLine], board: BoardSettings
) -> list[ScoredTravellerLine]:
    """Lift A+ to the pair's average when higher, and A- down when lower."""
    averages = SessionAverages()
    for line in lines:
        if line.artificial:
            continue
        for pair, mp, top, _ in _pair_sides(line):
            averages.add(pair, mp, top)
    adjusted = []
    for line in lines:
        if not line.artificial:
            adjusted.append(line)
            continue
        (ns, _, top, ns_mark), (ew, _, _, ew_mark) = _pair_sides(line)
        ns_pct = averages.worth(ns, ns_mark, line.ns_pct)
        ew_pct = averages.worth(ew, ew_mark, line.ew_pct)
        adjusted.append(
            replace(
                line,
                ns_pct=ns_pct,
                ew_pct=ew_pct,
                ns_mp=board.printed(top * ns_pct / 100),
                ew_mp=board.printed(top * ew_pct / 100),
            )
        )
    return adjusted


def pair_totals(
    sides: Iterable[tuple[PairKey, float]],
) -> tuple[dict[PairKey, float], dict[PairKey, int]]:
    """Each pair's total of a figure over its sides of the lines (MP, tops or
    IMPs), and how many lines it played; pairs in order of first appearance."""
    totals: dict[PairKey, float] = defaultdict(float)
    played: dict[PairKey, int] = defaultdict(int)
    for pair, figure in sides:
        totals[pair] += figure
        played[pair] += 1
    return totals, played


def _rankings(
    lines: list[ScoredTravellerLine], groups: Mapping[PairKey, str | None]
) -> dict[str | None, list[PairStanding]]:
    """Total each pair's MP and tops, then rank within each group."""
    sides = [side for line in lines for side in _pair_sides(line)]
    earned, played = pair_totals((pair, mp) for pair, mp, _, _ in sides)
    tops, _ = pair_totals((pair, top) for pair, _, top, _ in sides)
    return rank_standings(
        PairStanding(pair, groups.get(pair), earned[pair], tops[pair], 0, played[pair])
        for pair in earned
    )


def rank_standings(
    standings: Iterable[PairStanding],
) -> dict[str | None, list[PairStanding]]:
    """Work out each pair's percentage and rank it within its group, best first.

    The percentage is MP over the tops played (50 % for a pair with no top);
    equal percentages share a place.  Also used to rank several sessions'
    totals added together.
    """
    grouped: dict[str | None, list[tuple[float, PairStanding]]] = defaultdict(list)
    for standing in standings:
        pct = session_percentage(standing)
        grouped[standing.group].append((pct, standing))
    rankings = {}
    for group in sorted(grouped, key=lambda g: GROUP_ORDER.get(g, 3)):
        entries = grouped[group]
        places = rank([pct for pct, _ in entries])
        ordered = sorted(
            zip(places, entries, strict=True),
            key=lambda item: (-item[1][0], str(item[1][1].pair)),
        )
        rankings[group] = [
            _placed(entry, pct, place) for place, (pct, entry) in ordered
        ]
    return rankings


def session_percentage(standing: PairStanding) -> float:
    """The percentage a pair is ranked by: MP over the tops it played, 50 %
    for a pair with no top."""
    return 100 * standing.mp / standing.top if standing.top else 50.0


def _placed(standing: PairStanding, pct: float, place: str) -> PairStanding:
    """``standing`` with its percentage and place: ``dataclasses.replace``
    spelt out, three times faster (a field of 2,000 pairs per result)."""
    return PairStanding(
        standing.pair,
        standing.group,
        standing.mp,
        standing.top,
        pct,
        standing.boards,
        place,
        standing.penalty,
    )
