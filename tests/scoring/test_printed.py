"""``printed_field`` gives ``BoardSettings.printed``'s floats for an array:
random matchpoints, amounts on and next to the half-way points, negatives,
zeros of both signs, large values (up to 1e12: ``printed`` itself raises
far beyond), every number of decimals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.board import BoardSettings
from scoring.printed import printed_field

DECIMALS = st.integers(min_value=0, max_value=6)


def same_floats(got: np.ndarray, expected: list[float]) -> bool:
    """Equal float for float, the sign of a zero included."""
    return len(got) == len(expected) and all(
        (math.isnan(a) and math.isnan(b))
        or (a == b and math.copysign(1, a) == math.copysign(1, b))
        for a, b in zip(got.tolist(), expected, strict=True)
    )


def reference(values: list[float], decimals: int) -> list[float]:
    printed = BoardSettings(mp_decimals=decimals).printed
    return [printed(v) for v in values]


# Halves and their neighbours: k + 1/2 units of the last printed decimal,
# written with up to nine decimals, then nudged by a few ulps.
@st.composite
def near_halves(draw: st.DrawFn) -> float:
    decimals = draw(DECIMALS)
    whole = draw(st.integers(min_value=-(10**6), max_value=10**6))
    value = (whole + 0.5) / 10**decimals
    extra = draw(st.integers(min_value=-3, max_value=3)) / 10**9
    nudge = draw(st.integers(min_value=-2, max_value=2))
    value = value + extra
    for _ in range(abs(nudge)):
        value = math.nextafter(value, math.copysign(math.inf, nudge))
    return value


VALUES = st.lists(
    st.one_of(
        st.floats(min_value=-1e5, max_value=1e5),
        st.floats(min_value=-1e12, max_value=1e12),
        near_halves(),
        st.integers(min_value=0, max_value=4000).map(lambda k: k / 40),
        st.sampled_from(
            [0.0, -0.0, 4.725, 1.005, 2.675, -4.725, 1e6, 999999.9999999995]
        ),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(values=VALUES, decimals=DECIMALS)
def test_printed_field_is_printed_float_for_float(values, decimals):
    got = printed_field(np.asarray(values, dtype=np.float64), decimals)
    assert same_floats(got, reference(values, decimals))


@pytest.mark.parametrize("decimals", range(7))
def test_every_quarter_and_third_of_a_field_is_printed_alike(decimals):
    values = [k / d for d in (3, 4, 6, 7, 40, 1000) for k in range(-50, 5000)]
    got = printed_field(np.asarray(values), decimals)
    assert same_floats(got, reference(values, decimals))


def test_no_decimals_keeps_the_values():
    values = np.asarray([1 / 3, 2.5])
    assert printed_field(values, None).tolist() == values.tolist()
