"""Chinese bridge points of a hand and the game's score sheet (shared/seeds/001)."""

from __future__ import annotations

from random import Random

import pytest

from games.chinese_bridge import (
    ChineseGame,
    ChineseHand,
    deal,
    hand_points,
)
from games.errors import GameError
from tests.games.chinese_bridge.support import (
    play_out,
)

# ---------------------------------------------------------------- points


@pytest.mark.parametrize(
    ("tricks", "points"),
    [
        ((13, 13), (13, 13)),
        ((20, 6), (20, 6)),
        ((26, 0), (26, 0)),
        # « on compte les plis de chacun (ou d'un seul des deux, les plus fûtés
        # voient pourquoi) »: 26 tricks in all.
        ((20,), (20, 6)),
        ((0,), (0, 26)),
    ],
)
def test_hand_points_are_the_tricks(
    tricks: tuple[int, ...], points: tuple[int, int]
) -> None:
    # « chacun se voit attribuer par l'arbitre le nombre de points correspondant »
    assert hand_points(*tricks) == points


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ((13, 12), "25 in all, expected 26"),
        ((20, 20), "40 in all, expected 26"),
        ((-1, 27), "tricks_a -1: expected a whole number 0 to 26"),
        ((27,), "tricks_a 27"),
        ((True, 25), "tricks_a True"),
        (("13", "13"), "tricks_a '13'"),
        ((13, 13.0), "tricks_b 13.0"),
    ],
)
def test_hand_points_refuse_bad_tricks(
    tricks: tuple[object, ...], message: str
) -> None:
    with pytest.raises(GameError, match=message):
        hand_points(*tricks)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the game


def test_a_game_of_12_hands_each_player_dealing_in_turn() -> None:
    # « La partie se joue en un nombre de points ou en un nombre de manches ...
    # (par exemple 100 points, ou 12 manches) » and « chaque joueur donne tour à
    # tour ».
    game = ChineseGame(hands=12)
    dealers = []
    for number in range(12):
        assert not game.finished and game.winner is None
        dealers.append(game.dealer)
        game.record(14 if number % 2 else 12, None)
    assert dealers == ["A", "B"] * 6
    assert [row.dealer for row in game.rows] == dealers
    assert game.totals() == {"A": 6 * 12 + 6 * 14, "B": 6 * 14 + 6 * 12}
    assert game.finished
    assert game.winner is None  # a draw
    with pytest.raises(GameError, match="game over after 12 hands"):
        game.record(13, 13)


def test_a_game_of_hands_goes_to_the_higher_total() -> None:
    game = ChineseGame(hands=2, players=("Li", "Wang"), first_dealer="Wang")
    assert game.dealer == "Wang"
    game.record(10, 16)
    assert game.dealer == "Li"
    game.record(15)
    assert game.totals() == {"Li": 25, "Wang": 27}
    assert game.finished and game.winner == "Wang"


@pytest.mark.parametrize("hands", [1, 3, 11, 0, -2, True, 2.0, "12"])
def test_a_game_of_hands_needs_an_even_number(hands: object) -> None:
    # « Dans le cas où le nombre de manches est fixé, il faut choisir un nombre
    # pair, car le donneur a un certain avantage. »
    with pytest.raises(GameError, match="expected an even number above 0"):
        ChineseGame(hands=hands)  # type: ignore[arg-type]


def test_a_game_to_100_points() -> None:
    game = ChineseGame(points=100)
    for _ in range(4):
        game.record(20, 6)
        assert not game.finished and game.winner is None
    game.record(20, 6)
    assert game.totals() == {"A": 100, "B": 30}
    assert game.finished and game.winner == "A"


def test_a_game_to_points_goes_to_the_higher_total_when_both_pass() -> None:
    game = ChineseGame(points=30)
    game.record(15, 11)
    game.record(14, 12)
    game.record(5, 21)
    assert game.totals() == {"A": 34, "B": 44}
    assert game.winner == "B"


def test_a_tie_at_the_points_target_plays_on() -> None:
    game = ChineseGame(points=26)
    game.record(13, 13)
    game.record(13, 13)
    assert game.totals() == {"A": 26, "B": 26}
    assert not game.finished and game.winner is None
    game.record(12, 14)
    assert game.finished and game.winner == "B"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "expected either a number of points or a number of hands"),
        ({"points": 100, "hands": 12}, "expected either a number of points"),
        ({"points": 0}, "expected a whole number of points above 0"),
        ({"points": True}, "expected a whole number of points above 0"),
        ({"hands": 12, "players": ("A", "A")}, "expected two distinct names"),
        ({"hands": 12, "players": ("A", "B", "C")}, "expected two distinct names"),
        ({"hands": 12, "players": "AB"}, "expected two distinct names"),
        ({"hands": 12, "first_dealer": "C"}, "first dealer 'C': expected one of A, B"),
    ],
)
def test_a_game_refuses_bad_settings(options: dict[str, object], message: str) -> None:
    with pytest.raises(GameError, match=message):
        ChineseGame(**options)  # type: ignore[arg-type]


def test_a_game_of_played_hands() -> None:
    rng = Random(2024)
    game = ChineseGame(hands=4)
    while not game.finished:
        hand = game.new_hand(rng)
        assert hand.dealer == ("A", "B").index(game.dealer)
        play_out(hand, rng)
        row = game.record_hand(hand)
        assert tuple(row.points.values()) == hand.tricks
    assert [row.dealer for row in game.rows] == ["A", "B", "A", "B"]
    assert sum(game.totals().values()) == 4 * 26
    totals = game.totals()
    expected = None if totals["A"] == totals["B"] else max(totals, key=totals.get)
    assert game.winner == expected


def test_record_hand_checks_the_dealer_and_the_end() -> None:
    rng = Random(3)
    game = ChineseGame(hands=2)
    wrong = ChineseHand(deal(rng, dealer=1))
    play_out(wrong, rng)
    with pytest.raises(GameError, match="dealt by player 1: expected player 0 \\(A\\)"):
        game.record_hand(wrong)
    unfinished = game.new_hand(rng)
    with pytest.raises(GameError, match="points are counted at the end"):
        game.record_hand(unfinished)
    with pytest.raises(GameError, match="expected a finished ChineseHand"):
        game.record_hand((13, 13))  # type: ignore[arg-type]
    assert game.rows == ()
