"""Score one board of a pairs event: real results plus adjusted scores.

A traveller line is one of three things:

* a real result, the NS score in points (an ``int`` or ``float``);
* an assigned adjusted score (Law 12C1) that replaces the table result, as
  :class:`WeightedScore` parts such as 70 % of +420 and 30 % of +450; it is
  matchpointed like a real score, each part with its weight;
* an artificial adjusted score (Law 12C2), :class:`ArtificialScore`, giving
  NS and EW each "A+", "A", "A-" or a percentage of the top; it takes no part
  in the comparisons.  One that names an ``absent`` side ("60/0 - EW
  absent") is an award against a pair that never came: not a play of the
  board at all, so it is not counted in the board's number of results either.

The real results are matchpointed among themselves.  With Neuberg on (EBU,
FFB, Compscore) their matchpoints are factored up to the number of tables
that should have played the board, so every line is on the same top; with
Neuberg off (JFR Pary) the top is that of the real results alone.

``BoardSettings.mp_decimals`` rounds each line's matchpoints (after the
Neuberg factor) before its percentage is taken and before the pair totals
add them up, as KoPS and Magic Contest print them (2 decimals); by default
the full precision is kept.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from itertools import accumulate

from scoring.matchpoints import neuberg, top
from scoring.numbers import checked_number

ARTIFICIAL_MARKS = ("A+", "A", "A-")
SIDES = ("NS", "EW")


@dataclass(frozen=True)
class ArtificialScore:
    """An artificial adjusted score: a mark or a percentage for each side.

    ``absent`` ("NS" or "EW") names the side that was not there: the line is
    then an award against an absent pair ("60/0", "60/40", A+/A-), as JFR
    Pary, EBUScore and FFB programs print it.  The present side scores its
    award, the absent side what the award gives it (0 in "60/0"), and the
    absent side's line still counts as a board in its total (its top is in
    the pair's tops, as EBUScore and JFR count an Average-minus board).  The
    line is not a play: the board's other results are compared and factored
    as if that table had not played it (:func:`score_board`).
    """

    ns: str | float
    ew: str | float
    absent: str | None = None

    def __post_init__(self) -> None:
        if self.absent is not None:
            side = str(self.absent).strip().upper()
            if side not in SIDES:
                raise ValueError(
                    f"absent: the absent side is NS or EW, got {self.absent!r}"
                )
            object.__setattr__(self, "absent", side)
        for side in ("ns", "ew"):
            value = getattr(self, side)
            if isinstance(value, str):
                if value.strip().upper() not in ARTIFICIAL_MARKS:
                    raise ValueError(
                        f"{side}: an artificial score is A+, A, A- or a "
                        f"percentage, got {value!r}"
                    )
                object.__setattr__(self, side, value.strip().upper())
            elif not (isinstance(value, int | float) and 0 <= value <= 100):
                raise ValueError(
                    f"{side}: an artificial percentage must be between 0 and 100, "
                    f"got {value!r}"
                )


@dataclass(frozen=True)
class WeightedScore:
    """An assigned adjusted score: (weight, NS score) parts, weights summing to 1."""

    parts: tuple[tuple[float, float], ...]

    def __post_init__(self) -> None:
        parts = tuple((float(w), float(s)) for w, s in self.parts)
        if not parts:
            raise ValueError("parts: a weighted score needs at least one part")
        if any(w <= 0 for w, _ in parts):
            raise ValueError("parts: every weight must be positive")
        if not math.isclose(sum(w for w, _ in parts), 1.0, abs_tol=1e-9):
            raise ValueError(
                f"parts: the weights must add up to 1, got {sum(w for w, _ in parts)}"
            )
        object.__setattr__(self, "parts", parts)


TravellerResult = int | float | WeightedScore | ArtificialScore


def is_absent_award(result: object) -> bool:
    """True for an award against an absent pair: a line that is not a play."""
    return isinstance(result, ArtificialScore) and result.absent is not None


def plays(results: Iterable[object]) -> int:
    """How many lines of a board count as plays of it (awards against an
    absent pair do not): the default Neuberg N of the board."""
    return sum(1 for result in results if not is_absent_award(result))


@dataclass(frozen=True)
class BoardSettings:
    """A club's matchpointing choices for one board."""

    top_per_beat: float = 2
    neuberg: bool = True
    average_plus: float = 60.0
    average: float = 50.0
    average_minus: float = 40.0
    # Round each line's (factored) matchpoints to this many decimals before
    # percentages and totals (KoPS, Magic Contest: 2); None keeps them exact.
    mp_decimals: int | None = None

    def __post_init__(self) -> None:
        if self.mp_decimals is not None and not 0 <= self.mp_decimals <= 6:
            raise ValueError(f"mp_decimals must be 0..6, got {self.mp_decimals}")

    def printed(self, mp: float) -> float:
        """Matchpoints as the club prints them: rounded, halves up, or exact."""
        if self.mp_decimals is None:
            return mp
        # The nine-decimal repr first: 4.725 is 4.72499999... in binary.
        exact = Decimal(repr(round(mp, _NDIGITS)))
        step = Decimal(1).scaleb(-self.mp_decimals)
        return float(exact.quantize(step, rounding=ROUND_HALF_UP))

    def mark_percentage(self, mark: str | float) -> float:
        """Return the percentage an artificial mark (or a percentage) stands for."""
        if isinstance(mark, str):
            return {
                "A+": self.average_plus,
                "A": self.average,
                "A-": self.average_minus,
            }[mark]
        return float(mark)


@dataclass(frozen=True)
class ScoredLine:
    """The outcome of one traveller line: matchpoints and percentages per side.

    ``top`` is the top the matchpoints are out of; ``artificial`` marks lines
    that took no part in the comparisons (their MP are the percentage of the
    top).  Percentages are 0..100.
    """

    ns_mp: float
    ew_mp: float
    ns_pct: float
    ew_pct: float
    top: float
    artificial: bool = False


# Matchpoint figures are rounded here to wash out float noise from weights
# and Neuberg factors; nine decimals is far below any published precision.
_NDIGITS = 9


def score_board(
    results: Sequence[TravellerResult],
    *,
    settings: BoardSettings | None = None,
    expected: int | None = None,
) -> list[ScoredLine]:
    """Matchpoint one board and return a :class:`ScoredLine` per traveller line.

    ``expected`` is the number of times the board should have been played
    (the Neuberg N); it defaults to the number of lines, artificial ones
    included but not awards against an absent pair (:func:`plays`): a table
    whose pair never came did not play the board, so the board keeps the top
    of one played in full (Neuberg on: the real results factored up to N;
    Neuberg off, as JFR Pary: the top of the real results).  O(n log n) in
    the number of lines.
    """
    settings = settings or BoardSettings()
    expected = plays(results) if expected is None else expected
    real = [score_parts(r) for r in results if not isinstance(r, ArtificialScore)]
    if expected < len(real):
        raise ValueError(
            f"expected ({expected}) cannot be fewer than the {len(real)} real results"
        )
    raw = iter(_weighted_matchpoints(real, settings.top_per_beat))
    factor = settings.neuberg and 0 < len(real) < expected
    # A board with no real result at all is out of the full top either way.
    counted = expected if factor or not real else len(real)
    board_top = top(counted, settings.top_per_beat)

    lines = []
    for result in results:
        if isinstance(result, ArtificialScore):
            ns_pct = settings.mark_percentage(result.ns)
            ew_pct = settings.mark_percentage(result.ew)
            lines.append(
                ScoredLine(
                    ns_mp=settings.printed(round(board_top * ns_pct / 100, _NDIGITS)),
                    ew_mp=settings.printed(round(board_top * ew_pct / 100, _NDIGITS)),
                    ns_pct=ns_pct,
                    ew_pct=ew_pct,
                    top=board_top,
                    artificial=True,
                )
            )
            continue
        ns_mp = next(raw)
        if factor:
            ns_mp = neuberg(ns_mp, len(real), expected, settings.top_per_beat)
        ns_mp = settings.printed(ns_mp)
        # A board played once (with Neuberg off) has a top of 0: call it 50 %.
        ns_pct = 100 * ns_mp / board_top if board_top else 50.0
        lines.append(
            ScoredLine(
                ns_mp=round(ns_mp, _NDIGITS),
                ew_mp=round(board_top - ns_mp, _NDIGITS),
                ns_pct=round(ns_pct, _NDIGITS),
                ew_pct=round(100 - ns_pct, _NDIGITS),
                top=board_top,
            )
        )
    return lines


def score_parts(result: TravellerResult) -> tuple[tuple[float, float], ...]:
    """A real result as (weight, NS score) parts: one part of weight 1, or
    Law 12C1(c)'s weighted parts; ValueError for anything else."""
    if isinstance(result, WeightedScore):
        return result.parts
    given = "a number of points, A+/A/A- or a weighted score"
    return ((1.0, float(checked_number("score", result, "points", given))),)


def _weighted_matchpoints(
    entries: Sequence[tuple[tuple[float, float], ...]], top_per_beat: float
) -> list[float]:
    """Raw NS matchpoints of each entry against all the others, with weights.

    Every part of every entry is compared with every part of every other
    entry, the credit multiplied by both weights.  The field's weight below
    and at each score comes from prefix sums over the sorted distinct scores,
    then an entry's comparisons with its own parts are taken back out.
    """
    half = top_per_beat / 2
    weight_at: dict[float, float] = {}
    for parts in entries:
        for weight, score in parts:
            weight_at[score] = weight_at.get(score, 0.0) + weight
    distinct = sorted(weight_at)
    below = [0.0, *accumulate(weight_at[s] for s in distinct)]

    def credit(score: float, field: Iterable[tuple[float, float]] | None) -> float:
        if field is not None:
            return sum(
                w * (top_per_beat if score > s else half if score == s else 0.0)
                for w, s in field
            )
        i = bisect_left(distinct, score)
        at = below[bisect_right(distinct, score)] - below[i]
        return top_per_beat * below[i] + half * at

    return [
        sum(w * (credit(s, None) - credit(s, parts)) for w, s in parts)
        for parts in entries
    ]
