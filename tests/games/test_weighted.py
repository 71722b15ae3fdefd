"""Weighted scores as a traveller writes them (Law 12C1(c))."""

from __future__ import annotations

import pytest

from games.errors import GameError
from games.weighted import WeightedPart, parse_weighted, weighted_text


def test_parts_are_read_with_their_results():
    assert parse_weighted("70% 4S N =; 30% 4sx e -2") == [
        WeightedPart(70.0, "4S", "N", 10),
        WeightedPart(30.0, "4SX", "E", 8),
    ]


def test_a_pass_and_a_bare_score_are_parts_too():
    assert parse_weighted("60% 3NT S 8; 25% Pass; 15% +450") == [
        WeightedPart(60.0, "3NT", "S", 8),
        WeightedPart(25.0, "Pass"),
        WeightedPart(15.0, score=450),
    ]
    assert parse_weighted("100% -620") == [WeightedPart(100.0, score=-620)]


@pytest.mark.parametrize("text", ["4S", "60%", "A+/A-", "60%/40%", ""])
def test_other_entries_are_not_weighted(text):
    assert parse_weighted(text) is None


@pytest.mark.parametrize(
    "text", ["70% 4S N =; 30% 4Z N =", "70% 4S N =; 30% 4S N", "70% 4S N =; 30%"]
)
def test_a_bad_part_is_named(text):
    with pytest.raises(GameError, match="Weighted score"):
        parse_weighted(text)


def test_the_text_reads_back_as_the_same_parts():
    stored = [
        [70.0, "4S", "N", 10, 420],
        [20.0, "Pass", "", None, 0],
        [10, "", "", None, 450],
    ]
    text = weighted_text(stored)
    assert text == "70% 4S N =; 20% Pass; 10% +450"
    assert parse_weighted(text) == [
        WeightedPart(70.0, "4S", "N", 10),
        WeightedPart(20.0, "Pass"),
        WeightedPart(10.0, score=450),
    ]
