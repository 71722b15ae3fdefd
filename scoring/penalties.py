"""Procedural penalties (Law 90): the director fines a pair, then it is ranked.

A penalty is given in one of three units:

* ``mp``: matchpoints, taken off the pair's session total; its percentage is
  worked out again on the same tops (so 6 MP off a pair that played for 240
  costs it 2.5 %);
* ``top_pct``: a percentage of a top, turned into matchpoints on the
  section's board top (:func:`section_top`): "25 % of a top" on 12-top
  boards is 3 MP;
* ``imps``: IMPs, taken off an IMP-scored pair's total.

Several penalties on one pair add up.  The ranks are worked out again after
the penalties, so a fined pair can drop below pairs it had beaten.

Federation practice, for the director's choice of amount (as the issue's
brief gives it; the primary texts were not at hand to check): the EBU White
Book (8.90, Law 90) makes the standard procedural penalty 25 % of a top at
matchpoints, 10 % for a lesser breach; the ACBL's standard is a quarter of a
board ("1/4 board", the same 25 % of a top).  At IMPs the EBU's customary
equivalent is 3 IMPs, the value of an Average-plus.  Donne applies whatever
amount the director gives.

A matchpoint penalty (``mp``, ``top_pct``) only has a meaning in a
matchpointed session and an IMP penalty only in one scored by IMPs: the
functions here refuse the other unit (``ValueError`` naming ``unit``).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from scoring.imp_session import ImpStanding, rank_imp_standings
from scoring.session import PairKey, PairStanding, rank_standings

Standing = TypeVar("Standing", PairStanding, ImpStanding)

# A top is compared after rounding so that Neuberg float noise (11.999999)
# does not split the boards of one top into two.
_TOP_NDIGITS = 6


class PenaltyUnit(StrEnum):
    """What a penalty's amount counts."""

    MP = "mp"
    TOP_PCT = "top_pct"
    IMPS = "imps"


MATCHPOINT_UNITS = frozenset({PenaltyUnit.MP, PenaltyUnit.TOP_PCT})


@dataclass(frozen=True)
class Penalty:
    """One fine on one pair: ``amount`` (positive) in ``unit``."""

    pair: PairKey
    unit: PenaltyUnit
    amount: float

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "unit", PenaltyUnit(self.unit))
        except ValueError:
            raise ValueError(
                f"unit: expected mp, top_pct or imps, got {self.unit!r}"
            ) from None
        amount = self.amount
        if isinstance(amount, bool) or not isinstance(amount, int | float):
            raise ValueError(f"amount: expected a number, got {amount!r}")
        if not math.isfinite(amount) or amount <= 0:
            raise ValueError(f"amount: expected a positive number, got {amount!r}")


def section_top(tops: Iterable[float]) -> float:
    """The section's board top: the top most boards were scored on.

    Boards played a different number of times have different tops (without
    Neuberg factoring); the "full" top, the one most lines were matchpointed
    on, is the one a percentage of a top is taken of.  When two tops are
    equally common, the higher one (the board played the most times).  0 for
    a section with no scored board.
    """
    counts = Counter(round(top, _TOP_NDIGITS) for top in tops if top > 0)
    if not counts:
        return 0.0
    return max(counts, key=lambda top: (counts[top], top))


def penalty_mp(penalty: Penalty, top: float) -> float:
    """A matchpoint penalty's worth in MP on a section whose board top is ``top``."""
    if penalty.unit is PenaltyUnit.MP:
        return float(penalty.amount)
    if penalty.unit is PenaltyUnit.TOP_PCT:
        return penalty.amount / 100 * top
    raise ValueError("unit: an IMP penalty does not apply to a matchpointed session")


def mp_fines(penalties: Iterable[Penalty], top: float) -> dict[PairKey, float]:
    """Each fined pair's MP penalty, several penalties added up."""
    fines: dict[PairKey, float] = defaultdict(float)
    for penalty in penalties:
        fines[penalty.pair] += penalty_mp(penalty, top)
    return dict(fines)


def imp_fines(penalties: Iterable[Penalty]) -> dict[PairKey, float]:
    """Each fined pair's IMP penalty, several penalties added up."""
    fines: dict[PairKey, float] = defaultdict(float)
    for penalty in penalties:
        if penalty.unit is not PenaltyUnit.IMPS:
            raise ValueError(
                "unit: a matchpoint penalty does not apply to a session scored by IMPs"
            )
        fines[penalty.pair] += float(penalty.amount)
    return dict(fines)


def penalise_standings(
    rankings: Mapping[str | None, list[PairStanding]],
    penalties: Iterable[Penalty],
    top: float,
) -> dict[str | None, list[PairStanding]]:
    """Take each pair's MP penalties off its total, then rank again.

    ``top`` is the section's board top (:func:`section_top`).  A fined pair
    keeps its tops, so its percentage is its MP after the penalty over the
    same tops; its ``penalty`` is the MP taken off.  A penalty on a pair not
    in the rankings is refused (``ValueError`` naming ``pair``).
    """
    return rank_standings(_fined(rankings, mp_fines(penalties, top), "mp"))


def penalise_imp_standings(
    rankings: Mapping[str | None, list[ImpStanding]],
    penalties: Iterable[Penalty],
) -> dict[str | None, list[ImpStanding]]:
    """Take each pair's IMP penalties off its total, then rank again."""
    return rank_imp_standings(_fined(rankings, imp_fines(penalties), "imps"))


def _fined(
    rankings: Mapping[str | None, list[Standing]],
    fines: Mapping[PairKey, float],
    score: str,
) -> list[Standing]:
    """Every standing of ``rankings``, a fined pair's fine taken off its
    ``score`` ("mp" or "imps") and added to its ``penalty``; the same for
    matchpoints and IMPs, so both rankings fine alike."""
    standings = [s for entries in rankings.values() for s in entries]
    _check_pairs(fines, standings)
    return [
        replace(
            s,
            **{score: getattr(s, score) - fines[s.pair]},
            penalty=s.penalty + fines[s.pair],
        )
        if s.pair in fines
        else s
        for s in standings
    ]


def _check_pairs(
    fines: Mapping[PairKey, float], standings: list[PairStanding] | list[ImpStanding]
) -> None:
    ranked = {s.pair for s in standings}
    for pair in fines:
        if pair not in ranked:
            raise ValueError(f"pair: {pair!r} is not in the session's rankings")
