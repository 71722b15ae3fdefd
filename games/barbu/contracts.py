"""Barbu contracts and their marks: the seven "choix", their points and totals.

The figures are the rule book's (shared/seeds/004), quoted beside each one;
``CONTRACT_TOTALS`` is the book's check that a deal's four marks add up to the
contract's theoretical total, and ``RECORD_KEYS`` says what the scorer notes
for each contract. Used by the tournament's write path
(``tournaments.barbu.services``) through ``games.barbu``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from enum import StrEnum

from games.cards import BRIDGE_RANKS, Card, Rank, Suit
from games.errors import GameError

PLAYERS: tuple[str, ...] = ("A", "B", "C", "D")
CARDS_PER_HAND = 13
TRICKS_PER_DEAL = 13
MANCHES_PER_GAME = 4
COMPULSORY_DOUBLES = 2  # doubles of the declarer each other player owes a manche


class Contract(StrEnum):
    """The seven contracts ("choix"): five negative, then two positive."""

    BARBU = "barbu"
    HEARTS = "hearts"
    QUEENS = "queens"
    TRICKS = "tricks"
    LAST_TWO = "last-two"
    TRUMP = "trump"
    REUSSITE = "reussite"

    @property
    def label(self) -> str:
        """The English name for messages and screens, e.g. "Last two"."""
        return CONTRACT_LABELS[self]

    @property
    def is_positive(self) -> bool:
        """True for Trump and Réussite, the contracts that score points."""
        return self in (Contract.TRUMP, Contract.REUSSITE)

    @classmethod
    def parse(cls, text: str | Contract) -> Contract:
        """Read a contract from its slug, English or French name, any case or accent."""
        if isinstance(text, Contract):
            return text
        if isinstance(text, str):
            key = unicodedata.normalize("NFKD", text.strip().lower())
            key = "".join(c for c in key if not unicodedata.combining(c))
            key = "-".join(key.replace("œ", "oe").replace("_", " ").split())
            if key in _CONTRACT_BY_TEXT:
                return _CONTRACT_BY_TEXT[key]
        raise GameError(
            f"Barbu contract {text!r}: expected one of "
            f"{', '.join(contract.value for contract in cls)}"
        )


CONTRACT_LABELS: dict[Contract, str] = {
    Contract.BARBU: "Barbu",
    Contract.HEARTS: "Hearts",
    Contract.QUEENS: "Queens",
    Contract.TRICKS: "Tricks",
    Contract.LAST_TWO: "Last two",
    Contract.TRUMP: "Trump",
    Contract.REUSSITE: "Réussite",
}
# French names as players say them at the table, accents and spaces removed.
_CONTRACT_BY_TEXT: dict[str, Contract] = {
    **{contract.value: contract for contract in Contract},
    **{label.lower().replace(" ", "-"): c for c, label in CONTRACT_LABELS.items()},
    "reussite": Contract.REUSSITE,
    "coeurs": Contract.HEARTS,
    "coeur": Contract.HEARTS,
    "dames": Contract.QUEENS,
    "levees": Contract.TRICKS,
    "plis": Contract.TRICKS,
    "deux-der": Contract.LAST_TWO,
    "deux-dernieres": Contract.LAST_TWO,
    "atout": Contract.TRUMP,
}

KING_OF_HEARTS = Card(Suit.HEARTS, Rank.KING)
ACE_OF_HEARTS = Card(Suit.HEARTS, Rank.ACE)
# The marks, as the rule book gives them (penalties negative).
BARBU_POINTS = -20  # « une pénalité de 20 points » for the king of hearts
HEART_POINTS = -2  # « 2 points par Cœur »
HEART_ACE_POINTS = -6  # « 6 points pour l'As » (in all: see games.barbu)
QUEEN_POINTS = -6  # « 6 points par Dame »
TRICK_POINTS = -2  # « 2 points par levée »
PENULTIMATE_POINTS = -10  # « l'avant-dernière levée, pénalisée de 10 points »
LAST_POINTS = -20  # « la dernière levée, pénalisée de 20 points »
TRUMP_TRICK_POINTS = 5  # « Chaque levée réalisée rapporte 5 points »
# « Le joueur qui se débarrasse le premier ... 45 points, le deuxième 20 points,
# le troisième 10 points et le dernier ... une pénalité de 10 points »
REUSSITE_POINTS: tuple[int, ...] = (45, 20, 10, -10)

# What the four players' marks add up to on every deal: the book's check
# « Le total des joueurs doit être égal au total théorique du contrat ».
CONTRACT_TOTALS: dict[Contract, int] = {
    # One king of hearts: -20.
    Contract.BARBU: BARBU_POINTS,
    # Twelve hearts at -2 and the ace at -6: -24 - 6 = -30.
    Contract.HEARTS: 12 * HEART_POINTS + HEART_ACE_POINTS,
    # Four queens at -6: « (-6) x 4 = -24 pour les Dames ».
    Contract.QUEENS: 4 * QUEEN_POINTS,
    # « -2 points de pénalité x 13 levées = -26 points ».
    Contract.TRICKS: TRICKS_PER_DEAL * TRICK_POINTS,
    # The 12th trick at -10 and the 13th at -20: -30.
    Contract.LAST_TWO: PENULTIMATE_POINTS + LAST_POINTS,
    # Thirteen tricks at +5: +65.
    Contract.TRUMP: TRICKS_PER_DEAL * TRUMP_TRICK_POINTS,
    # 45 + 20 + 10 - 10 = +65; with Trump it cancels the five negative
    # contracts (-130): « les coups positifs et les coups négatifs s'annulent ».
    Contract.REUSSITE: sum(REUSSITE_POINTS),
}

# What the scorer notes for each contract, as the keys of a ``deal_score``
# record: a player key, a mapping player -> count (a player left out took
# none), or the réussite's finishing order (a list of the four players).
RECORD_KEYS: dict[Contract, tuple[str, ...]] = {
    Contract.BARBU: ("king",),  # who took the king of hearts
    Contract.HEARTS: ("hearts", "ace"),  # hearts per player (13), the ace's taker
    Contract.QUEENS: ("queens",),  # queens per player (4)
    Contract.TRICKS: ("tricks",),  # tricks per player (13)
    Contract.LAST_TWO: ("penultimate", "last"),  # takers of tricks 12 and 13
    Contract.TRUMP: ("tricks",),  # tricks per player (13)
    Contract.REUSSITE: ("order",),  # the four players, first out first
}

Double = tuple[str, str, int]
# Position of each rank from the two (0) to the ace (12): the knight is no card here.
RANK_INDEX: dict[Rank, int] = {rank: index for index, rank in enumerate(BRIDGE_RANKS)}


def check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The four distinct player keys, or GameError."""
    names = tuple(players) if isinstance(players, Sequence) else ()
    if (
        isinstance(players, str)
        or len(names) != 4
        or len(set(names)) != 4
        or not all(isinstance(name, str) and name for name in names)
    ):
        raise GameError(
            f"Barbu players {players!r}: expected four distinct player keys "
            'in seating order, e.g. ("A", "B", "C", "D")'
        )
    return names
