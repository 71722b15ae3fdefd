"""Matchpoints as the club prints them, for a whole array at once.

``scoring.board.BoardSettings.printed`` rounds one line's matchpoints to
``mp_decimals`` (KoPS, Magic Contest: 2) through ``Decimal``: first to nine
decimals (``round``), then the shortest text of that float, quantised half
up.  Board by board that was the only setting that sent a whole field
through ``score_board`` (``scoring.columns``); :func:`printed_field` gives
the same floats for an array, with integer arithmetic on nine-decimal units.

Why it is exact: ``r = round(mp, 9)`` is the double nearest ``k / 10**9``
for an integer ``k``.  Below ``10**6`` that decimal has at most 15
significant digits, so it is the only decimal of 15 digits or fewer that
reads back as ``r``: ``repr(r)`` writes it, and ``rint(r * 10**9)`` gives
``k`` back (the product is within a hundredth of ``k``).  Quantising half up
is then ``(|k| + q / 2) // q`` with ``q = 10**(9 - decimals)``, the sign put
back (a negative amount rounded to zero stays ``-0.0``, as ``Decimal``'s
does); the division by ``10**decimals`` is correctly rounded, as ``float``
of the ``Decimal`` is.  Larger or non-finite values go through ``printed``.
"""

from __future__ import annotations

import numpy as np

from scoring.board import BoardSettings
from scoring.field import round_like_python

# ``BoardSettings.printed``'s first rounding.
_NDIGITS = 9
# Below this, a nine-decimal amount has at most 15 significant digits.
_EXACT_BELOW = 10.0**6


def printed_field(values: np.ndarray, decimals: int | None) -> np.ndarray:
    """``[BoardSettings(mp_decimals=decimals).printed(v) for v in values]``
    as a float array; ``values`` unchanged when ``decimals`` is None."""
    values = np.asarray(values, dtype=np.float64)
    if decimals is None:
        return values
    settings = BoardSettings(mp_decimals=decimals)
    nine = round_like_python(values, _NDIGITS)
    with np.errstate(invalid="ignore"):
        exact = np.abs(nine) < _EXACT_BELOW
    units = np.rint(np.where(exact, nine, 0.0) * 10.0**_NDIGITS).astype(np.int64)
    step = 10 ** (_NDIGITS - decimals)
    steps = (np.abs(units) + step // 2) // step
    out = np.copysign(steps / 10.0**decimals, nine)
    if not exact.all():
        out[~exact] = [settings.printed(v) for v in values[~exact].tolist()]
    return out
