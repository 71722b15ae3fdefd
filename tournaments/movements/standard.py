"""The movements the app proposes to a director for a number of pairs.

Choices, from common ACBL and EBU club practice:

* T = ceil(pairs / 2) tables; an odd number of pairs adds a phantom.
* A Howell (complete, one winner) is offered up to 20 pairs and comes first
  up to 5 tables (10 pairs): with fewer than six tables a Mitchell meets too
  few opponents for too many boards (Arran BC, an EBU club; bridgescoreplus
  "recommended movements" built with ACBL directors).
* A Mitchell is offered from 6 pairs and comes first from 6 tables.  With an
  odd number of tables it is the plain Mitchell; with an even number the
  relay-and-bye-stand Mitchell (every EW pair meets every NS pair) comes
  before the skip Mitchell (simpler, and it can be stopped early).  A relay
  Mitchell cannot be curtailed, so it is offered up to 14 tables only.
* Session length: about 26 boards, the usual club session.  A Mitchell plays
  at most 13 rounds (13 x 2 = 26 boards); boards per round (2 or more) are
  chosen so that rounds x boards is nearest 26, the smaller on a tie.
"""

from __future__ import annotations

from .howell import MAX_TABLES as MAX_HOWELL_TABLES
from .howell import howell
from .mitchell import MAX_TABLES as MAX_MITCHELL_TABLES
from .mitchell import mitchell
from .model import Movement

MIN_PAIRS = 5
MAX_PAIRS = 2 * MAX_MITCHELL_TABLES  # a full Mitchell of the most tables
TARGET_BOARDS = 26
MAX_MITCHELL_ROUNDS = 13
MAX_RELAY_TABLES = 14
HOWELL_FIRST_UP_TO_TABLES = 5


def boards_per_round_for(rounds: int, target: int = TARGET_BOARDS) -> int:
    """Return boards per round (2 to 10) making rounds x boards nearest ``target``."""
    return min(range(2, 11), key=lambda b: (abs(rounds * b - target), b))


def standard_movements(pairs: int) -> list[Movement]:
    """Return the movements to propose for ``pairs`` pairs (5 to 100), best first."""
    if isinstance(pairs, bool) or not isinstance(pairs, int):
        raise ValueError(f"pairs must be {MIN_PAIRS} to {MAX_PAIRS}, got {pairs!r}")
    if not MIN_PAIRS <= pairs <= MAX_PAIRS:
        raise ValueError(f"pairs must be {MIN_PAIRS} to {MAX_PAIRS}, got {pairs}")
    tables = (pairs + 1) // 2
    howells = []
    if tables <= MAX_HOWELL_TABLES:
        rounds = 2 * tables - 1
        howells.append(
            howell(tables, boards_per_round=boards_per_round_for(rounds), pairs=pairs)
        )
    mitchells = []
    if pairs >= 6:
        if tables % 2:
            rounds = min(tables, MAX_MITCHELL_ROUNDS)
            mitchells.append(_mitchell(tables, rounds, "skip", pairs))
        else:
            if tables <= MAX_RELAY_TABLES:
                mitchells.append(_mitchell(tables, tables, "relay", pairs))
            rounds = min(tables - 1, MAX_MITCHELL_ROUNDS)
            mitchells.append(_mitchell(tables, rounds, "skip", pairs))
    if tables <= HOWELL_FIRST_UP_TO_TABLES:
        return howells + mitchells
    return mitchells + howells


def _mitchell(tables: int, rounds: int, even: str, pairs: int) -> Movement:
    """Return a two-winner Mitchell of ``rounds`` rounds."""
    return mitchell(
        tables,
        rounds=rounds,
        boards_per_round=boards_per_round_for(rounds),
        even=even,
        pairs=pairs,
    )
