"""Duplicate bridge: table results scored from North-South, and result texts."""

from __future__ import annotations

import re

import pytest

from games import GameError, Seat
from games.bridge import (
    board_dealer,
    board_vulnerability,
    parse_vulnerability,
    result_score,
    result_text,
    tricks_from_result,
    tricks_needed,
)
from tests.games.conftest import PBN_DIR


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "board", "score"),
    [
        ("4S", "N", 10, 2, 620),  # NS vulnerable on board 2
        ("4S", Seat.E, 10, 2, -420),  # EW not vulnerable on board 2
        ("3NT", "S", 8, 1, -50),
        ("3NTX", "W", 6, 4, 800),  # EW vulnerable, 3 down doubled
        ("1NT", "e", 7, 17, -90),  # board 17 is board 1
        ("Pass", None, 0, 5, 0),
        ("Pass", "", 0, 5, 0),
        ("PASS", "N", 0, 5, 0),  # club exports keep a declarer on passed boards
    ],
)
def test_it_scores_a_table_result_from_north_south(
    contract: str, declarer: str | Seat | None, tricks: int, board: int, score: int
) -> None:
    assert result_score(contract, declarer, tricks, board) == score


def test_it_lets_a_tag_override_the_board_vulnerability() -> None:
    assert result_score("4H", "S", 10, 1, vulnerability="Both") == 620


@pytest.mark.parametrize("declarer", [None, "", "  "])
def test_it_needs_a_declarer_for_a_real_contract(declarer: str | None) -> None:
    with pytest.raises(GameError, match="Contract 4S needs a declarer"):
        result_score("4S", declarer, 10, 1)


@pytest.mark.parametrize(
    ("contract", "tricks", "text"),
    [
        ("4S", 10, "="),
        ("4S", 11, "+1"),
        ("4S", 13, "+3"),
        ("4S", 8, "-2"),
        ("7NT", 0, "-13"),
        ("1C", 7, "="),
        ("Pass", 0, ""),
    ],
)
def test_it_writes_and_reads_results_relative_to_the_contract(
    contract: str, tricks: int, text: str
) -> None:
    assert result_text(contract, tricks) == text
    assert tricks_from_result(contract, text) == tricks


@pytest.mark.parametrize(
    ("contract", "text", "tricks"),
    [
        ("4S", "9", 9),
        ("4S", 9, 9),
        ("4S", " 10 ", 10),
        ("3NT", "+0", 9),
        ("3NT", "−1", 8),
        ("Pass", "-", 0),
    ],
)
def test_it_reads_absolute_trick_counts_and_other_result_forms(
    contract: str, text: str | int, tricks: int
) -> None:
    assert tricks_from_result(contract, text) == tricks


@pytest.mark.parametrize(
    ("contract", "text", "fragment"),
    [
        ("7NT", "+1", 'Result "+1" for 7NT means 14 tricks'),
        ("1C", "-8", 'Result "-8" for 1C means -1 tricks'),
        ("4S", "14", 'Result "14" for 4S means 14 tricks'),
        ("4S", -2, 'Result "-2" for 4S means -2 tricks'),
        ("4S", "made", 'Unknown result "made" for 4S'),
        ("4S", "", 'Unknown result "" for 4S'),
        ("Pass", "+1", 'Result "+1" given for a passed-out board'),
    ],
)
def test_it_rejects_an_impossible_result_naming_it(
    contract: str, text: str | int, fragment: str
) -> None:
    with pytest.raises(GameError) as caught:
        tricks_from_result(contract, text)
    assert fragment in str(caught.value)


def test_it_counts_tricks_needed_as_book_plus_level() -> None:
    assert [tricks_needed(f"{level}NT") for level in range(1, 8)] == list(range(7, 14))
    with pytest.raises(GameError, match="passed-out"):
        tricks_needed("Pass")


def test_it_agrees_with_the_scores_of_a_bermuda_bowl_match() -> None:
    """Both rooms of a 2015 Bermuda Bowl match as exported by BBO
    (lucbellicaud/bridgetrainer Pbns/41284.pbn): every [Score] tag."""
    path = PBN_DIR / "bbo_2015WBTC_bermuda_bowl_41284.pbn"
    games = path.read_text(encoding="latin-1").split("\n\n")
    checked = 0
    for game in games:
        tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
        if "Score" not in tags:
            continue
        side, points = tags["Score"].split()
        expected = int(points) if side == "NS" else -int(points)
        board = int(tags["Board"])
        assert board_vulnerability(board) == parse_vulnerability(tags["Vulnerable"])
        assert board_dealer(board) == tags["Dealer"]
        tricks = tricks_from_result(tags["Contract"], tags["Result"])
        score = result_score(tags["Contract"], tags["Declarer"], tricks, board)
        assert score == expected, tags
        checked += 1
    assert checked >= 16
