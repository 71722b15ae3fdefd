"""Bridgeote card play: the legal cards of a trick and its winner.

Specification of the rule book's « Jeu de la carte » (shared/seeds/003):
follow suit, go over at trumps and TA, ruff an opponent who is winning,
over-ruff or under-ruff (« pisser »), free play when the partner is winning.
The tournament records only each deal's outcome, so these rules are used by
the tests alone and kept as the executable statement of the book.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from games import tricks
from games.bridgeote.contracts import (
    BridgeoteContract,
    rank_order,
    strain_of,
    trump_suit,
)
from games.bridgeote.pack import (
    ALL_TRUMPS,
    VARIANTS,
    parse_card,
    seat_number,
)
from games.cards import Card, Suit


def trick_winner(trick: Sequence[Card | str], contract: str | BridgeoteContract) -> int:
    """The position in ``trick`` (0 = the lead) of the card that wins it.

    The best trump wins in a suit contract; otherwise the best card of the suit
    led, in the trump order at TA and the plain order at SA.
    """
    cards = _trick(trick, frozenset(), complete=True)
    strain = strain_of(contract)
    return max(range(len(cards)), key=lambda i: _power(cards[i], cards[0], strain))


def _power(card: Card, lead: Card, strain: str) -> tuple[int, int]:
    """A sort key for winning a trick: trumps, then the suit led, then the rest."""
    trumps = trump_suit(strain)
    if card.suit != trumps and card.suit != lead.suit:
        return (0, 0)
    order = rank_order(card.suit, strain)
    return (2 if card.suit == trumps else 1, len(order) - order.index(card.rank))


def team_positions(team: Iterable[int], leader: int, players: int) -> frozenset[int]:
    """The positions in a trick led by seat ``leader`` of the cards ``team`` plays."""
    start = seat_number(leader, players, "leader")
    return frozenset(
        (seat_number(seat, players, "seat") - start) % players for seat in team
    )


def legal_cards(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | BridgeoteContract,
    partners: Collection[int] | None = None,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards so far).

    ``partners`` are the positions in ``trick`` (0 = the lead) of the cards
    played by the player's partners (see ``team_positions``); by default the
    seats alternate (4 and 6 players), so partners played 2, 4 ... cards before.
    """
    return _allowed(hand, trick, contract, partners)[0]


def check_play(
    card: Card | str,
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | BridgeoteContract,
    partners: Collection[int] | None = None,
) -> None:
    """Refuse a card that is not in the hand or breaks a play rule, saying which."""
    played = parse_card(card)
    allowed, rule = _allowed(hand, trick, contract, partners)
    tricks.check_card(played, read_hand(hand), allowed, rule, "Bridgeote")


def _allowed(
    hand: Iterable[Card | str],
    trick: Sequence[Card | str],
    contract: str | BridgeoteContract,
    partners: Collection[int] | None,
) -> tuple[frozenset[Card], str]:
    """The playable cards and, when not the whole hand, the rule that limits them."""
    cards = read_hand(hand)
    laid = _trick(trick, cards)
    strain = strain_of(contract)
    if not laid:
        return cards, ""
    lead = laid[0].suit
    trumps = trump_suit(strain)
    following = frozenset(card for card in cards if card.suit == lead)
    if following:
        if strain != ALL_TRUMPS and lead != trumps:
            return following, f"follow suit ({lead.letter})"
        higher = _higher(following, laid, lead, strain)
        return higher or following, f"follow suit ({lead.letter}) and go over"
    if partners is None:
        partners = {p for p in range(len(laid)) if (len(laid) - p) % 2 == 0}
    own_trumps = frozenset(card for card in cards if card.suit == trumps)
    if trumps is None or not own_trumps or trick_winner(laid, strain) in partners:
        return cards, ""
    if not any(card.suit == trumps for card in laid):
        return own_trumps, "ruff: an opponent is winning and the hand is void"
    over = _higher(own_trumps, laid, trumps, strain)
    if over:
        return over, "over-ruff: an opponent is winning and a higher trump is held"
    return own_trumps, "under-ruff (pisser): an opponent has ruffed, none is higher"


def _higher(
    cards: frozenset[Card], laid: Sequence[Card], suit: Suit, strain: str
) -> frozenset[Card]:
    """The ``cards`` stronger than every card of ``suit`` in the trick."""
    order = rank_order(suit, strain)
    played = [order.index(card.rank) for card in laid if card.suit == suit]
    if not played:
        return cards
    return frozenset(card for card in cards if order.index(card.rank) < min(played))


def read_hand(hand: Iterable[Card | str]) -> frozenset[Card]:
    """A hand of 1 to 10 distinct cards of the 36-card pack."""
    largest = max(variant.hand_size for variant in VARIANTS.values())
    return tricks.read_hand(hand, parse_card, largest, "Bridgeote")


def _trick(
    trick: Sequence[Card | str], hand: frozenset[Card], complete: bool = False
) -> tuple[Card, ...]:
    """The cards of a trick: distinct, none from the hand, at most one per player."""
    return tricks.read_trick(
        trick, hand, parse_card, max(VARIANTS), complete, "Bridgeote"
    )
