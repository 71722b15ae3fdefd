"""A club evening's movement for a number of pairs: the "Tonight" proposal.

The standard proposals (``standard.standard_movements``: which Mitchell or
Howell suits the number of pairs, best first) are cut to a 2 to 2½ hour
evening instead of a full-length session:

* A club plays about 7 minutes a board, the round's change of tables
  included (the EBU's and ACBL's usual pace), so 2 to 2½ hours is
  17 to 21 boards (119 to 147 minutes).
* Boards per round stay 2 to 4: fewer would leave more time moving than
  playing, more would leave few opponents.
* A Mitchell with a plain or skip shape may be curtailed: it plays the most
  rounds that fit (the more opponents met, the fairer the comparison), then
  the most boards.  A relay Mitchell and a Howell play every round.
* The proposals that fit the evening come first, in the standard order;
  a proposal that cannot fit (a 7-table Howell has 13 rounds) is still
  offered after them, its boards per round nearest 20 boards.

An odd number of pairs keeps the standard movement's phantom: the pair due
to meet it sits out that round.
"""

from __future__ import annotations

from dataclasses import dataclass

from .howell import howell
from .mitchell import mitchell
from .model import Movement
from .standard import boards_per_round_for, standard_movements

MINUTES_PER_BOARD = 7
FEWEST_BOARDS = 17
MOST_BOARDS = 21
TARGET_BOARDS = 20
BOARDS_PER_ROUND = (2, 3, 4)


class EveningLength:
    """How long a plan of ``boards`` boards plays (a pairs movement, a teams
    format: ``movements.evening_teams``)."""

    boards: int

    @property
    def minutes(self) -> int:
        """The evening's playing time, at 7 minutes a board."""
        return self.boards * MINUTES_PER_BOARD

    @property
    def fits(self) -> bool:
        """Whether it plays in 2 to 2½ hours."""
        return FEWEST_BOARDS <= self.boards <= MOST_BOARDS


@dataclass(frozen=True)
class EveningPlan(EveningLength):
    """One movement for tonight, its rounds and boards cut to the evening."""

    movement: Movement

    @property
    def boards(self) -> int:
        """How many boards each pair plays: rounds x boards per round."""
        return self.movement.rounds * self.movement.boards_per_round

    @property
    def sit_out(self) -> bool:
        """Whether a pair sits out each round (an odd number of pairs)."""
        return self.movement.phantom is not None


def evening_plans(pairs: int) -> list[EveningPlan]:
    """The movements to propose for ``pairs`` pairs tonight, best first.

    Raises ``ValueError`` naming ``pairs`` outside 5 to 100, as
    ``standard_movements`` does.
    """
    plans = [_cut(movement, pairs) for movement in standard_movements(pairs)]
    return [plan for plan in plans if plan.fits] + [
        plan for plan in plans if not plan.fits
    ]


def _cut(standard: Movement, pairs: int) -> EveningPlan:
    """``standard`` with the rounds and boards per round of the evening."""
    rounds, boards_per_round = _evening_size(standard)
    if standard.kind == "howell":
        movement = howell(
            standard.tables, boards_per_round=boards_per_round, pairs=pairs
        )
    else:
        movement = mitchell(
            standard.tables,
            rounds=rounds,
            boards_per_round=boards_per_round,
            even="relay" if standard.variant == "relay" else "skip",
            pairs=pairs,
        )
    return EveningPlan(movement)


def _evening_size(standard: Movement) -> tuple[int, int]:
    """(rounds, boards per round) of the evening for ``standard``'s shape."""
    tables = standard.tables
    if standard.kind == "howell":
        full, curtailed = 2 * tables - 1, False
    elif standard.variant == "relay":
        full, curtailed = tables, False
    else:
        full = tables - 1 if standard.variant == "skip" else tables
        curtailed = True
    shortest = 1 if curtailed else full
    fitting = [
        (rounds, per_round)
        for rounds in range(shortest, full + 1)
        for per_round in BOARDS_PER_ROUND
        if FEWEST_BOARDS <= rounds * per_round <= MOST_BOARDS
    ]
    if fitting:
        return max(fitting, key=lambda size: (size[0], size[0] * size[1]))
    return full, boards_per_round_for(full, TARGET_BOARDS)
