"""The one check of a number a scorer is given (``scoring.numbers``)."""

from __future__ import annotations

import pytest

from scoring.numbers import checked_number


@pytest.mark.parametrize("value", [0, 3, -7.5, 1e9])
def test_a_finite_number_comes_back_as_given(value):
    assert checked_number("x", value) == value
    assert type(checked_number("x", value)) is type(value)


@pytest.mark.parametrize(
    ("value", "unit", "expected", "message"),
    [
        (True, "", "", "bye_vp: expected a number, got True"),
        ("3", "IMPs", "", "bye_vp: expected a number of IMPs, got '3'"),
        (
            None,
            "points",
            "NS points or None",
            "bye_vp: expected NS points or None, got None",
        ),
        (float("nan"), "", "", "bye_vp: expected a finite number, got nan"),
        (
            float("inf"),
            "IMPs",
            "x",
            "bye_vp: expected a finite number of IMPs, got inf",
        ),
    ],
)
def test_anything_else_is_refused_naming_the_input(value, unit, expected, message):
    with pytest.raises(ValueError) as refused:
        checked_number("bye_vp", value, unit, expected)
    assert str(refused.value) == message
