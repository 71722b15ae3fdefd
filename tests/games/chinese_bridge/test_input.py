"""Chinese bridge refuses bad input with a message that names it."""

from __future__ import annotations

from random import Random

import pytest

from games.cards import Card, Rank, Suit
from games.chinese_bridge import (
    ChineseDeal,
    ChineseHand,
    deal,
    legal_cards,
    parse_card,
    trick_winner,
    trump_from_shown,
)
from games.errors import GameError
from tests.games.chinese_bridge.support import (
    HAND_0,
    HAND_1,
    SCENARIO_PILES,
    cards,
)

# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", Card(Suit.SPADES, Rank.ACE)),
        ("as", Card(Suit.SPADES, Rank.ACE)),
        ("TD", Card(Suit.DIAMONDS, Rank.TEN)),
        (" 10h ", Card(Suit.HEARTS, Rank.TEN)),
        ("9C", Card(Suit.CLUBS, Rank.NINE)),
        ("SA", Card(Suit.SPADES, Rank.ACE)),
        ("C9", Card(Suit.CLUBS, Rank.NINE)),
        ("H10", Card(Suit.HEARTS, Rank.TEN)),
        ("♠A", Card(Suit.SPADES, Rank.ACE)),
        ("A♠", Card(Suit.SPADES, Rank.ACE)),
    ],
)
def test_parse_card(text: str, card: Card) -> None:
    assert parse_card(text) == card
    assert parse_card(card) == card


@pytest.mark.parametrize(
    "text", ["", "A", "1S", "ZZ", "AX", "CS", "SC", "11H", "ASS", 42]
)
def test_parse_card_refuses_bad_text(text: object) -> None:
    with pytest.raises(GameError, match=r"expected a rank .* and a suit"):
        parse_card(text)  # type: ignore[arg-type]


def test_parse_card_refuses_the_bridgeote_knight() -> None:
    with pytest.raises(GameError, match="not a card of the 52-card pack"):
        parse_card(Card(Suit.SPADES, Rank.KNIGHT))


@pytest.mark.parametrize(
    ("shown", "message"),
    [
        (["AS", "AS"], "SA is given twice"),
        (["AS", "SA"], "SA is given twice"),
        (["AS", "XX"], "card 'XX': expected a rank"),
        (["AS", "1S"], "card '1S'"),
        ([], "expected the 1 to 6 face-up cards"),
        (["2C", "3C", "4C", "5C", "6C", "7C", "8C"], "expected the 1 to 6"),
        ("AS", "expected a list of cards"),
        (None, "expected a list of cards"),
    ],
)
def test_trump_from_shown_refuses_bad_cards(shown: object, message: str) -> None:
    with pytest.raises(GameError, match=message):
        trump_from_shown(shown)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "led", "trump", "message"),
    [
        ("AS 2S AS", None, None, "SA is given twice"),
        ("", None, None, "0 cards, expected 1 to 11"),
        ("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", None, None, "12 cards"),
        ("AS 2S", "AS", None, "the card led SA is also in the hand"),
        ("AS 2S", "ZZ", None, "card 'ZZ'"),
        ("AS 2S", "KS", "X", "trump 'X': expected S, H, D or C"),
        ("AS 2S", "KS", "NT", "trump 'NT'"),
    ],
)
def test_legal_cards_refuses_bad_input(
    hand: str, led: str | None, trump: str | None, message: str
) -> None:
    with pytest.raises(GameError, match=message):
        legal_cards(hand.split(), led, trump)


def test_legal_cards_refuses_a_hand_given_as_text() -> None:
    with pytest.raises(GameError, match="expected a list of cards"):
        legal_cards("AS 2S")


def test_trick_winner_refuses_bad_input() -> None:
    with pytest.raises(GameError, match="the same card twice"):
        trick_winner("AS", "SA", None)
    with pytest.raises(GameError, match="trump 'Z'"):
        trick_winner("AS", "KS", "Z")
    with pytest.raises(GameError, match="card '1S'"):
        trick_winner("1S", "KS", None)


@pytest.mark.parametrize("dealer", [2, -1, True, "0", None])
def test_deal_refuses_a_bad_dealer(dealer: object) -> None:
    with pytest.raises(GameError, match=r"dealer .*: expected player 0 or 1"):
        deal(Random(1), dealer)  # type: ignore[arg-type]


def test_a_deal_refuses_wrong_hands_and_piles() -> None:
    hands = (cards(HAND_0), cards(HAND_1))
    piles = tuple(cards(pile) for pile in SCENARIO_PILES)
    with pytest.raises(GameError, match=r"player 0's hand .*: 10 cards, expected 11"):
        ChineseDeal((hands[0][:-1], hands[1]), piles)
    with pytest.raises(GameError, match=r"hands .*: 1 given, expected 2"):
        ChineseDeal((hands[0],), piles)
    with pytest.raises(GameError, match=r"piles .*: 5 given, expected 6"):
        ChineseDeal(hands, piles[:5])
    with pytest.raises(GameError, match=r"pile 2 .*: 4 cards, expected 5"):
        ChineseDeal(hands, (*piles[:2], piles[2][:4], *piles[3:]))
    swapped = (hands[0], [*hands[1][:-1], parse_card("AS")])
    with pytest.raises(GameError, match="SA dealt twice; expected each of the 52"):
        ChineseDeal(swapped, piles)
    with pytest.raises(GameError, match="dealer 2"):
        ChineseDeal(hands, piles, 2)
    with pytest.raises(GameError, match="expected a ChineseDeal"):
        ChineseHand(hands)  # type: ignore[arg-type]
