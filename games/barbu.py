"""Barbu: the seven contracts, the manche and game sheet, play rules and marks.

A game is four manches; in each, one player is dealer and "Déclarant" for
seven deals and chooses each of the seven contracts exactly once, in the order
he likes. Figures and rules follow the French rule book (shared/seeds/004).

Players are four distinct keys given by the caller in seating (clockwise)
order: ("A", "B", "C", "D") by default, as in the rule book's worked example;
seats ("N", "E", "S", "W") or names work the same.

A deal is scored from what the table records (``RECORD_KEYS``): who took the
king of hearts, the hearts and the ace of hearts, the queens, the tricks, the
last two tricks, the trump tricks, or the réussite's finishing order. Doubles
are then settled pair by pair (``settle_doubles``), which keeps the deal's
total equal to the contract's theoretical total (``CONTRACT_TOTALS``).

Where the rule book is silent, Donne follows French Barbu as bridge clubs
play it:

- Hearts: the ace of hearts costs 6 in all, not 6 on top of 2, so that the
  contract totals 12 x -2 - 6 = -30, the figure club sheets check.
- Barbu and Hearts: no heart may be led while the hand holds another suit, at
  any point of the deal (there is no "hearts broken"); hearts may always be
  discarded on another suit led.
- Trump: a player void in the suit led must ruff; if a trump was played
  before him he must over-ruff when he can and otherwise still ruff (under-
  ruff), the book making the ruff compulsory; only a player without trumps may
  discard. Following suit, trumps included, he need not play higher.
- Réussite: the declarer plays first and the turn goes clockwise, one card at
  a time. A suit is opened only by its card of the chosen rank, which may be
  laid at any time; a row then grows by the next rank up or down, the ace
  being the top and the two the bottom (no wrap-around). A player with no card
  to lay passes. The deal stops when three players are out: the fourth is
  last.
- Doubles: allowed on all seven contracts and between any two players, except
  that the declarer never doubles: he may only redouble a player who doubled
  him (``(doubler, doubled, 2)``). A double is settled on the difference of
  the two players' points in the deal, as in the worked example; a redouble
  counts that difference twice. The book's "contres obligatoires" have no
  number: each other player must double the declarer at least twice per
  manche (``COMPULSORY_DOUBLES``, 0 to turn the check off).
- Manches: the first manche is declared by the first player given, each next
  one by the next player clockwise who has not declared yet, unless the
  caller names the declarer.
- End of game: the settlement of each player is the sum of the differences
  between his total and each other player's total.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from random import Random

from games.cards import BRIDGE_RANKS, Card, Rank, Suit, deck_52
from games.errors import GameError

__all__ = [
    "ACE_OF_HEARTS",
    "COMPULSORY_DOUBLES",
    "CONTRACT_TOTALS",
    "KING_OF_HEARTS",
    "MANCHES_PER_GAME",
    "PLAYERS",
    "RECORD_KEYS",
    "REUSSITE_POINTS",
    "Contract",
    "DealRow",
    "GameSheet",
    "Manche",
    "Reussite",
    "check_deal_total",
    "check_doubles",
    "check_play",
    "deal",
    "deal_score",
    "legal_cards",
    "reussite_cards",
    "settle_doubles",
    "trick_winner",
]

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
HEART_ACE_POINTS = -6  # « 6 points pour l'As » (in all: see the module docstring)
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
_RANK_INDEX: dict[Rank, int] = {rank: index for index, rank in enumerate(BRIDGE_RANKS)}


# ---------------------------------------------------------------- deal score


def deal_score(
    contract: str | Contract,
    record: Mapping[str, object],
    players: Sequence[str] = PLAYERS,
) -> dict[str, int]:
    """Each player's points on one deal, before doubles, from the scorer's record.

    ``record`` holds the keys of ``RECORD_KEYS[contract]``, e.g.
    ``{"hearts": {"A": 3, "B": 10}, "ace": "B"}``. The counts must add up (13
    hearts, 4 queens, 13 tricks), so that the points total ``CONTRACT_TOTALS``.
    """
    played = Contract.parse(contract)
    names = _players(players)
    if not isinstance(record, Mapping):
        raise GameError(
            f"{played.label} record {record!r}: expected a mapping with the keys "
            f"{', '.join(RECORD_KEYS[played])}"
        )
    missing = [key for key in RECORD_KEYS[played] if key not in record]
    unknown = [str(key) for key in record if key not in RECORD_KEYS[played]]
    if missing or unknown:
        raise GameError(
            f"{played.label} record with keys {', '.join(map(str, record)) or 'none'}: "
            f"expected exactly {', '.join(RECORD_KEYS[played])}"
        )
    return _SCORERS[played](record, names)


def _score_barbu(
    record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """-20 to the player who took the king of hearts."""
    points = dict.fromkeys(names, 0)
    points[_taker(record["king"], names, Contract.BARBU, "king")] = BARBU_POINTS
    return points


def _score_hearts(
    record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """-2 a heart, the ace of hearts -6 in all."""
    hearts = _counts(record["hearts"], names, Contract.HEARTS, "hearts", 13)
    ace = _taker(record["ace"], names, Contract.HEARTS, "ace")
    if hearts[ace] == 0:
        raise GameError(
            f"Hearts record: {ace} took the ace of hearts but is recorded with "
            "0 hearts; the ace counts among the player's hearts"
        )
    points = {name: HEART_POINTS * count for name, count in hearts.items()}
    points[ace] += HEART_ACE_POINTS - HEART_POINTS
    return points


def _score_queens(
    record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """-6 a queen."""
    queens = _counts(record["queens"], names, Contract.QUEENS, "queens", 4)
    return {name: QUEEN_POINTS * count for name, count in queens.items()}


def _score_tricks(
    record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """-2 a trick."""
    tricks = _counts(record["tricks"], names, Contract.TRICKS, "tricks", 13)
    return {name: TRICK_POINTS * count for name, count in tricks.items()}


def _score_last_two(
    record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """-10 for the 12th trick, -20 for the 13th (one player may take both)."""
    points = dict.fromkeys(names, 0)
    penultimate = _taker(record["penultimate"], names, Contract.LAST_TWO, "penultimate")
    points[penultimate] += PENULTIMATE_POINTS
    points[_taker(record["last"], names, Contract.LAST_TWO, "last")] += LAST_POINTS
    return points


def _score_trump(
    record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """+5 a trick."""
    tricks = _counts(record["tricks"], names, Contract.TRUMP, "tricks", 13)
    return {name: TRUMP_TRICK_POINTS * count for name, count in tricks.items()}


def _score_reussite(
    record: Mapping[str, object], names: tuple[str, ...]
) -> dict[str, int]:
    """45, 20, 10 and -10 by the finishing order."""
    order = record["order"]
    listed = (
        list(order)
        if isinstance(order, Sequence) and not isinstance(order, str)
        else [order]
    )
    if sorted(map(str, listed)) != sorted(names) or not all(
        isinstance(name, str) for name in listed
    ):
        raise GameError(
            f"Réussite finishing order {order!r}: expected the four players "
            f"{', '.join(names)} once each, first out first"
        )
    return {name: REUSSITE_POINTS[listed.index(name)] for name in names}


_SCORERS: dict[
    Contract, Callable[[Mapping[str, object], tuple[str, ...]], dict[str, int]]
] = {
    Contract.BARBU: _score_barbu,
    Contract.HEARTS: _score_hearts,
    Contract.QUEENS: _score_queens,
    Contract.TRICKS: _score_tricks,
    Contract.LAST_TWO: _score_last_two,
    Contract.TRUMP: _score_trump,
    Contract.REUSSITE: _score_reussite,
}


def _players(players: Sequence[str]) -> tuple[str, ...]:
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


def _taker(value: object, names: tuple[str, ...], contract: Contract, key: str) -> str:
    """A player key from a record, or GameError naming the record's key."""
    if isinstance(value, str) and value in names:
        return value
    raise GameError(
        f'{contract.label} record "{key}": {value!r} is not one of the players '
        f"{', '.join(names)}"
    )


def _counts(
    value: object, names: tuple[str, ...], contract: Contract, what: str, total: int
) -> dict[str, int]:
    """Counts per player (a player left out took none) that must add up to total."""
    if not isinstance(value, Mapping):
        raise GameError(
            f'{contract.label} record "{what}": expected a mapping player -> '
            f"number of {what}, got {value!r}"
        )
    counts = dict.fromkeys(names, 0)
    for name, count in value.items():
        if name not in counts:
            raise GameError(
                f'{contract.label} record "{what}": {name!r} is not one of the '
                f"players {', '.join(names)}"
            )
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise GameError(
                f'{contract.label} record "{what}": {name} took {count!r}; '
                "expected a whole number, 0 or more"
            )
        counts[name] = count
    found = sum(counts.values())
    if found != total:
        raise GameError(
            f"{contract.label} record counts {found} {what}; expected {total} "
            f"{what} in all between {', '.join(names)}"
        )
    return counts


# ---------------------------------------------------------------- doubles


def settle_doubles(
    base: Mapping[str, int], doubles: Iterable[tuple[str, str, int]]
) -> dict[str, int]:
    """Each player's final points on a deal: base points plus the doubles settled.

    Each double ``(doubler, doubled, times)``, times 1 for a double and 2 for a
    redouble, is settled between those two players only: each gains ``times``
    times the difference between his base points and the other's, the other
    losing as much, so the deal's total never changes. That is the rule book's
    example: « A perd ses 5 levées, plus 2 levées sur C (5-3) ... ».
    """
    points = {name: _base_points(name, value) for name, value in base.items()}
    for doubler, doubled, times in _doubles(doubles, tuple(points)):
        swing = times * (base[doubler] - base[doubled])
        points[doubler] += swing
        points[doubled] -= swing
    return points


def check_doubles(
    declarer: str,
    doubles: Iterable[tuple[str, str, int]],
    players: Sequence[str] = PLAYERS,
) -> tuple[Double, ...]:
    """The deal's doubles, checked: the declarer only redoubles, never doubles.

    Returns them as tuples, in the order given.
    """
    names = _players(players)
    if declarer not in names:
        raise GameError(
            f"Barbu declarer {declarer!r}: expected one of the players "
            f"{', '.join(names)}"
        )
    entries = _doubles(doubles, names)
    for entry in entries:
        if entry[0] == declarer:
            raise GameError(
                f"Barbu double {entry!r}: the declarer {declarer} may not double; "
                f"he may only redouble a player who doubled him, written "
                f"({entry[1]!r}, {declarer!r}, 2)"
            )
    return entries


def _base_points(name: object, value: object) -> int:
    """A player's points on a deal must be a whole number."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameError(f"Barbu points of {name}: {value!r}, expected a whole number")
    return value


def _doubles(
    doubles: Iterable[tuple[str, str, int]], names: Sequence[str]
) -> tuple[Double, ...]:
    """Doubles as (doubler, doubled, 1 or 2), at most one per pair of players."""
    entries: list[Double] = []
    pairs: dict[frozenset[str], Double] = {}
    for double in doubles:
        if (
            isinstance(double, str)
            or not isinstance(double, Sequence)
            or len(double) != 3
        ):
            raise GameError(
                f"Barbu double {double!r}: expected (doubler, doubled, 1 or 2)"
            )
        doubler, doubled, times = double
        entry: Double = (doubler, doubled, times)
        for name in (doubler, doubled):
            if name not in names:
                raise GameError(
                    f"Barbu double {entry!r}: {name!r} is not one of the players "
                    f"{', '.join(names)}"
                )
        if doubler == doubled:
            raise GameError(f"Barbu double {entry!r}: a player cannot double himself")
        if isinstance(times, bool) or times not in (1, 2):
            raise GameError(
                f"Barbu double {entry!r}: expected 1 (double) or 2 (redouble), "
                f"got {times!r}"
            )
        pair = frozenset((doubler, doubled))
        if pair in pairs:
            raise GameError(
                f"Barbu doubles {pairs[pair]!r} and {entry!r} are between the same "
                "two players; write a redouble as one double (doubler, doubled, 2)"
            )
        pairs[pair] = entry
        entries.append(entry)
    return tuple(entries)


def check_deal_total(contract: str | Contract, points: Mapping[str, int]) -> None:
    """Refuse a deal whose points do not add up to the contract's theoretical total.

    The book's check against scoring mistakes; doubles do not change the total.
    """
    played = Contract.parse(contract)
    found = sum(_base_points(name, value) for name, value in points.items())
    expected = CONTRACT_TOTALS[played]
    if found != expected:
        raise GameError(
            f"a {played.label} deal totals {expected:+d}; this sheet totals {found:+d}"
        )


# ---------------------------------------------------------------- sheet


@dataclass(frozen=True)
class DealRow:
    """One deal on the sheet: the contract, base points, doubles and final points."""

    contract: Contract
    base: dict[str, int]
    doubles: tuple[Double, ...]
    points: dict[str, int]


class Manche:
    """One declarer's seven deals, each contract chosen exactly once, any order."""

    def __init__(
        self,
        declarer: str,
        players: Sequence[str] = PLAYERS,
        *,
        compulsory_doubles: int = COMPULSORY_DOUBLES,
    ) -> None:
        self.players = _players(players)
        if declarer not in self.players:
            raise GameError(
                f"Barbu declarer {declarer!r}: expected one of the players "
                f"{', '.join(self.players)}"
            )
        self.declarer = declarer
        self.compulsory_doubles = _compulsory(compulsory_doubles)
        self._rows: list[DealRow] = []

    @property
    def rows(self) -> tuple[DealRow, ...]:
        """The deals recorded so far, in the order played."""
        return tuple(self._rows)

    @property
    def remaining(self) -> tuple[Contract, ...]:
        """The contracts the declarer has still to choose."""
        played = {row.contract for row in self._rows}
        return tuple(contract for contract in Contract if contract not in played)

    @property
    def complete(self) -> bool:
        """True once the seven contracts are played."""
        return len(self._rows) == len(Contract)

    def record(
        self,
        contract: str | Contract,
        record: Mapping[str, object],
        doubles: Iterable[tuple[str, str, int]] = (),
    ) -> DealRow:
        """Score a deal from the table's record (see ``deal_score``) and add it."""
        played = self._open_to(contract)
        return self.record_points(
            played, deal_score(played, record, self.players), doubles
        )

    def record_points(
        self,
        contract: str | Contract,
        base: Mapping[str, int],
        doubles: Iterable[tuple[str, str, int]] = (),
    ) -> DealRow:
        """Add a deal from each player's points before doubles, as counted."""
        played = self._open_to(contract)
        if set(base) != set(self.players):
            raise GameError(
                f"{played.label} points for {', '.join(map(str, base)) or 'nobody'}: "
                f"expected the points of {', '.join(self.players)}"
            )
        check_deal_total(played, base)
        entries = check_doubles(self.declarer, doubles, self.players)
        row = DealRow(
            contract=played,
            base={name: base[name] for name in self.players},
            doubles=entries,
            points=settle_doubles(base, entries),
        )
        self._check_compulsory_doubles([*self._rows, row])
        self._rows.append(row)
        return row

    def _open_to(self, contract: str | Contract) -> Contract:
        """The contract, if the manche is not over and it was not chosen yet."""
        played = Contract.parse(contract)
        where = f"the manche of {self.declarer}"
        if self.complete:
            raise GameError(f"{where} is complete: its seven contracts are played")
        for number, row in enumerate(self._rows, start=1):
            if row.contract is played:
                raise GameError(
                    f"{played.label} was already chosen in {where} (deal {number}); "
                    "each contract is chosen once per manche, still to choose: "
                    f"{', '.join(contract.label for contract in self.remaining)}"
                )
        return played

    def doubles_of_declarer(self) -> dict[str, int]:
        """How many deals each other player has doubled the declarer in, so far."""
        return self._doubles_of_declarer(self._rows)

    def totals(self) -> dict[str, int]:
        """Each player's points over the manche's deals so far."""
        return _totals(self.players, self._rows)

    def _doubles_of_declarer(self, rows: Sequence[DealRow]) -> dict[str, int]:
        counts = {name: 0 for name in self.players if name != self.declarer}
        for row in rows:
            for doubler, doubled, _ in row.doubles:
                if doubled == self.declarer:
                    counts[doubler] += 1
        return counts

    def _check_compulsory_doubles(self, rows: Sequence[DealRow]) -> None:
        """Refuse a deal after which a player can no longer make his doubles."""
        left = len(Contract) - len(rows)
        for name, count in self._doubles_of_declarer(rows).items():
            if count + left < self.compulsory_doubles:
                raise GameError(
                    f"{rows[-1].contract.label} deal in the manche of "
                    f"{self.declarer}: {name} has doubled the declarer in {count} "
                    f"deals and {left} remain; each player must double the "
                    f"declarer at least {self.compulsory_doubles} times a manche"
                )


class GameSheet:
    """A game's score sheet: four manches, each player declarer of one."""

    def __init__(
        self,
        players: Sequence[str] = PLAYERS,
        *,
        compulsory_doubles: int = COMPULSORY_DOUBLES,
    ) -> None:
        self.players = _players(players)
        self.compulsory_doubles = _compulsory(compulsory_doubles)
        self._manches: list[Manche] = []

    @property
    def manches(self) -> tuple[Manche, ...]:
        """The manches opened so far, in the order played."""
        return tuple(self._manches)

    @property
    def rows(self) -> tuple[DealRow, ...]:
        """Every deal recorded, manche after manche."""
        return tuple(row for manche in self._manches for row in manche.rows)

    @property
    def complete(self) -> bool:
        """True after the 28 deals: four manches of seven."""
        return len(self._manches) == MANCHES_PER_GAME and self._manches[-1].complete

    def new_manche(self, declarer: str | None = None) -> Manche:
        """Open the next manche, declared by ``declarer`` or the next one clockwise."""
        if self._manches and not self._manches[-1].complete:
            current = self._manches[-1]
            raise GameError(
                f"the manche of {current.declarer} is not over: "
                f"{len(current.remaining)} contracts still to play "
                f"({', '.join(contract.label for contract in current.remaining)})"
            )
        if len(self._manches) == MANCHES_PER_GAME:
            raise GameError(
                "a Barbu game has four manches, one per declarer; "
                "a fifth manche cannot be opened"
            )
        done = [manche.declarer for manche in self._manches]
        if declarer is None:
            start = self.players.index(done[-1]) + 1 if done else 0
            seating = self.players[start:] + self.players[:start]
            declarer = next(name for name in seating if name not in done)
        elif declarer in done:
            raise GameError(
                f"{declarer} has already declared manche {done.index(declarer) + 1}; "
                "each player declares one manche"
            )
        manche = Manche(
            declarer, self.players, compulsory_doubles=self.compulsory_doubles
        )
        self._manches.append(manche)
        return manche

    def record(
        self,
        contract: str | Contract,
        record: Mapping[str, object],
        doubles: Iterable[tuple[str, str, int]] = (),
    ) -> DealRow:
        """Score and add a deal to the current manche, opening the next if needed."""
        return self._current().record(contract, record, doubles)

    def record_points(
        self,
        contract: str | Contract,
        base: Mapping[str, int],
        doubles: Iterable[tuple[str, str, int]] = (),
    ) -> DealRow:
        """Add a deal from base points to the current manche (see ``Manche``)."""
        return self._current().record_points(contract, base, doubles)

    def totals(self) -> dict[str, int]:
        """Each player's points over the game so far."""
        return _totals(self.players, self.rows)

    def settlement(self) -> dict[str, int]:
        """Each player's gain: the sum of his differences with the three others.

        « calculent leurs gains ou leurs pertes en fonction des différences de
        leurs scores ».
        """
        totals = self.totals()
        return {
            name: sum(totals[name] - totals[other] for other in self.players)
            for name in self.players
        }

    def _current(self) -> Manche:
        if not self._manches or self._manches[-1].complete:
            return self.new_manche()
        return self._manches[-1]


def _compulsory(doubles: int) -> int:
    """The doubles of the declarer owed per manche: 0 (no check) to 7."""
    whole = isinstance(doubles, int) and not isinstance(doubles, bool)
    if not whole or not 0 <= doubles <= len(Contract):
        raise GameError(
            f"Barbu compulsory doubles {doubles!r}: expected 0 to "
            f"{len(Contract)} doubles of the declarer per manche"
        )
    return doubles


def _totals(players: Sequence[str], rows: Iterable[DealRow]) -> dict[str, int]:
    totals = dict.fromkeys(players, 0)
    for row in rows:
        for name, points in row.points.items():
            totals[name] += points
    return totals


# ---------------------------------------------------------------- trick play


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
    played = _card(card)
    allowed, rule = _allowed(hand, trick, contract, trump)
    if played not in _hand(hand):
        raise GameError(f"card {played} is not in the hand")
    if played not in allowed:
        label = Contract.parse(contract).label
        raise GameError(f"{label}: {played} cannot be played: {rule}")


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
    cards = _hand(hand)
    laid = _trick(trick, cards)
    if not laid:
        others = frozenset(card for card in cards if card.suit != Suit.HEARTS)
        if played in (Contract.BARBU, Contract.HEARTS) and others and others != cards:
            return others, "no heart may be led while the hand holds another suit"
        return cards, ""
    led = laid[0].suit
    following = frozenset(card for card in cards if card.suit == led)
    if following:
        return following, f"the hand must follow {_suit_name(led)}, the suit led"
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
                f"the hand is void in {_suit_name(led)} and must over-ruff {best}",
            )
    return trumps, f"the hand is void in {_suit_name(led)} and must ruff"


def _suit_name(suit: Suit) -> str:
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


def _card(value: Card | str) -> Card:
    """A card of the 52-card pack, given as a Card or as text such as "SA"."""
    card = value if isinstance(value, Card) else Card.parse(value)
    if card.rank not in _RANK_INDEX:
        raise GameError(f"card {card}: not a card of the 52-card pack Barbu uses")
    return card


def _hand(hand: Iterable[Card | str]) -> frozenset[Card]:
    """A hand of 1 to 13 distinct cards."""
    if isinstance(hand, str):
        raise GameError(f"hand {hand!r}: expected a collection of cards, not text")
    cards = [_card(card) for card in hand]
    if not 1 <= len(cards) <= CARDS_PER_HAND or len(set(cards)) != len(cards):
        raise GameError(
            f"hand {' '.join(map(str, cards)) or '(empty)'}: expected 1 to 13 "
            "distinct cards"
        )
    return frozenset(cards)


def _trick(
    trick: Sequence[Card | str], hand: frozenset[Card], complete: bool = False
) -> tuple[Card, ...]:
    """The cards already in a trick: distinct, none from the hand, 0 to 3 (or 4)."""
    if isinstance(trick, str):
        raise GameError(f"trick {trick!r}: expected a sequence of cards, not text")
    cards = tuple(_card(card) for card in trick)
    sizes = (1, 4) if complete else (0, 3)
    if not sizes[0] <= len(cards) <= sizes[1] or len(set(cards)) != len(cards):
        raise GameError(
            f"trick {' '.join(map(str, cards)) or '(empty)'}: expected {sizes[0]} to "
            f"{sizes[1]} distinct cards"
        )
    shared = sorted(hand.intersection(cards))
    if shared:
        raise GameError(
            f"trick {' '.join(map(str, cards))}: {shared[0]} is both in the trick "
            "and in the hand"
        )
    return cards


# ---------------------------------------------------------------- réussite


def reussite_cards(
    hand: Iterable[Card | str],
    layout: Mapping[Suit, tuple[Rank, Rank]],
    start: Rank | str,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be laid on a réussite built from ``start``.

    ``layout`` gives, per opened suit, the lowest and highest rank laid. An
    unopened suit takes only its card of rank ``start``; an opened one the
    rank just below its lowest or just above its highest card.
    """
    height = _start_rank(start)
    rows = _layout(layout, height)
    playable = set()
    for card in _hand(hand):
        row = rows.get(card.suit)
        index = _RANK_INDEX[card.rank]
        if row is None:
            if card.rank == height:
                playable.add(card)
        elif index in (_RANK_INDEX[row[0]] - 1, _RANK_INDEX[row[1]] + 1):
            playable.add(card)
    return frozenset(playable)


def _start_rank(start: Rank | str) -> Rank:
    rank = Rank.parse(start)
    if rank not in _RANK_INDEX:
        raise GameError(f"Réussite height {start!r}: expected a rank 2 to A")
    return rank


def _layout(
    layout: Mapping[Suit, tuple[Rank, Rank]], start: Rank
) -> dict[Suit, tuple[Rank, Rank]]:
    """A réussite layout whose rows each span the starting rank."""
    rows: dict[Suit, tuple[Rank, Rank]] = {}
    for key, row in layout.items():
        suit = Suit.parse(key)
        low, high = (Rank.parse(rank) for rank in row)
        if not (low in _RANK_INDEX and high in _RANK_INDEX and low <= start <= high):
            raise GameError(
                f"Réussite row {_suit_name(suit)} {low}-{high}: expected the lowest "
                f"and highest rank laid, around the starting rank {start}"
            )
        rows[suit] = (low, high)
    return rows


class Reussite:
    """A Réussite deal in play: whose turn it is, what may be laid, who is out.

    ``hands`` maps the four players, in seating (clockwise) order, to their 13
    cards; ``declarer`` (the first player by default) plays first.
    """

    def __init__(
        self,
        hands: Mapping[str, Iterable[Card | str]],
        start: Rank | str,
        declarer: str | None = None,
    ) -> None:
        self.players = _players(list(hands))
        self.start = _start_rank(start)
        self._hands = {name: set(_hand(hands[name])) for name in self.players}
        _check_full_deal(self._hands)
        first = self.players[0] if declarer is None else declarer
        if first not in self.players:
            raise GameError(
                f"Réussite declarer {declarer!r}: expected one of the players "
                f"{', '.join(self.players)}"
            )
        self._turn = self.players.index(first)
        self._layout: dict[Suit, tuple[Rank, Rank]] = {}
        self._order: list[str] = []

    @property
    def layout(self) -> dict[Suit, tuple[Rank, Rank]]:
        """Per opened suit, the lowest and highest rank laid."""
        return dict(self._layout)

    @property
    def finished(self) -> bool:
        """True once three players are out: the finishing order is settled."""
        return len(self._order) == len(self.players)

    @property
    def finishing_order(self) -> tuple[str, ...]:
        """The players out so far, first out first (all four once finished)."""
        return tuple(self._order)

    @property
    def to_play(self) -> str | None:
        """The player whose turn it is, or None once finished."""
        return None if self.finished else self.players[self._turn]

    def hand(self, player: str) -> frozenset[Card]:
        """The cards a player still holds."""
        return frozenset(self._hands[self._player(player)])

    def playable(self, player: str | None = None) -> frozenset[Card]:
        """The cards a player (the one to play by default) could lay now."""
        name = self.to_play if player is None else self._player(player)
        if name is None or not self._hands[name]:
            return frozenset()
        return reussite_cards(self._hands[name], self._layout, self.start)

    def play(self, player: str, card: Card | str) -> None:
        """Lay one card for ``player``, whose turn it must be."""
        self._check_turn(player)
        laid = _card(card)
        if laid not in self._hands[player]:
            raise GameError(f"Réussite: {player} does not hold {laid}")
        playable = self.playable(player)
        if laid not in playable:
            raise GameError(
                f"Réussite at {self.start}: {player} cannot lay {laid}; "
                f"{_cards_text(playable) or 'no card'} may be laid now"
            )
        row = self._layout.get(laid.suit, (laid.rank, laid.rank))
        self._layout[laid.suit] = (min(row[0], laid.rank), max(row[1], laid.rank))
        self._hands[player].remove(laid)
        if not self._hands[player]:
            self._order.append(player)
            if len(self._order) == len(self.players) - 1:
                self._order.extend(name for name in self.players if self._hands[name])
                return
        self._advance()

    def pass_turn(self, player: str) -> None:
        """Pass for ``player``, allowed only when he has no card to lay."""
        self._check_turn(player)
        playable = self.playable(player)
        if playable:
            raise GameError(
                f"Réussite: {player} may not pass while able to lay "
                f"{_cards_text(playable)}"
            )
        self._advance()

    def record(self) -> dict[str, object]:
        """The record ``deal_score`` takes: {"order": the finishing order}."""
        if not self.finished:
            raise GameError(
                f"Réussite not finished: {len(self._order)} players out of 4 are out"
            )
        return {"order": list(self._order)}

    def _player(self, player: str) -> str:
        if player not in self.players:
            raise GameError(
                f"Réussite player {player!r}: expected one of {', '.join(self.players)}"
            )
        return player

    def _check_turn(self, player: str) -> None:
        self._player(player)
        if self.finished:
            raise GameError(
                "Réussite finished: the finishing order "
                f"{', '.join(self._order)} is settled"
            )
        if player != self.to_play:
            raise GameError(f"Réussite: it is {self.to_play}'s turn, not {player}'s")

    def _advance(self) -> None:
        """Give the turn to the next player clockwise who still holds cards."""
        for step in range(1, len(self.players) + 1):
            turn = (self._turn + step) % len(self.players)
            if self._hands[self.players[turn]]:
                self._turn = turn
                return


def _cards_text(cards: Iterable[Card]) -> str:
    return ", ".join(str(card) for card in sorted(cards))


def _check_full_deal(hands: Mapping[str, set[Card]]) -> None:
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


# ---------------------------------------------------------------- dealing


def deal(rng: Random, players: Sequence[str] = PLAYERS) -> dict[str, frozenset[Card]]:
    """Shuffle and deal the 52 cards one at a time: 13 to each player, in order.

    « distribue une à une treize cartes à chaque joueur dans le sens des
    aiguilles d'une montre »: list the players from the dealer's left.
    """
    names = _players(players)
    pack = deck_52()
    rng.shuffle(pack)
    return {
        name: frozenset(pack[seat :: len(names)]) for seat, name in enumerate(names)
    }
