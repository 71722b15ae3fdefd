"""Dealing Bridgeote: shuffle, cut, packets and the écart.

Specification of the rule book's « Donne » for 3 to 7 players
(shared/seeds/003): the packets of each table size, the écart laid between
packets, the goulash and the « carré de 7 ». The tournament deals no cards,
so this is used by the tests alone and kept as the rule book's specification,
executable.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from random import Random

from games.bridgeote.pack import (
    MIN_CUT,
    PACK,
    Hands,
    parse_card,
    seat_number,
    variant_of,
)
from games.bridgeote.play import read_hand
from games.cards import Card, Rank, Suit, deck_36
from games.errors import GameError


def has_four_sevens(hand: Iterable[Card | str]) -> bool:
    """A « carré de 7 »: its holder may cancel the deal until the first trick."""
    return sum(card.rank == Rank.SEVEN for card in read_hand(hand)) == len(Suit)


def deal(players: int, rng: Random, dealer: int = 0) -> Hands:
    """Shuffle, cut and deal the 36 cards by the variant's packets, clockwise.

    The first packet goes to the dealer's left; the écart's cards are laid one
    at a time between packets chosen at random, never first nor last.
    """
    variant = variant_of(players)
    pack = deck_36()
    rng.shuffle(pack)
    cut = rng.randint(MIN_CUT, len(pack) - MIN_CUT)
    pack = pack[cut:] + pack[:cut]
    packets = len(variant.packets) * players
    kitty_after = rng.sample(range(1, packets), variant.kitty)
    return deal_pack(pack, players, dealer, kitty_after=kitty_after)


def deal_pack(
    pack: Sequence[Card | str],
    players: int,
    dealer: int = 0,
    packets: Sequence[int] | None = None,
    kitty_after: Collection[int] = (),
) -> Hands:
    """Deal an ordered pack as it lies, packet by packet, from the dealer's left.

    ``packets`` default to the variant's (``GOULASH_PACKETS`` for a goulash at
    four); after the n-th packet for each n in ``kitty_after`` one card goes
    to the écart, which must get exactly the variant's number of cards.
    """
    variant = variant_of(players)
    cards = [parse_card(card) for card in pack]
    if len(cards) != len(PACK) or set(cards) != PACK:
        raise GameError(
            f"Bridgeote pack of {len(cards)} cards: expected each of the 36 cards once"
        )
    sizes = tuple(variant.packets if packets is None else packets)
    if any(type(size) is not int or size < 1 for size in sizes) or (
        sum(sizes) != variant.hand_size
    ):
        raise GameError(
            f"Bridgeote packets {sizes!r}: expected packets adding up to "
            f"{variant.hand_size} cards per player at {players} players"
        )
    count = len(sizes) * players
    breaks = set(kitty_after)
    if len(breaks) != variant.kitty or not breaks <= set(range(1, count)):
        raise GameError(
            f"Bridgeote écart after packets {sorted(kitty_after)!r}: expected "
            f"{variant.kitty} distinct packet numbers from 1 to {count - 1} at "
            f"{players} players"
        )
    first = (seat_number(dealer, players, "dealer") + 1) % players
    hands: list[list[Card]] = [[] for _ in range(players)]
    kitty: list[Card] = []
    position = 0
    for number in range(count):
        size = sizes[number // players]
        hands[(first + number) % players].extend(cards[position : position + size])
        position += size
        if number + 1 in breaks:
            kitty.append(cards[position])
            position += 1
    return Hands(tuple(frozenset(hand) for hand in hands), frozenset(kitty))
