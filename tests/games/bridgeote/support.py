"""Shared helpers of the Bridgeote tests: cards written as players write them."""

from __future__ import annotations

from games.bridgeote import (
    parse_card,
)
from games.cards import Card

SUITS = ("C", "D", "H", "S")


def cards(text: str) -> frozenset[Card]:
    """The cards written in ``text``, e.g. "JH 9H BH"."""
    return frozenset(parse_card(card) for card in text.split())
