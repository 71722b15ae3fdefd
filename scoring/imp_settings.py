"""A club's choices for a pairs session scored by IMPs: Butler or cross-IMPs,
the datum's trimming and rounding, the caps and what Average-plus is worth.

Shared by the line scorer (``scoring.imp_session``), the per-board reference
(``scoring.imp_boards``) and the columnar scorer (``scoring.imp_columns``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.imps import DatumRounding


class ImpMethod(StrEnum):
    """How the lines of a board are compared."""

    BUTLER = "butler"
    CROSS_IMPS = "cross-imps"


@dataclass(frozen=True)
class ImpSettings:
    """A club's choices for a pairs session scored by IMPs.

    ``drop`` and ``drop_fraction`` trim the Butler datum as
    :func:`scoring.imps.butler_datum` does (Compscore and the EBU drop the
    single top and bottom; ACBLscore 5 % at each end); ``rounding`` rounds it
    to ten; ``keep_middle`` keeps only the middle scores (near-median datum).
    ``cross_imps_total`` publishes a line's cross-IMPs as the total rather
    than the average per comparison; ``cross_imps_cap`` limits the IMPs of one
    comparison.  ``average_plus`` is the IMPs of an artificial Average-plus;
    Average-minus is its negative.  ``round_cap`` limits the IMPs a pair wins
    or loses against one opponent in one round (:func:`cap_rounds`).
    """

    method: ImpMethod = ImpMethod.BUTLER
    drop: int = 1
    drop_fraction: float | None = None
    rounding: DatumRounding = DatumRounding.HALF_AWAY
    cross_imps_total: bool = False
    # WBF and EBU practice when scoring by IMPs (teams, Butler, cross-IMPs):
    # Average-plus is +3 IMPs, Average 0 and Average-minus -3 IMPs.  Other
    # clubs give 2 or a fraction such as 1.2.
    average_plus: float = 3.0
    keep_middle: int | None = None
    cross_imps_cap: int | None = None
    round_cap: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", ImpMethod(self.method))
        object.__setattr__(self, "rounding", DatumRounding(self.rounding))
        if not 0 <= self.average_plus <= 24:
            raise ValueError(f"average_plus must be 0..24, got {self.average_plus}")
        if self.cross_imps_cap is not None and not 1 <= self.cross_imps_cap <= 24:
            raise ValueError(f"cross_imps_cap must be 1..24, got {self.cross_imps_cap}")
        if self.round_cap is not None and not self.round_cap > 0:
            raise ValueError(f"round_cap must be above 0, got {self.round_cap}")

    def mark_imps(self, mark: str | float) -> float:
        """The IMPs an artificial mark (or a percentage) is worth to its side.

        A percentage is scaled so that 50 % is Average and 60 % Average-plus
        (40 % Average-minus), the same equivalence as the matchpoint marks.
        """
        if isinstance(mark, str):
            return {"A+": self.average_plus, "A": 0.0, "A-": -self.average_plus}[mark]
        return (float(mark) - 50.0) / 10.0 * self.average_plus
