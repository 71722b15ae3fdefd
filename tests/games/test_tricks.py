"""The checks every trick-taking game shares: a hand, a trick, a card, a player."""

from __future__ import annotations

import pytest

from games.cards import Card
from games.errors import GameError
from games.players import pick_player
from games.tricks import check_card, read_hand, read_trick


def cards(text: str) -> frozenset[Card]:
    return frozenset(Card.parse(card) for card in text.split())


def test_a_hand_is_read_with_the_games_own_card_reader() -> None:
    assert read_hand(["SA", "HK"], Card.parse, 13) == cards("SA HK")
    assert read_hand(cards("SA"), Card.parse, 1) == cards("SA")


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("SA HK", r"^Whist hand 'SA HK': expected a collection of cards, not text$"),
        ([], r"^Whist hand \(empty\): expected 1 to 2 distinct cards$"),
        (["SA", "SA"], r"^Whist hand SA SA: expected 1 to 2 distinct cards$"),
        (["SA", "HK", "D2"], r"^Whist hand SA HK D2: expected 1 to 2 distinct cards$"),
    ],
)
def test_a_bad_hand_is_refused_naming_the_game(hand: object, message: str) -> None:
    with pytest.raises(GameError, match=message):
        read_hand(hand, Card.parse, 2, "Whist")  # type: ignore[arg-type]


def test_a_trick_being_played_lacks_the_card_of_the_player_to_play() -> None:
    hand = cards("C2")
    assert read_trick([], hand, Card.parse, 4) == ()
    assert read_trick(["SA", "S2", "S3"], hand, Card.parse, 4) == tuple(
        Card.parse(card) for card in ("SA", "S2", "S3")
    )
    with pytest.raises(GameError, match=r"^trick SA S2 S3 S4: expected 0 to 3 "):
        read_trick(["SA", "S2", "S3", "S4"], hand, Card.parse, 4)


def test_a_complete_trick_holds_one_card_a_player() -> None:
    full = ["SA", "S2", "S3", "S4"]
    assert len(read_trick(full, frozenset(), Card.parse, 4, complete=True)) == 4
    with pytest.raises(GameError, match=r"^trick \(empty\): expected 1 to 4 "):
        read_trick([], frozenset(), Card.parse, 4, complete=True)


@pytest.mark.parametrize(
    ("trick", "message"),
    [
        ("SA", r"^trick 'SA': expected a sequence of cards, not text$"),
        (["SA", "SA"], r"^trick SA SA: expected 0 to 3 distinct cards$"),
        (["SA", "C2"], r"^trick SA C2: C2 is both in the trick and in the hand$"),
    ],
)
def test_a_bad_trick_is_refused(trick: object, message: str) -> None:
    with pytest.raises(GameError, match=message):
        read_trick(trick, cards("C2"), Card.parse, 4)  # type: ignore[arg-type]


def test_a_card_must_be_held_and_allowed() -> None:
    hand, allowed = cards("SA C2"), cards("SA")
    check_card(Card.parse("SA"), hand, allowed, "follow suit", "Whist")
    with pytest.raises(GameError, match=r"^Whist: card HK is not in the hand$"):
        check_card(Card.parse("HK"), hand, allowed, "follow suit", "Whist")
    with pytest.raises(GameError, match=r"^Whist: C2 cannot be played: follow suit$"):
        check_card(Card.parse("C2"), hand, allowed, "follow suit", "Whist")


def test_a_player_is_picked_among_the_players() -> None:
    players = ("A", "B")
    assert pick_player(players, "B", "first dealer") == "B"
    assert pick_player(players, None, "first dealer", "A") == "A"
    with pytest.raises(GameError, match=r"^first dealer 'C': expected one of A, B$"):
        pick_player(players, "C", "first dealer", "A")
    with pytest.raises(GameError, match=r"^declarer None: expected one of A, B$"):
        pick_player(players, None, "declarer")
