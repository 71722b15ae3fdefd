"""A 52-card bridge deal: four hands of 13 cards, read from and written to PBN.

Hand records reach Donne as the PBN 2.1 ``[Deal]`` tag, e.g.
``N:KQT6.AJT.T984.65 A2.K9876.72.9742 J543.43.AQ5.AKJ3 987.Q52.KJ63.QT8``:
the seat of the first hand, then the hands clockwise, each written
spades.hearts.diamonds.clubs, "-" for a hand that is not known. ``Deal``
validates what it is given so that a bad hand record is caught at import,
with a message naming the card, the seat or the letter at fault.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from random import Random

from games.cards import BRIDGE_RANKS, Card, Rank, Seat, Suit, deck_52
from games.errors import GameError

__all__ = ["CARDS_PER_HAND", "HIGH_CARD_POINTS", "PBN_SUIT_ORDER", "Deal"]

CARDS_PER_HAND = 13
# Milton Work count: ace 4, king 3, queen 2, jack 1.
HIGH_CARD_POINTS: dict[Rank, int] = {
    Rank.ACE: 4,
    Rank.KING: 3,
    Rank.QUEEN: 2,
    Rank.JACK: 1,
}
# PBN writes each hand from the highest suit down.
PBN_SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
PBN_UNKNOWN_HAND = "-"

_BRIDGE_DECK = frozenset(deck_52())
_PBN_RANKS = {rank.letter: rank for rank in BRIDGE_RANKS}
_PBN_SEATS = {seat.letter: seat for seat in Seat}
# The whole tag line, tolerating a trailing "; comment" as PBN allows.
_DEAL_TAG = re.compile(r'^\[\s*Deal\s+"(?P<value>[^"]*)"\s*\](?:\s*;.*)?$', re.I)
_DEAL_VALUE = re.compile(r"^(?P<seat>\S)\s*:\s*(?P<hands>.*)$", re.S)

Hand = frozenset[Card]


class Deal:
    """Four bridge hands, each a frozenset of 13 cards or None when unknown.

    A deal is immutable and compares equal to another with the same hands.
    At least one hand must be known; known hands never share a card.
    """

    __slots__ = ("_hands",)

    _hands: tuple[Hand | None, ...]

    def __init__(self, hands: Mapping[Seat | str, Iterable[Card] | None]) -> None:
        """Build a deal from a mapping seat -> cards; a missing seat is unknown."""
        by_seat: dict[Seat, Hand | None] = dict.fromkeys(Seat)
        given: set[Seat] = set()
        for key, cards in hands.items():
            seat = Seat.parse(key)
            if seat in given:
                raise GameError(f"{seat.full_name}'s hand is given twice")
            given.add(seat)
            by_seat[seat] = None if cards is None else _checked_hand(seat, cards)
        _check_no_shared_card(by_seat)
        if all(hand is None for hand in by_seat.values()):
            raise GameError("The deal has no known hand: give at least one hand")
        self._hands = tuple(by_seat[seat] for seat in Seat)

    @property
    def hands(self) -> dict[Seat, Hand | None]:
        """The four hands by seat, North first; None for an unknown hand."""
        return {seat: self._hands[seat] for seat in Seat}

    def hand(self, seat: Seat | str) -> Hand | None:
        """The cards of one seat, or None if that hand is unknown."""
        return self._hands[Seat.parse(seat)]

    def hcp(self, seat: Seat | str) -> int:
        """High-card points of one hand (A 4, K 3, Q 2, J 1); 40 in the four hands."""
        seat = Seat.parse(seat)
        hand = self._hands[seat]
        if hand is None:
            raise GameError(f"{seat.full_name}'s hand is unknown: no points to count")
        return sum(HIGH_CARD_POINTS.get(card.rank, 0) for card in hand)

    @classmethod
    def random(cls, rng: Random) -> Deal:
        """A uniformly shuffled deal; pass a seeded ``Random`` to reproduce it."""
        cards = deck_52()
        rng.shuffle(cards)
        return cls(
            {
                seat: cards[seat * CARDS_PER_HAND : (seat + 1) * CARDS_PER_HAND]
                for seat in Seat
            }
        )

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Read a PBN ``[Deal]`` value, or the whole ``[Deal "..."]`` tag line.

        Tolerates a lower-case first seat, extra spaces and lower-case ranks;
        rejects anything else that is not a valid 52-card deal.
        """
        if not isinstance(text, str):
            raise GameError(f"A PBN deal must be text, got {text!r}")
        value = text.strip()
        if value.startswith("["):
            tag = _DEAL_TAG.match(value)
            if tag is None:
                raise GameError(
                    f'Unreadable deal tag {text!r}: expected [Deal "N:... ... ... ..."]'
                )
            value = tag.group("value").strip()
        if value == "#":
            # "#" copies the previous game's value; only the file reader knows it.
            raise GameError(
                'Deal "#" repeats the previous game\'s deal: resolve it before parsing'
            )
        match = _DEAL_VALUE.match(value)
        if match is None:
            raise GameError(
                f'Unreadable deal "{value}": it must start with the first seat and '
                'a colon, e.g. "N:KQT6.AJT.T984.65 ..."'
            )
        first = _PBN_SEATS.get(match.group("seat").upper())
        if first is None:
            raise GameError(
                f'Unknown seat "{match.group("seat")}" at the start of deal '
                f'"{value}": the first letter must be N, E, S or W'
            )
        texts = match.group("hands").split()
        if len(texts) != len(Seat):
            raise GameError(
                f'Deal "{value}" has {len(texts)} hands after "{first.letter}:"; '
                'a deal has 4, with "-" for an unknown hand'
            )
        return cls(
            {
                first.next(offset): _parse_pbn_hand(first.next(offset), hand_text)
                for offset, hand_text in enumerate(texts)
            }
        )

    def to_pbn(self, first: Seat | str = Seat.N) -> str:
        """The canonical PBN ``[Deal]`` value, starting with ``first``.

        Ranks are written from the ace down and unknown hands as "-", so
        ``Deal.from_pbn(deal.to_pbn(seat)) == deal`` for every seat.
        """
        first = Seat.parse(first)
        hands = (self._hands[first.next(offset)] for offset in range(len(Seat)))
        return f"{first.letter}:" + " ".join(_format_pbn_hand(hand) for hand in hands)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deal):
            return NotImplemented
        return self._hands == other._hands

    def __hash__(self) -> int:
        return hash(self._hands)

    def __repr__(self) -> str:
        return f"Deal.from_pbn({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()


def _checked_hand(seat: Seat, cards: Iterable[Card]) -> Hand:
    """One hand as a frozenset, after checking its cards and its size."""
    cards = list(cards)
    seen: set[Card] = set()
    for card in cards:
        if not isinstance(card, Card):
            raise GameError(
                f"{seat.full_name}'s hand holds {card!r}, which is not a card"
            )
        if card not in _BRIDGE_DECK:
            raise GameError(
                f"{seat.full_name}'s hand holds {card}, which is not in a 52-card "
                "bridge pack (the knight C belongs to Bridgeote)"
            )
        if card in seen:
            raise GameError(f"Card {card} appears twice in {seat.full_name}'s hand")
        seen.add(card)
    if len(cards) != CARDS_PER_HAND:
        raise GameError(
            f"{seat.full_name}'s hand has {len(cards)} cards; "
            f"a bridge hand has {CARDS_PER_HAND}"
        )
    return frozenset(cards)


def _check_no_shared_card(hands: Mapping[Seat, Hand | None]) -> None:
    """Raise if one card is in two hands, naming the card and both seats."""
    holder: dict[Card, Seat] = {}
    for seat, hand in hands.items():
        for card in sorted(hand or ()):
            if card in holder:
                raise GameError(
                    f"Card {card} is in both {holder[card].full_name}'s and "
                    f"{seat.full_name}'s hands"
                )
            holder[card] = seat


def _parse_pbn_hand(seat: Seat, text: str) -> list[Card] | None:
    """The cards of one PBN hand "S.H.D.C"; None for "-" (unknown)."""
    if text == PBN_UNKNOWN_HAND:
        return None
    suits = text.split(".")
    if len(suits) != len(PBN_SUIT_ORDER):
        raise GameError(
            f'{seat.full_name}\'s hand "{text}" has {len(suits)} suits; a hand is '
            "written spades.hearts.diamonds.clubs, 4 suits separated by dots"
        )
    cards: list[Card] = []
    for suit, ranks in zip(PBN_SUIT_ORDER, suits, strict=True):
        for letter in ranks:
            rank = _PBN_RANKS.get(letter.upper())
            if rank is None:
                raise GameError(
                    f'Unknown rank "{letter}" in {seat.full_name}\'s '
                    f'{suit.name.lower()} "{ranks}": ranks are AKQJT98765432'
                )
            cards.append(Card(suit, rank))
    return cards


def _format_pbn_hand(hand: Hand | None) -> str:
    """One hand in PBN: "S.H.D.C" with ranks from the ace down, or "-"."""
    if hand is None:
        return PBN_UNKNOWN_HAND
    return ".".join(
        "".join(
            card.rank.letter
            for card in sorted(hand, key=lambda card: card.rank, reverse=True)
            if card.suit == suit
        )
        for suit in PBN_SUIT_ORDER
    )
