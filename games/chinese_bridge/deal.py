"""Dealing Chinese bridge: two hands of 11 and six piles of 5.

« Le donneur distribue 11 cartes à chacun des 2 joueurs, puis distribue les
cartes restantes en 6 piles de 5 cartes, face cachée » (shared/seeds/001).
The tournament's demo deals its hands with ``deal``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random

from games.cards import Card, Suit, deck_52
from games.chinese_bridge.rules import (
    CARDS_PER_HAND,
    CARDS_PER_PILE,
    PACK,
    PILES,
    cards_text,
    player_number,
    read_cards,
    shown_trump,
)
from games.errors import GameError


@dataclass(frozen=True)
class ChineseDeal:
    """A dealt hand: each player's 11 cards, the 6 piles of 5 (top first), dealer.

    Cards may be given as text; they are stored as ``Card``. The 52 cards are
    each dealt exactly once.
    """

    hands: tuple[frozenset[Card], frozenset[Card]]
    piles: tuple[tuple[Card, ...], ...]
    dealer: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "dealer", player_number(self.dealer, "dealer"))
        hands = tuple(
            frozenset(_sized(cards, f"player {number}'s hand", CARDS_PER_HAND))
            for number, cards in enumerate(_parts(self.hands, "hands", 2))
        )
        piles = tuple(
            _sized(pile, f"pile {number}", CARDS_PER_PILE)
            for number, pile in enumerate(_parts(self.piles, "piles", PILES))
        )
        dealt = [card for hand in hands for card in hand]
        dealt += [card for pile in piles for card in pile]
        if len(set(dealt)) != len(PACK):
            twice = sorted({card for card in dealt if dealt.count(card) > 1})
            raise GameError(
                f"Chinese bridge deal: {cards_text(twice)} dealt twice; expected each "
                "of the 52 cards exactly once"
            )
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "piles", piles)

    @property
    def shown(self) -> tuple[Card, ...]:
        """The 6 cards turned up on top of the piles, pile by pile."""
        return tuple(pile[0] for pile in self.piles)

    @property
    def trump(self) -> Suit | None:
        """The trump suit set by the shown cards, or None to play without trump."""
        return shown_trump(self.shown)


def _parts(parts: object, what: str, count: int) -> tuple[object, ...]:
    """The ``count`` hands or piles of a deal, each to be read as cards."""
    if isinstance(parts, str) or not isinstance(parts, Iterable):
        parts = ()
    found = tuple(parts)
    if len(found) != count:
        raise GameError(
            f"Chinese bridge {what} {parts!r}: {len(found)} given, expected {count}"
        )
    return found


def _sized(cards: Iterable[Card | str], what: str, size: int) -> tuple[Card, ...]:
    """Exactly ``size`` distinct cards."""
    read = read_cards(cards, what)
    if len(read) != size:
        raise GameError(
            f"Chinese bridge {what} {cards_text(read)}: {len(read)} cards, "
            f"expected {size}"
        )
    return read


def deal(rng: Random, dealer: int = 0) -> ChineseDeal:
    """Shuffle and deal: 11 cards to each player, then 6 piles of 5 face down.

    « Le donneur distribue 11 cartes à chacun des 2 joueurs, puis distribue
    les cartes restantes en 6 piles de 5 cartes, face cachée. » One card at a
    time, the dealer's opponent first; each pile's last card is its top.
    """
    dealer = player_number(dealer, "dealer")
    pack = deck_52()
    rng.shuffle(pack)
    dealt = 2 * CARDS_PER_HAND
    opponents, dealers = frozenset(pack[0:dealt:2]), frozenset(pack[1:dealt:2])
    hands = (dealers, opponents) if dealer == 0 else (opponents, dealers)
    piles = tuple(
        tuple(reversed(pack[start : start + CARDS_PER_PILE]))
        for start in range(dealt, len(pack), CARDS_PER_PILE)
    )
    return ChineseDeal(hands, piles, dealer)
