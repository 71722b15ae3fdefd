"""Pure rules of the card games Donne scores: cards, deals, contracts, scores.

Standard library only, so that scoring algorithms, importers and tests can use
it without Django. Bridge lives in ``games.bridge``; each later game gets its own
module with the same shape (parse, validate, score one deal).
"""

from __future__ import annotations

from games.cards import Card, Rank, Seat, Suit, deck_36, deck_52
from games.deal import Deal
from games.errors import GameError

__all__ = [
    "Card",
    "Deal",
    "GameError",
    "Rank",
    "Seat",
    "Suit",
    "deck_36",
    "deck_52",
]
