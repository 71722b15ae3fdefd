"""Weighted scores as a traveller writes them (Law 12C1(c))."""

from __future__ import annotations

import os
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import GameError
from games.weighted import MAX_PARTS, WeightedPart, parse_weighted, weighted_text


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


def test_a_long_run_of_spaces_is_refused_at_once():
    """The pattern's optional spaces once backtracked over a long run (cubic
    time: 8,000 spaces took minutes); runs are now read as one space."""
    started = time.perf_counter()
    with pytest.raises(GameError, match="Weighted score"):
        parse_weighted("70% 4S" + " " * 20_000 + "Q; 30% 4S N =")
    assert time.perf_counter() - started < 1
    assert parse_weighted("70%   4S  N   =;  30%\t4S N\n+1") == [
        WeightedPart(70.0, "4S", "N", 10),
        WeightedPart(30.0, "4S", "N", 11),
    ]


def test_more_than_ten_parts_are_refused():
    ten = "; ".join(["10% 4S N ="] * MAX_PARTS)
    assert len(parse_weighted(ten)) == MAX_PARTS == 10
    with pytest.raises(GameError, match="at most 10 parts"):
        parse_weighted("; ".join(["0.1% 4S N ="] * 1000))


@settings(
    max_examples=int(os.environ.get("DONNE_FUZZ_EXAMPLES", "300")),
    deadline=None,
    derandomize="DONNE_FUZZ_EXAMPLES" not in os.environ,
)
@given(
    text=st.one_of(
        st.text(max_size=120),
        st.lists(
            st.sampled_from(
                ["70", "30", "%", " ", ";", "4S", "3NT", "N", "=", "+1", "-13",
                 "Pass", "+450", ".", ",", "X", "\t", "♠", "0"]
            ),
            max_size=30,
        ).map("".join),
    )
)  # fmt: skip
def test_any_text_is_parts_none_or_a_named_refusal(text):
    """Never another exception: what is not a weighted score is None, a bad one
    a GameError naming the weighted score."""
    try:
        parts = parse_weighted(text)
    except GameError as error:
        assert str(error).startswith("Weighted score")
        return
    assert parts is None or 1 <= len(parts) <= MAX_PARTS
