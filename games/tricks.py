"""A hand and a trick, read and checked alike in every trick-taking game.

Barbu and Bridgeote read cards with their own pack's reader (52 or 36 cards)
and differ only in how many cards a hand or a trick may hold; the checks and
their messages are the same: distinct cards, given as a collection rather than
one text, no card both in the trick and in the hand of the player to play,
and a card played from the hand by the game's rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.cards import Card
from games.errors import GameError

__all__ = ["CardReader", "check_card", "read_hand", "read_trick"]

CardReader = Callable[[Card | str], Card]


def read_hand(
    hand: Iterable[Card | str], read_card: CardReader, largest: int, game: str = ""
) -> frozenset[Card]:
    """A hand of 1 to ``largest`` distinct cards, each read by ``read_card``.

    ``game`` starts the messages, e.g. "Bridgeote hand ...".
    """
    where = f"{game} hand".lstrip()
    if isinstance(hand, str):
        raise GameError(f"{where} {hand!r}: expected a collection of cards, not text")
    cards = [read_card(card) for card in hand]
    if not 1 <= len(cards) <= largest or len(set(cards)) != len(cards):
        raise GameError(
            f"{where} {_text(cards)}: expected 1 to {largest} distinct cards"
        )
    return frozenset(cards)


def read_trick(
    trick: Sequence[Card | str],
    hand: frozenset[Card],
    read_card: CardReader,
    players: int,
    complete: bool = False,
    game: str = "",
) -> tuple[Card, ...]:
    """The cards of a trick: distinct, none from ``hand``, one at most per player.

    A trick being played holds 0 to ``players`` - 1 cards (the player to play
    has not played yet); a ``complete`` one 1 to ``players``.
    """
    where = f"{game} trick".lstrip()
    if isinstance(trick, str):
        raise GameError(f"{where} {trick!r}: expected a sequence of cards, not text")
    cards = tuple(read_card(card) for card in trick)
    least, most = (1, players) if complete else (0, players - 1)
    if not least <= len(cards) <= most or len(set(cards)) != len(cards):
        raise GameError(
            f"{where} {_text(cards)}: expected {least} to {most} distinct cards"
        )
    shared = sorted(hand.intersection(cards))
    if shared:
        raise GameError(
            f"{where} {_text(cards)}: {shared[0]} is both in the trick and in the hand"
        )
    return cards


def check_card(
    card: Card, hand: frozenset[Card], allowed: frozenset[Card], rule: str, where: str
) -> None:
    """Refuse ``card`` if it is not in ``hand``, or not ``allowed`` by ``rule``.

    ``where`` starts the message: the game, or the contract being played.
    """
    if card not in hand:
        raise GameError(f"{where}: card {card} is not in the hand")
    if card not in allowed:
        raise GameError(f"{where}: {card} cannot be played: {rule}")


def _text(cards: Iterable[Card]) -> str:
    """Cards for a message, e.g. "SA HK D2", or "(empty)"."""
    return " ".join(map(str, cards)) or "(empty)"
