"""The Bridgeote pack and table sizes: strains, card orders and values, variants.

The figures are the rule book's (shared/seeds/003), quoted beside each one;
``VARIANTS`` gives how the 36 cards are dealt at 3 to 7 players. Card text is
read rank first as players write it ("JH", "10H", "BH") or suit first as
everywhere else in Donne ("HJ", "HT", "HC").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from games.cards import Card, Rank, deck_36
from games.errors import GameError

ALL_TRUMPS, NO_TRUMPS = "TA", "SA"
STRAINS: tuple[str, ...] = ("C", "D", "H", "S", ALL_TRUMPS, NO_TRUMPS)  # bid order

# Strongest first, as the rule book lists each table.
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.JACK,
    Rank.NINE,
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.KNIGHT,
    Rank.EIGHT,
    Rank.SEVEN,
)
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.TEN,
    Rank.KING,
    Rank.QUEEN,
    Rank.KNIGHT,
    Rank.JACK,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)

# « Couleur d'atout : V(20), 9(14), As(11), 10(10), R(4), D(3), B(2) soit 64 pts »
TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20,
    Rank.NINE: 14,
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.KNIGHT: 2,
}
# « Autres couleurs : As(11), 10(10), R(4), D(3), B(2) V(2) soit 32 pts »
PLAIN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.KNIGHT: 2,
    Rank.JACK: 2,
}
# « Tout Atout (TA) ... V(20), 9(14), As(11), 10(10), R(4), D(3), B(3) = 65 »
ALL_TRUMPS_POINTS: dict[Rank, int] = {**TRUMP_POINTS, Rank.KNIGHT: 3}
# « Sans Atout (SA) ... As(22), 10(20), R(8), D(6), B(5), V(4) = 65 »
NO_TRUMPS_POINTS: dict[Rank, int] = {
    Rank.ACE: 22,
    Rank.TEN: 20,
    Rank.KING: 8,
    Rank.QUEEN: 6,
    Rank.KNIGHT: 5,
    Rank.JACK: 4,
}

SUIT_TOTAL, ALL_TOTAL = 160, 260  # the card points of a whole deal
CAPOT_TOTALS: dict[bool, int] = {False: 250, True: 350}  # by "TA or SA?"
MIN_BID, MAX_BID, BID_STEP = 80, 160, 10
CAPOT = 250  # the ``bid`` of a capot contract, whatever its strain
BIDS: tuple[int, ...] = (*range(MIN_BID, MAX_BID + 1, BID_STEP), CAPOT)
ALL_TRUMPS_EXTRA = 50  # « les annonces à TA et SA seront additionnées ... de 50 »
BELOTE, BRIDGEOTE = 20, 30
DOUBLING_FACTORS: tuple[int, ...] = (1, 2, 4)  # undoubled, contre, surcontre
GAME_POINTS = 1500
MIN_CUT = 3
GOULASH_PACKETS: tuple[int, ...] = (5, 4)  # « sans les battre par 5 - 4 »

PASS_CALLS = frozenset({"P", "PASS", "PASSE", "-"})
DOUBLE_CALLS = frozenset({"X", "CONTRE"})
REDOUBLE_CALLS = frozenset({"XX", "SURCONTRE"})
SUIT_FIRST = frozenset("CDHS♣♦♥♠")
PACK = frozenset(deck_36())


@dataclass(frozen=True)
class Variant:
    """A table size: how the cards are dealt and who plays with whom.

    ``packets`` are the packet sizes of one round of the deal; ``kitty`` the
    cards set aside (l'écart). With ``teams`` the seats alternate in two fixed
    teams; without, the taker picks one partner against all the others.
    """

    players: int
    packets: tuple[int, ...]
    kitty: int
    teams: bool

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return sum(self.packets)


VARIANTS: dict[int, Variant] = {
    3: Variant(3, (3, 2, 2, 3), 6, teams=False),  # « 10 cartes ... 6 cartes »
    4: Variant(4, (3, 3, 3), 0, teams=True),  # « 3 – 3 – 3 »
    5: Variant(5, (3, 2, 2), 1, teams=False),  # « 7 cartes ... 1 carte »
    6: Variant(6, (3, 3), 0, teams=True),  # « 6 cartes ... (3 - 3) »
    7: Variant(7, (3, 2), 1, teams=False),  # « 5 cartes ... 1 carte »
}


class Hands(NamedTuple):
    """A dealt pack: each seat's hand (seat 0 first) and the écart."""

    hands: tuple[frozenset[Card], ...]
    kitty: frozenset[Card]


def parse_card(card: Card | str) -> Card:
    """Read a card of the 36-card pack: "JH", "10H", "BH" or "HJ", "HT", "HC"."""
    if isinstance(card, Card):
        parsed = card
    else:
        raw = "".join(str(card).split()).upper()
        if raw[:1] in SUIT_FIRST:
            suit, rank = raw[:1], raw[1:]
        else:
            rank, suit = raw[:-1], raw[-1:]
        rank = "C" if rank == "B" else rank
        try:
            parsed = Card.parse(suit + rank)
        except GameError:
            raise GameError(
                f'Bridgeote card "{card}": expected a rank 7, 8, 9, 10 (or T), J, '
                'B (the bridgeote), Q, K or A and a suit C, D, H or S, e.g. "JH", '
                '"BH" or "HJ"'
            ) from None
    if parsed not in PACK:
        raise GameError(
            f'Bridgeote card "{card}": not in the 36-card pack, whose ranks are '
            "7, 8, 9, 10, J, B (bridgeote), Q, K and A"
        )
    return parsed


def variant_of(players: object) -> Variant:
    """The table size's rules, or GameError for a size the book does not give."""
    if type(players) is not int or players not in VARIANTS:
        raise GameError(f"Bridgeote players {players!r}: expected 3, 4, 5, 6 or 7")
    return VARIANTS[players]


def seat_number(seat: object, players: int, what: str) -> int:
    """A seat number 0 to players - 1 (a ``Seat`` counts as its number)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise GameError(
            f"Bridgeote {what} {seat!r}: expected a seat number 0 to {players - 1}"
        )
    return int(seat)
