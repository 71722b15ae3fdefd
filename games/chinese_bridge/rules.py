"""Chinese bridge rules shared by the deal, the play and the sheet.

The pack and its card text, the players 0 and 1, the trump set by the six
shown cards (« l'atout est fixé par la carte découverte la plus forte »), and
the points of a hand, one a trick (shared/seeds/001). The tournament marks
hands with ``hand_points``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.cards import BRIDGE_RANKS, SUIT_SYMBOLS, Card, Rank, Suit, deck_52
from games.errors import GameError

CARDS_PER_HAND = 11
PILES = 6
CARDS_PER_PILE = 5
TRICKS_PER_HAND = 26  # 52 cards, two a trick
PLAYERS: tuple[str, ...] = ("A", "B")
# Below this rank every shown card leaves the hand without trump.
TRUMP_THRESHOLD = Rank.TEN

PACK = frozenset(deck_52())
_RANK_BY_TEXT: dict[str, Rank] = {
    **{rank.letter: rank for rank in BRIDGE_RANKS},
    "10": Rank.TEN,
}
SUIT_BY_TEXT: dict[str, Suit] = {
    **{suit.letter: suit for suit in Suit},
    **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()},
}
_CARD_FORMS = 'a rank (2-9, T or 10, J, Q, K, A) and a suit (S, H, D, C), e.g. "AS"'


def parse_card(value: Card | str) -> Card:
    """Read a card of the 52-card pack: "AS", "TD", "10H", "9C", or "SA" suit first.

    Rank-first is how players call cards at the table; the suit-first form of
    ``games.cards`` is read too, so that printed cards can be read back.
    """
    if isinstance(value, Card):
        if value.rank not in BRIDGE_RANKS:
            raise GameError(
                f"Chinese bridge card {value}: not a card of the 52-card pack"
            )
        return value
    if isinstance(value, str):
        raw = value.strip().upper()
        rank_first = (raw[:-1], raw[-1:])
        suit_first = (raw[1:], raw[:1])
        for rank_text, suit_text in (rank_first, suit_first):
            if rank_text in _RANK_BY_TEXT and suit_text in SUIT_BY_TEXT:
                return Card(SUIT_BY_TEXT[suit_text], _RANK_BY_TEXT[rank_text])
    raise GameError(f"Chinese bridge card {value!r}: expected {_CARD_FORMS}")


def read_cards(values: Iterable[Card | str], what: str) -> tuple[Card, ...]:
    """Distinct cards read from a collection (not a single text), in order."""
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise GameError(f"Chinese bridge {what} {values!r}: expected a list of cards")
    cards = tuple(parse_card(value) for value in values)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise GameError(
                f"Chinese bridge {what} {cards_text(cards)}: {card} is given twice; "
                "expected distinct cards"
            )
        seen.add(card)
    return cards


def cards_text(cards: Iterable[Card]) -> str:
    """Cards for a message, e.g. "SA HK D2", or "(none)"."""
    return " ".join(map(str, cards)) or "(none)"


def suit_name(suit: Suit) -> str:
    return suit.name.lower()


def player_number(value: object, what: str) -> int:
    """A player number, 0 or 1."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    raise GameError(f"Chinese bridge {what} {value!r}: expected player 0 or 1")


def trump_from_shown(cards: Sequence[Card | str]) -> str | None:
    """The trump suit letter ("S", "H", "D", "C") set by the shown cards, or None.

    « Si toutes les cartes visibles ont une valeur inférieure à 10, la manche
    est jouée sans atout. Sinon, l'atout est fixé par la carte découverte la
    plus forte. » Equal ranks are ordered by suit: spades, hearts, diamonds,
    clubs, the bridge order the book gives.
    """
    suit = shown_trump(cards)
    return None if suit is None else suit.letter


def shown_trump(cards: Sequence[Card | str]) -> Suit | None:
    shown = read_cards(cards, "shown cards")
    if not 1 <= len(shown) <= PILES:
        raise GameError(
            f"Chinese bridge shown cards {cards_text(shown)}: expected the 1 to "
            f"{PILES} face-up cards on top of the piles"
        )
    highest = max(shown, key=lambda card: (card.rank, card.suit))
    return None if highest.rank < TRUMP_THRESHOLD else highest.suit


def trump_suit(trump: Suit | str | None) -> Suit | None:
    """The trump as a Suit, None meaning no trump."""
    if trump is None or isinstance(trump, Suit):
        return trump
    if isinstance(trump, str) and trump.strip().upper() in SUIT_BY_TEXT:
        return SUIT_BY_TEXT[trump.strip().upper()]
    raise GameError(
        f"Chinese bridge trump {trump!r}: expected S, H, D or C, or None for no trump"
    )


def hand_points(tricks_a: int, tricks_b: int | None = None) -> tuple[int, int]:
    """Each player's points for a hand: one per trick, 26 in all.

    « on compte les plis de chacun (ou d'un seul des deux, les plus fûtés
    voient pourquoi) »: give ``tricks_a`` alone and ``tricks_b`` is the rest
    of the 26 tricks; given both, they must add up to 26.
    """
    _check_tricks("tricks_a", tricks_a)
    if tricks_b is not None:
        _check_tricks("tricks_b", tricks_b)
    other = TRICKS_PER_HAND - tricks_a if tricks_b is None else tricks_b
    if tricks_a + other != TRICKS_PER_HAND:
        raise GameError(
            f"Chinese bridge tricks {tricks_a} and {other}: {tricks_a + other} in "
            f"all, expected {TRICKS_PER_HAND} (52 cards, two a trick)"
        )
    return tricks_a, other


def _check_tricks(name: str, tricks: object) -> None:
    """A number of tricks: a whole number from 0 to 26."""
    whole = isinstance(tricks, int) and not isinstance(tricks, bool)
    if not whole or not 0 <= tricks <= TRICKS_PER_HAND:
        raise GameError(
            f"Chinese bridge {name} {tricks!r}: expected a whole number "
            f"0 to {TRICKS_PER_HAND}"
        )
