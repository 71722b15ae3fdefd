"""Barbu card play: the legal cards of a trick, its winner, and the deal.

Specification of the rule book's play rules (shared/seeds/004, « Déroulement
de la partie », « Les cinq choix négatifs », « L'Atout ») and of Donne's
reading where it is silent (see ``games.barbu``): follow suit, no heart led at
Barbu and Hearts while another suit is held, ruff and over-ruff at Trump. The
tournament records only each deal's outcome, so these rules are used by the
tests alone and kept as the executable statement of the book.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from random import Random

from games import tricks
from games.barbu.contracts import (
    CARDS_PER_HAND,
    PLAYERS,
    RANK_INDEX,
    Contract,
    check_players,
)
from games.cards import Card, Suit, deck_52
from games.errors import GameError


def trick_winner(trick: Sequence[Card], trump: Suit | str | None = None) -> int:
    """The index in ``trick`` of the winner: highest trump, else of the suit led."""
    cards = _trick(trick, frozenset(), complete=True)
    suit = Suit.parse(trump) if trump is not None else None
    if suit is None or all(card.suit != suit for card in cards):
        suit = cards[0].suit
    return max(
        (index for index, card in enumerate(cards) if card.suit == suit),
        key=lambda index: cards[index].rank,
    )


def legal_cards(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | Contract,
    trump: Suit | str | None = None,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far).

    ``trump`` is the suit the declarer named, for the Trump contract only.
    """
    return _allowed(hand, trick, contract, trump)[0]


def check_play(
    card: Card | str,
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | Contract,
    trump: Suit | str | None = None,
) -> None:
    """Refuse a card that breaks a play rule, saying which rule."""
    played = read_card(card)
    allowed, rule = _allowed(hand, trick, contract, trump)
    label = Contract.parse(contract).label
    tricks.check_card(played, read_hand(hand), allowed, rule, label)


def _allowed(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | Contract,
    trump: Suit | str | None,
) -> tuple[frozenset[Card], str]:
    """The playable cards and, when not the whole hand, the rule that limits them."""
    played = Contract.parse(contract)
    if played is Contract.REUSSITE:
        raise GameError(
            "Réussite is not played in tricks: check its plays with Reussite "
            "or reussite_cards"
        )
    trump_suit = _trump(played, trump)
    cards = read_hand(hand)
    laid = _trick(trick, cards)
    if not laid:
        others = frozenset(card for card in cards if card.suit != Suit.HEARTS)
        if played in (Contract.BARBU, Contract.HEARTS) and others and others != cards:
            return others, "no heart may be led while the hand holds another suit"
        return cards, ""
    led = laid[0].suit
    following = frozenset(card for card in cards if card.suit == led)
    if following:
        return following, f"the hand must follow {suit_name(led)}, the suit led"
    trumps = frozenset(card for card in cards if card.suit == trump_suit)
    if not trumps:
        return cards, ""
    ruffs = [card for card in laid if card.suit == trump_suit]
    if ruffs:
        best = max(ruffs)
        higher = frozenset(card for card in trumps if card.rank > best.rank)
        if higher:
            return (
                higher,
                f"the hand is void in {suit_name(led)} and must over-ruff {best}",
            )
    return trumps, f"the hand is void in {suit_name(led)} and must ruff"


def suit_name(suit: Suit) -> str:
    return suit.name.lower()


def _trump(contract: Contract, trump: Suit | str | None) -> Suit | None:
    """The trump suit: required for the Trump contract, refused for the others."""
    if contract is Contract.TRUMP:
        if trump is None:
            raise GameError(
                "Trump deal: no trump suit given; expected the suit the declarer "
                "chose, C, D, H or S"
            )
        return Suit.parse(trump)
    if trump is not None:
        raise GameError(
            f"{contract.label} deal: trump {trump!r} given, but only the Trump "
            "contract has a trump suit"
        )
    return None


def read_card(value: Card | str) -> Card:
    """A card of the 52-card pack, given as a Card or as text such as "SA"."""
    card = value if isinstance(value, Card) else Card.parse(value)
    if card.rank not in RANK_INDEX:
        raise GameError(f"card {card}: not a card of the 52-card pack Barbu uses")
    return card


def read_hand(hand: Iterable[Card | str]) -> frozenset[Card]:
    """A hand of 1 to 13 distinct cards."""
    return tricks.read_hand(hand, read_card, CARDS_PER_HAND)


def _trick(
    trick: Sequence[Card | str], hand: frozenset[Card], complete: bool = False
) -> tuple[Card, ...]:
    """The cards already in a trick: distinct, none from the hand, 0 to 3 (or 4)."""
    return tricks.read_trick(trick, hand, read_card, len(PLAYERS), complete)


def check_full_deal(hands: Mapping[str, set[Card]]) -> None:
    """Four hands of 13 that hold the 52 cards once each."""
    for name, cards in hands.items():
        if len(cards) != CARDS_PER_HAND:
            raise GameError(
                f"{name}'s hand has {len(cards)} cards; expected {CARDS_PER_HAND}"
            )
    held = set().union(*hands.values())
    if len(held) != len(deck_52()):
        raise GameError(
            f"the four hands hold {len(held)} distinct cards; expected the 52 "
            "cards once each"
        )


def deal(rng: Random, players: Sequence[str] = PLAYERS) -> dict[str, frozenset[Card]]:
    """Shuffle and deal the 52 cards one at a time: 13 to each player, in order.

    « distribue une à une treize cartes à chaque joueur dans le sens des
    aiguilles d'une montre »: list the players from the dealer's left.
    """
    names = check_players(players)
    pack = deck_52()
    rng.shuffle(pack)
    return {
        name: frozenset(pack[seat :: len(names)]) for seat, name in enumerate(names)
    }
