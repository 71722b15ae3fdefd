"""The opening lead: the suit by the usual preferences, then the card."""

from __future__ import annotations

import random

from games.cards import BRIDGE_RANKS, Card, Rank, Suit
from games.deal import HIGH_CARD_POINTS, Deal
from games.simulate.contract import _Choice

# Opening lead preferences, as points for a suit (the best suit is led).
LEAD_LENGTH_NT = 1.0  # per card against no-trump: lead the long suit
LEAD_LENGTH_SUIT = 0.2
LEAD_SEQUENCE = 2.5  # two touching honours at the top: KQ, QJ, JT
LEAD_ACE_KING = 3.0
LEAD_SHORT_SUIT: dict[int, float] = {1: 2.0, 2: 0.5}  # against a trump contract
LEAD_DECLARER_SUIT = -2.5  # a suit the declaring side holds five of
LEAD_AWAY_FROM_ACE = -2.0  # against a trump contract
LEAD_AWAY_FROM_KING = -1.0
LEAD_TRUMP = -4.0
LEAD_JITTER = 2.0  # leaders differ: a random part of each suit's points
SEQUENCE_MIN_RANK = Rank.TEN
FOURTH_BEST = 4


def _opening_lead(deal: Deal, choice: _Choice, rng: random.Random) -> Card:
    """The card led by declarer's left-hand opponent."""
    leader = choice.declarer.next()
    hand = deal.hand(leader) or frozenset()
    trumps = choice.contract.denomination.suit
    by_suit = {
        suit: sorted(
            (card for card in hand if card.suit == suit),
            key=lambda card: card.rank,
            reverse=True,
        )
        for suit in Suit
    }
    held = [suit for suit in Suit if by_suit[suit]]
    suit = max(
        held,
        key=lambda suit: (
            _lead_points(
                by_suit[suit],
                suit,
                trumps,
                choice,
                None if trumps is None else by_suit[trumps],
            )
            + rng.random() * LEAD_JITTER
        ),
    )
    return _lead_card(by_suit[suit], trumps is not None)


def _lead_points(
    cards: list[Card],
    suit: Suit,
    trumps: Suit | None,
    choice: _Choice,
    own_trumps: list[Card] | None,
) -> float:
    """How attractive a suit is to lead from, by the textbook preferences."""
    ranks = [card.rank for card in cards]
    points = len(cards) * (LEAD_LENGTH_NT if trumps is None else LEAD_LENGTH_SUIT)
    if suit == trumps:
        return points + LEAD_TRUMP
    if _touching(ranks) and ranks[1] >= SEQUENCE_MIN_RANK:
        points += LEAD_ACE_KING if ranks[0] == Rank.ACE else LEAD_SEQUENCE
    if trumps is not None:
        if own_trumps:
            points += LEAD_SHORT_SUIT.get(len(cards), 0.0)
        if ranks[0] == Rank.ACE and Rank.KING not in ranks:
            points += LEAD_AWAY_FROM_ACE
    if ranks[0] == Rank.KING and Rank.QUEEN not in ranks and len(cards) > 1:
        points += LEAD_AWAY_FROM_KING
    if any(choice.side.lengths[seat][suit] >= 5 for seat in choice.side.seats):
        points += LEAD_DECLARER_SUIT
    return points


def _touching(ranks: list[Rank]) -> bool:
    """The two top cards are in sequence, e.g. K-Q or J-T."""
    if len(ranks) < 2:
        return False
    return BRIDGE_RANKS.index(ranks[0]) - BRIDGE_RANKS.index(ranks[1]) == 1


def _lead_card(cards: list[Card], against_suit: bool) -> Card:
    """Top of a sequence, a doubleton or three small; the ace against a suit
    contract; fourth best from length; low from three to an honour."""
    ranks = [card.rank for card in cards]
    if len(cards) <= 2 or (_touching(ranks) and ranks[1] >= SEQUENCE_MIN_RANK):
        return cards[0]
    if against_suit and ranks[0] == Rank.ACE:
        return cards[0]
    if len(cards) >= FOURTH_BEST:
        return cards[FOURTH_BEST - 1]
    if HIGH_CARD_POINTS.get(ranks[0]):
        return cards[-1]
    return cards[0]
