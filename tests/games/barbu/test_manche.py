"""The manche's rules across deals: compulsory doubles, order, trump, height."""

from __future__ import annotations

import pytest

from games.barbu.manche import (
    check_height,
    check_order,
    check_trump,
    doubles_owed,
    next_order,
)
from games.errors import GameError

SEATS = ("N", "E", "S", "W")


def test_a_player_who_doubled_the_declarer_once_is_short_on_the_last_deal() -> None:
    # The case: N declares; E and S double him twice, W once. After
    # the seventh deal no deal is left, W has 1 < 2.
    manche = [[("E", "N", 1), ("S", "N", 1), ("W", "N", 1)], [("E", "N", 1)]]
    manche += [[("S", "N", 1)]] + [[] for _ in range(4)]
    assert doubles_owed("N", SEATS, manche) == {"W": (1, 0)}


def test_doubles_may_still_come_while_deals_remain() -> None:
    # Five deals without a double: 2 remain, everyone can still double twice.
    assert doubles_owed("N", SEATS, [[] for _ in range(5)]) == {}
    # A sixth: 1 remains, nobody can reach 2.
    assert doubles_owed("N", SEATS, [[] for _ in range(6)]) == {
        "E": (0, 1),
        "S": (0, 1),
        "W": (0, 1),
    }


def test_a_redoubled_double_counts_and_doubles_of_others_do_not() -> None:
    # E's double of N redoubled by N counts; W doubling E twice does not.
    manche = [
        [("E", "N", 2), ("S", "N", 1), ("W", "N", 1)],
        [("E", "N", 1), ("S", "N", 1), ("W", "E", 1)],
        [("W", "E", 1)],
    ] + [[] for _ in range(4)]
    assert doubles_owed("N", SEATS, manche) == {"W": (1, 0)}
    manche[2] = [("W", "N", 1)]
    assert doubles_owed("N", SEATS, manche) == {}


def test_the_number_required_is_a_setting_and_zero_turns_the_check_off() -> None:
    seven = [[] for _ in range(7)]
    assert doubles_owed("E", SEATS, seven, required=0) == {}
    assert set(doubles_owed("E", SEATS, seven, required=1)) == {"N", "S", "W"}


def test_more_than_seven_deals_is_refused() -> None:
    with pytest.raises(GameError, match="7 deals"):
        doubles_owed("N", SEATS, [[] for _ in range(8)])


@pytest.mark.parametrize(
    ("text", "letter"), [("S", "S"), ("h", "H"), ("♦", "D"), ("clubs", "C")]
)
def test_the_trump_suit_is_read_from_a_letter_symbol_or_name(text, letter) -> None:
    assert check_trump("trump", text) == letter


@pytest.mark.parametrize(
    ("contract", "trump", "message"),
    [
        ("trump", "", "needs its trump suit"),
        ("trump", None, "needs its trump suit"),
        ("trump", "X", "suit"),
        ("queens", "S", "only the Trump deal"),
    ],
)
def test_bad_trumps_are_refused(contract, trump, message) -> None:
    with pytest.raises(GameError, match=message):
        check_trump(contract, trump)


def test_no_trump_on_other_deals_is_empty() -> None:
    assert check_trump("barbu", None) == check_trump("reussite", " ") == ""


@pytest.mark.parametrize(("text", "letter"), [("9", "9"), ("10", "T"), ("a", "A")])
def test_the_reussite_height_is_a_rank(text, letter) -> None:
    assert check_height("reussite", text) == letter


@pytest.mark.parametrize(
    ("contract", "height", "message"),
    [
        ("reussite", "", "needs its height"),
        ("reussite", "C", "2 to A"),  # the Bridgeote knight is no Barbu card
        ("reussite", "1", "rank"),
        ("trump", "9", "only the Réussite deal"),
    ],
)
def test_bad_heights_are_refused(contract, height, message) -> None:
    with pytest.raises(GameError, match=message):
        check_height(contract, height)


def test_each_deal_number_holds_one_contract() -> None:
    taken = {1: "barbu", 2: "last-two"}
    assert check_order("hearts", 3, taken) == 3
    # The same contract keeping its number is a correction.
    assert check_order("barbu", 1, taken) == 1
    with pytest.raises(GameError, match="deal 2 of this manche is already Last two"):
        check_order("hearts", 2, taken)
    for bad in (0, 8, True, "3"):
        with pytest.raises(GameError, match="1 to 7"):
            check_order("hearts", bad, taken)


def test_the_next_free_number() -> None:
    assert next_order([]) == 1
    assert next_order([1, 2, 4]) == 3
    with pytest.raises(GameError, match="all numbered"):
        next_order(range(1, 8))
