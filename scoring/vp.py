"""Victory Points on the WBF 2013 continuous 20-VP scale.

A teams match of B boards ends with an IMP margin M for the winning team.  The
scale turns it into Victory Points (VP) out of 20, split between the two teams:
10.00-10.00 for a draw, 20.00-0.00 from the blitz margin X = 15 * sqrt(B) IMPs
upwards, and in between

    VP(winner) = 10 + 10 * (1 - t ** (3 * M / X)) / (1 - t ** 3),

with t = (sqrt(5) - 1) / 2, given to two decimals; the loser gets 20 - VP.

The published tables are not just that formula rounded.  Rounding to
hundredths can make one IMP worth more than the IMP before it, which the scale
forbids ("each additional IMP in the winner's margin is worth no more than the
previous one"), so the table is then nudged: wherever the gain from margin i to
i + 1 exceeds the gain from i - 1 to i, the entry for margin i goes up by 0.01
VP, and the check is repeated until the gains never increase.  The end points
(10.00 at 0 IMP, 20.00 at the blitz) never move, and an entry can be nudged
more than once.  This is the correction of the Technical Report of the WBF
Scoring Panel, "The New WBF IMP to VP Scales" (Bavin, Bethe, Bramley, Buchen,
January 2013), as scoring programs that follow the report implement it.

Everything here is pure standard-library Python.  VPs are kept internally as
whole hundredths so that the two teams' VPs always add up to exactly 20.00.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from numbers import Real

# The scale, in hundredths of a VP: 10.00 each for a draw, 20.00 in all.
VP_DRAW_HUNDREDTHS = 1000
VP_TOTAL_HUNDREDTHS = 2000

# Blitz margin X = BLITZ_IMPS_PER_ROOT_BOARD * sqrt(boards), in IMPs.
BLITZ_IMPS_PER_ROOT_BOARD = 15

# t = (sqrt(5) - 1) / 2, the golden ratio conjugate; the formula uses t ** 3.
GOLDEN_RATIO_CONJUGATE = (math.sqrt(5) - 1) / 2
_T_CUBED = GOLDEN_RATIO_CONJUGATE**3

# Size of one concavity nudge, in hundredths of a VP (0.01 VP).
CONCAVITY_NUDGE_HUNDREDTHS = 1

# Distinct match lengths whose scales are kept in memory.
_SCALE_CACHE_SIZE = 256


def blitz_margin(boards: int) -> float:
    """Return the blitz margin, in IMPs, for a match of ``boards`` boards.

    It is 15 * sqrt(boards), usually not a whole number: a margin of at least
    this many IMPs scores 20.00-0.00 VP.
    """
    _check_boards(boards)
    return BLITZ_IMPS_PER_ROOT_BOARD * math.sqrt(boards)


def vp_table(boards: int) -> list[tuple[int, float, float]]:
    """Return the published WBF continuous scale for a match of ``boards`` boards.

    One row per whole IMP margin from 0 up to the blitz margin rounded up (the
    first margin worth 20.00 VP): ``(margin in IMPs, VP of the winner, VP of
    the loser)``, VPs on the 20-point scale to two decimals, nudged for
    concavity as described in the module docstring.  The scale is computed
    once per match length (``functools.lru_cache``); each call returns a new
    list, so callers may modify it freely.
    """
    _check_boards(boards)
    return [
        (margin, winner / 100, (VP_TOTAL_HUNDREDTHS - winner) / 100)
        for margin, winner in enumerate(_scale_hundredths(boards))
    ]


def wbf_vp(imp_margin: float, boards: int) -> tuple[float, float]:
    """Return the VPs (team A, team B) for team A's IMP margin over ``boards``.

    ``imp_margin`` is team A's IMPs minus team B's (positive when A won,
    negative when B won); the result is the pair of VPs on the 20-point scale,
    rounded to two decimals and adding up to exactly 20.00.  Whole margins
    read the published table (see ``vp_table``); a margin at or beyond the
    blitz is 20.00-0.00.

    A fractional margin (cross-IMPed or Butler-scored teams, or IMPs with an
    adjustment, e.g. 7.5) follows WBF practice: interpolate linearly between
    the table entries of the two whole margins around it, then round to two
    decimals, halves upwards.  For 16 boards, 7.5 IMPs is halfway between
    12.03 (7 IMPs) and 12.29 (8 IMPs), i.e. 12.16-7.84.
    """
    _check_boards(boards)
    margin = _exact_margin(imp_margin)
    winner = _winner_hundredths(abs(margin), boards)
    loser = VP_TOTAL_HUNDREDTHS - winner
    if margin < 0:
        winner, loser = loser, winner
    return winner / 100, loser / 100


def _check_boards(boards: object) -> None:
    """Raise ``ValueError`` unless ``boards`` is a whole number of boards >= 1."""
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ValueError(
            f"boards must be a whole number of boards >= 1, got {boards!r}"
        )


def _exact_margin(imp_margin: object) -> Fraction:
    """Return ``imp_margin`` as an exact fraction of IMPs, or raise ``ValueError``.

    Accepts ints, floats, ``Decimal`` and ``Fraction``; refuses booleans,
    strings, NaN and infinities.
    """
    problem = f"imp_margin must be a finite number of IMPs, got {imp_margin!r}"
    if isinstance(imp_margin, bool) or not isinstance(imp_margin, Real | Decimal):
        raise ValueError(problem)
    try:
        return Fraction(imp_margin)
    except (ValueError, OverflowError):
        raise ValueError(problem) from None


def _blitz_ceiling(boards: int) -> int:
    """Return the smallest whole margin, in IMPs, that reaches the blitz.

    That is the smallest m with m >= 15 * sqrt(boards), found exactly as the
    smallest m with m * m >= 225 * boards.
    """
    blitz_squared = BLITZ_IMPS_PER_ROOT_BOARD**2 * boards
    ceiling = math.isqrt(blitz_squared)
    return ceiling if ceiling * ceiling == blitz_squared else ceiling + 1


def _formula_hundredths(margin: int, boards: int) -> int:
    """Return the winner's VP, in hundredths, by the formula alone (no nudge)."""
    if margin * margin >= BLITZ_IMPS_PER_ROOT_BOARD**2 * boards:
        return VP_TOTAL_HUNDREDTHS
    blitz = BLITZ_IMPS_PER_ROOT_BOARD * math.sqrt(boards)
    spread = VP_TOTAL_HUNDREDTHS - VP_DRAW_HUNDREDTHS
    share = (1 - _T_CUBED ** (margin / blitz)) / (1 - _T_CUBED)
    return math.floor(VP_DRAW_HUNDREDTHS + spread * share + 0.5)


def _nudge_for_concavity(hundredths: list[int]) -> None:
    """Raise entries by 0.01 VP until no IMP is worth more than the one before.

    Works in place on the winner's VPs (hundredths) for margins 0, 1, 2, ...:
    while some gain hundredths[i + 1] - hundredths[i] exceeds the gain
    hundredths[i] - hundredths[i - 1], entry i goes up by one nudge.  After a
    nudge only the gains next to entry i change, so the scan steps back one
    entry instead of starting again; the end result is the same.
    """
    i = 1
    while i < len(hundredths) - 1:
        gain_before = hundredths[i] - hundredths[i - 1]
        gain_after = hundredths[i + 1] - hundredths[i]
        if gain_after > gain_before:
            hundredths[i] += CONCAVITY_NUDGE_HUNDREDTHS
            i = max(1, i - 1)
        else:
            i += 1


@lru_cache(maxsize=_SCALE_CACHE_SIZE)
def _scale_hundredths(boards: int) -> tuple[int, ...]:
    """Return the winner's VPs, in hundredths, for margins 0 to the blitz."""
    hundredths = [
        _formula_hundredths(margin, boards)
        for margin in range(_blitz_ceiling(boards) + 1)
    ]
    _nudge_for_concavity(hundredths)
    return tuple(hundredths)


def _winner_hundredths(margin: Fraction, boards: int) -> int:
    """Return the winning team's VPs, in hundredths, for a margin >= 0 IMPs.

    The blitz counts as reached when the margin is at least 15 * sqrt(boards)
    exactly, or at least its floating-point value ``blitz_margin(boards)``
    (which may fall a hair short of it), so passing that value gives 20.00.
    """
    exact_blitz = margin * margin >= BLITZ_IMPS_PER_ROOT_BOARD**2 * boards
    if exact_blitz or margin >= Fraction(blitz_margin(boards)):
        return VP_TOTAL_HUNDREDTHS
    scale = _scale_hundredths(boards)
    whole = math.floor(margin)
    part = margin - whole
    if part == 0:
        return scale[whole]
    below, above = scale[whole], scale[whole + 1]
    return math.floor(below + (above - below) * part + Fraction(1, 2))
