"""The one check of a number a scorer is given: an int or a float (a bool is
not a number here) and finite, else a ``ValueError`` naming the input, what
was expected and what came."""

from __future__ import annotations

import math


def checked_number(
    name: str, value: object, unit: str = "", expected: str = ""
) -> int | float:
    """``value`` when it is a finite number (of ``unit``: "points", "IMPs");
    ``expected`` says what else ``name`` may be in the refusal of a non-number."""
    kind = f"number of {unit}" if unit else "number"
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{name}: expected {expected or 'a ' + kind}, got {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{name}: expected a finite {kind}, got {value}")
    return value
