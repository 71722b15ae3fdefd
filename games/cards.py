"""Cards, suits, ranks and seats shared by every card game Donne scores.

The pieces here know nothing about bridge scoring: a 52-card bridge deal, a
36-card Bridgeote deal and any later game build on the same ``Card`` and
``Seat``. Text forms follow PBN (suit letters C D H S, rank letters
2-9 T J Q K A, seats N E S W) because that is what club software exchanges.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Self, TypeVar

from games.errors import GameError

__all__ = [
    "BRIDGEOTE_RANKS",
    "BRIDGE_RANKS",
    "Card",
    "LetterEnum",
    "Rank",
    "Seat",
    "Suit",
    "deck_36",
    "deck_52",
]


_Member = TypeVar("_Member")


def _lookup(
    table: Mapping[str, _Member], text: object, what: str, choices: str
) -> _Member:
    """Find ``text`` (any case, spaces trimmed) in a parse table or raise GameError."""
    key = str(text).strip().upper()
    if key in table:
        return table[key]
    raise GameError(f'Unknown {what} "{text}": the {what} must be {choices}')


class LetterEnum(IntEnum):
    """An ``IntEnum`` whose text form is its letter, not its integer value.

    The letter is the member's name (Seat "N", Denomination "NT") unless the
    enum gives a table (Suit "C", Rank "T"); ``parse`` reads a member from any
    text the enum's parse table knows (``_PARSE_TABLES``), by default its
    member names.
    """

    @property
    def letter(self) -> str:
        """The one- or two-letter code used in PBN and on travellers."""
        return self.name

    @classmethod
    def parse(cls, text: str | Self) -> Self:
        """Read a member from its text, any case (see the enum's parse table)."""
        if isinstance(text, cls):
            return text
        names = ", ".join(member.letter for member in cls)
        table, what, choices = _PARSE_TABLES.get(
            cls, (cls.__members__, cls.__name__.lower(), names)
        )
        return _lookup(table, text, what, choices)

    def __str__(self) -> str:
        return self.letter

    def __format__(self, spec: str) -> str:
        # IntEnum would format the integer value; a seat or suit in an f-string
        # must read as its letter, padded like any other text.
        return format(str(self), spec)


# Per enum: the text -> member table ``parse`` reads, its name and its choices.
_PARSE_TABLES: dict[type[LetterEnum], tuple[Mapping[str, Any], str, str]] = {}


class Suit(LetterEnum):
    """A suit, ordered as in bridge bidding: clubs lowest, spades highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The PBN letter: C, D, H or S."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The printed symbol: ♣, ♦, ♥ or ♠."""
        return SUIT_SYMBOLS[self]


SUIT_LETTERS: dict[Suit, str] = {
    Suit.CLUBS: "C",
    Suit.DIAMONDS: "D",
    Suit.HEARTS: "H",
    Suit.SPADES: "S",
}
SUIT_SYMBOLS: dict[Suit, str] = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}
_SUIT_BY_TEXT: dict[str, Suit] = {
    **{letter: suit for suit, letter in SUIT_LETTERS.items()},
    **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()},
    **{suit.name: suit for suit in Suit},
    **{suit.name[:-1]: suit for suit in Suit},
}
# A suit is read from its letter, symbol or English name.
_PARSE_TABLES[Suit] = (_SUIT_BY_TEXT, "suit", "C, D, H or S")


class Rank(LetterEnum):
    """A card rank, ordered from the two up to the ace.

    ``KNIGHT`` is the Bridgeote card (the tarot "cavalier"), which ranks between
    the jack and the queen in the 36-card game. Its presence shifts the queen,
    king and ace to 13, 14 and 15: the values only order the ranks, they are
    never pip or honour points (those live in each game's rule tables).
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    KNIGHT = 12
    QUEEN = 13
    KING = 14
    ACE = 15

    @property
    def letter(self) -> str:
        """The PBN letter: 2-9, T, J, Q, K, A, and C for the Bridgeote knight."""
        return RANK_LETTERS[self]


RANK_LETTERS: dict[Rank, str] = {
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.KNIGHT: "C",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_TEXT: dict[str, Rank] = {
    **{letter: rank for rank, letter in RANK_LETTERS.items()},
    "10": Rank.TEN,
}
# A rank is read from its letter; "10" is accepted for T.
_PARSE_TABLES[Rank] = (_RANK_BY_TEXT, "rank", "2-9, T (or 10), J, C, Q, K or A")

# The 13 ranks of a bridge suit, two to ace (no knight).
BRIDGE_RANKS: tuple[Rank, ...] = tuple(rank for rank in Rank if rank != Rank.KNIGHT)
# Bridgeote (seed 003): the 32-card belote pack plus one "bridgeote" per suit,
# i.e. 7, 8, 9, 10, jack, bridgeote, queen, king, ace: 9 cards x 4 suits = 36.
BRIDGEOTE_RANKS: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.KNIGHT,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card. Text form: suit letter then rank letter, e.g. "SA", "HT", "DC".

    Cards sort by suit (clubs first) and then by rank, the order of
    ``deck_52()``.
    """

    suit: Suit
    rank: Rank

    def __post_init__(self) -> None:
        # Accept plain ints from callers (e.g. JSON payloads) but store enums, so
        # that equality, hashing and str() never depend on how a card was built.
        try:
            object.__setattr__(self, "suit", Suit(self.suit))
            object.__setattr__(self, "rank", Rank(self.rank))
        except ValueError:
            raise GameError(
                f"Unknown card: suit {self.suit!r} and rank {self.rank!r} "
                "do not make a card"
            ) from None

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.letter}"

    @property
    def symbol(self) -> str:
        """The card for display, e.g. "♠A", "♥10"."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return f"{self.suit.symbol}{rank}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written suit first: "SA", "sa", "♠A", "H10", "DC"."""
        raw = str(text).strip()
        if len(raw) < 2:
            raise GameError(
                f'Unknown card "{text}": write the suit then the rank, e.g. "SA"'
            )
        suit_text, rank_text = raw[0], raw[1:]
        if suit_text.upper() not in _SUIT_BY_TEXT:
            raise GameError(
                f'Unknown card "{text}": the suit "{suit_text}" must be C, D, H or S '
                '(the suit comes first, e.g. "SA")'
            )
        if rank_text.upper() not in _RANK_BY_TEXT:
            raise GameError(
                f'Unknown card "{text}": the rank "{rank_text}" must be 2-9, '
                "T (or 10), J, C, Q, K or A"
            )
        return cls(_SUIT_BY_TEXT[suit_text.upper()], _RANK_BY_TEXT[rank_text.upper()])


class Seat(LetterEnum):
    """A compass seat, numbered in clockwise (playing) order from North."""

    N = 0
    E = 1
    S = 2
    W = 3
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def full_name(self) -> str:
        """The English name, e.g. "North", for messages and screens."""
        return SEAT_NAMES[self]

    @property
    def side(self) -> str:
        """The partnership: "NS" for North and South, "EW" for East and West."""
        return "NS" if self in (Seat.N, Seat.S) else "EW"

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (the next to deal, bid or play)."""
        return Seat((self + steps) % 4)

    def partner(self) -> Seat:
        """The seat across the table."""
        return self.next(2)


SEAT_NAMES: dict[Seat, str] = {
    Seat.N: "North",
    Seat.E: "East",
    Seat.S: "South",
    Seat.W: "West",
}
# French names too: clubs in France key travellers with Nord/Est/Sud/Ouest.
_SEAT_BY_TEXT: dict[str, Seat] = {
    **{seat.letter: seat for seat in Seat},
    **{name.upper(): seat for seat, name in SEAT_NAMES.items()},
    "NORD": Seat.N,
    "EST": Seat.E,
    "SUD": Seat.S,
    "OUEST": Seat.W,
    "O": Seat.W,
}
# A seat is read as "N", "North", and the French "Nord", "Ouest" or "O".
_PARSE_TABLES[Seat] = (_SEAT_BY_TEXT, "seat", "N, E, S or W")


def deck_52() -> list[Card]:
    """A fresh, sorted 52-card bridge pack: clubs 2 to ace, then D, H, S."""
    return [Card(suit, rank) for suit in Suit for rank in BRIDGE_RANKS]


def deck_36() -> list[Card]:
    """A fresh, sorted 36-card Bridgeote pack: 7 to ace with the knight, per suit."""
    return [Card(suit, rank) for suit in Suit for rank in BRIDGEOTE_RANKS]
