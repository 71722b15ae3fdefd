"""The result of a knockout teams match: segments, carry-over and ties.

A knockout match is played in segments (stanzas) of boards; each segment's
score is the IMPs each team won in it.  A carry-over, in IMPs, may be
brought in from an earlier stage (the Bermuda Bowl carries a share of the
round-robin match between the two teams): a positive carry-over is added to
the home team's total, a negative one to the away team's (as -carry_over),
so both totals read as on a scoreboard and the margin is the same either way.

When the totals are equal, the event's tie rule decides (``TieRule``):

* ``EXTRA_BOARDS``: no winner yet; the director has extra boards played and
  their IMPs decide (WBF practice, e.g. the Bermuda Bowl's extra boards then
  one-board sudden death; the EBU White Book 143.2.1 plays one-eighth of the
  scheduled boards, at least two, rounded up: ``extra_boards``);
* ``BETTER_SEED``: the better-seeded team goes through (events that would
  otherwise give the better seed a token carry-over such as 0.1 IMP);
* ``BOARDS_WON``: the team that won more boards of the match goes through
  (the EBU's point-a-board count-back); if that is equal too, no winner yet
  and extra boards are played.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from scoring.numbers import checked_number

# Totals are rounded so that fractional carry-overs (0.1, 0.5) add up exactly
# as they read; nine decimals is far below any published precision.
_NDIGITS = 9

# EBU White Book 143.2.1: extra boards are one-eighth of the scheduled boards,
# at least two.
EXTRA_BOARDS_SHARE = 8
MINIMUM_EXTRA_BOARDS = 2

Winner = Literal["home", "away"]


class TieRule(StrEnum):
    """What decides a knockout match whose IMP totals are equal."""

    EXTRA_BOARDS = "extra-boards"
    BETTER_SEED = "better-seed"
    BOARDS_WON = "boards-won"


class DecidedBy(StrEnum):
    """How a knockout match was decided, or ``EXTRA_BOARDS`` while it is not."""

    IMPS = "imps"
    BETTER_SEED = "better-seed"
    BOARDS_WON = "boards-won"
    EXTRA_BOARDS = "extra-boards"


@dataclass(frozen=True)
class KnockoutResult:
    """Both teams' IMP totals (carry-over included) and who goes through.

    ``winner`` is "home", "away", or None while extra boards are to be
    played; ``decided_by`` says which rule gave the winner (a ``DecidedBy``,
    which is a str).
    """

    home_total: float
    away_total: float
    winner: Winner | None
    decided_by: DecidedBy

    @property
    def margin(self) -> float:
        """The home team's lead in IMPs (negative when the away team leads)."""
        return round(self.home_total - self.away_total, _NDIGITS)


def knockout_result(
    segments: Sequence[tuple[float, float]],
    carry_over: float = 0.0,
    tie_rule: TieRule | str = TieRule.EXTRA_BOARDS,
    board_imps: Sequence[tuple[float, float]] | None = None,
    home_seed_better: bool = True,
) -> KnockoutResult:
    """Return a knockout match's totals and winner.

    ``segments`` are the (home, away) IMPs of each segment, ``carry_over``
    the home team's carry-over in IMPs (negative favours the away team).
    ``board_imps`` are each board's (home, away) IMPs, needed by
    ``TieRule.BOARDS_WON`` only (``MatchScore.board_imps`` gives them);
    ``home_seed_better`` says which team is the better seed for
    ``TieRule.BETTER_SEED``.
    """
    tie_rule = TieRule(tie_rule)
    checked_number("carry_over", carry_over, "IMPs")
    home = away = 0.0
    for index, segment in enumerate(segments):
        home_imps, away_imps = _pair("segments", index, segment)
        home += home_imps
        away += away_imps
    if carry_over > 0:
        home += carry_over
    else:
        away -= carry_over
    home, away = round(home, _NDIGITS), round(away, _NDIGITS)

    winner: Winner | None
    if home != away:
        winner = "home" if home > away else "away"
        return KnockoutResult(home, away, winner, DecidedBy.IMPS)
    if tie_rule is TieRule.BETTER_SEED:
        winner = "home" if home_seed_better else "away"
        return KnockoutResult(home, away, winner, DecidedBy.BETTER_SEED)
    if tie_rule is TieRule.BOARDS_WON:
        if board_imps is None:
            raise ValueError("board_imps: the boards-won tie rule needs each board")
        home_boards = away_boards = 0
        for index, board in enumerate(board_imps):
            home_imps, away_imps = _pair("board_imps", index, board)
            home_boards += home_imps > away_imps
            away_boards += away_imps > home_imps
        if home_boards != away_boards:
            winner = "home" if home_boards > away_boards else "away"
            return KnockoutResult(home, away, winner, DecidedBy.BOARDS_WON)
    return KnockoutResult(home, away, None, DecidedBy.EXTRA_BOARDS)


def extra_boards(scheduled: int) -> int:
    """Return how many extra boards break a tie: 1/8 of the match, at least 2 (EBU)."""
    if isinstance(scheduled, bool) or not isinstance(scheduled, int) or scheduled < 1:
        raise ValueError(
            f"scheduled: expected a whole number of boards >= 1, got {scheduled!r}"
        )
    return max(MINIMUM_EXTRA_BOARDS, math.ceil(scheduled / EXTRA_BOARDS_SHARE))


def _pair(name: str, index: int, value: object) -> tuple[float, float]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise ValueError(f"{name}[{index}]: expected (home, away) IMPs, got {value!r}")
    for number in value:
        checked_number(f"{name}[{index}]", number, "IMPs")
    return value[0], value[1]
