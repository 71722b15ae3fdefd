"""Shared helpers of the Bridgeote tests: cards written as players write
them, and any contract for the property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from games.bridgeote import (
    BIDS,
    STRAINS,
    BridgeoteContract,
    parse_card,
)
from games.cards import Card

SUITS = ("C", "D", "H", "S")

# Any contract: every bid and strain, undoubled, contré or surcontré.
contracts = st.builds(
    BridgeoteContract,
    bid=st.sampled_from(BIDS),
    strain=st.sampled_from(STRAINS),
    doubled=st.integers(0, 2),
)


def cards(text: str) -> frozenset[Card]:
    """The cards written in ``text``, e.g. "JH 9H BH"."""
    return frozenset(parse_card(card) for card in text.split())
