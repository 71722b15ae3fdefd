"""Shared helpers of the Chinese bridge tests: a scripted deal and a random play-out."""

from __future__ import annotations

from random import Random

from games.cards import Card
from games.chinese_bridge import (
    CARDS_PER_HAND,
    PILES,
    ChineseDeal,
    ChineseHand,
    parse_card,
)

# A hand dealt by player 0: all his cards are clubs; player 1 has no club, eight
# diamonds and three small spades. Aces of spades, diamonds and clubs are shown.
HAND_0 = "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
HAND_1 = "2D 3D 4D 5D 6D 7D 8D 9D 2S 3S 4S"
SCENARIO_PILES = (
    "AS 5S 6S 7S 8S",
    "KH 2H 3H 4H 5H",
    "AD TD JD QD KD",
    "AC KC 6H 7H 8H",
    "9S 9H TH JH QH",
    "TS JS QS KS AH",
)


def cards(text: str) -> list[Card]:
    return [parse_card(word) for word in text.split()]


def scenario(dealer: int = 0) -> ChineseHand:
    piles = tuple(tuple(cards(pile)) for pile in SCENARIO_PILES)
    return ChineseHand(ChineseDeal((cards(HAND_0), cards(HAND_1)), piles, dealer))


def no_trump_deal() -> ChineseDeal:
    """The scenario's cards, with the six lowest pile cards on top of the piles."""
    low_first = sorted(
        (card for pile in SCENARIO_PILES for card in cards(pile)),
        key=lambda card: (card.rank, card.suit),
    )
    piles = tuple(tuple(low_first[number::PILES]) for number in range(PILES))
    return ChineseDeal((cards(HAND_0), cards(HAND_1)), piles)


def play_out(hand: ChineseHand, rng: Random) -> list[int]:
    """Play a hand to the end with random legal plays and draws; who drew, in order.

    Checks the book's invariants on the way: equal hands, 11 cards each while
    the piles last, an even number of pile cards, a face-up card for each draw.
    """
    drawers: list[int] = []
    while not hand.finished:
        if hand.to_draw is not None:
            assert hand.shown  # « il y en a au moins une »
            drawers.append(hand.to_draw)
            hand.draw(rng.choice(hand.shown))
            continue
        sizes = [len(cards_held) for cards_held in hand.hands]
        in_piles = sum(len(pile) for pile in hand.piles)
        if hand.lead is None:
            assert sizes[0] == sizes[1]
            assert in_piles % 2 == 0  # « c'est un invariant de l'itération »
            if in_piles:
                # « les 2 joueurs ont ainsi toujours 11 cartes en main »
                assert sizes == [CARDS_PER_HAND, CARDS_PER_HAND]
        hand.play(rng.choice(sorted(hand.playable)))
    return drawers
