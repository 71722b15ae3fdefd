"""The Réussite, Barbu's seventh contract, played card by card.

Specification of the rule book (shared/seeds/004, « La Réussite »): the
declarer chooses the starting rank, each suit is opened by that rank and grows
one rank up or down, a player must lay a card when he can, and the finishing
order scores 45, 20, 10 and -10. The tournament records only the finishing
order, so this is used by the tests alone and kept as the executable statement
of the book.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.barbu.contracts import RANK_INDEX, check_players
from games.barbu.play import check_full_deal, read_card, read_hand, suit_name
from games.cards import Card, Rank, Suit
from games.errors import GameError
from games.players import pick_player


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
    for card in read_hand(hand):
        row = rows.get(card.suit)
        index = RANK_INDEX[card.rank]
        if row is None:
            if card.rank == height:
                playable.add(card)
        elif index in (RANK_INDEX[row[0]] - 1, RANK_INDEX[row[1]] + 1):
            playable.add(card)
    return frozenset(playable)


def _start_rank(start: Rank | str) -> Rank:
    rank = Rank.parse(start)
    if rank not in RANK_INDEX:
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
        if not (low in RANK_INDEX and high in RANK_INDEX and low <= start <= high):
            raise GameError(
                f"Réussite row {suit_name(suit)} {low}-{high}: expected the lowest "
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
        self.players = check_players(list(hands))
        self.start = _start_rank(start)
        self._hands = {name: set(read_hand(hands[name])) for name in self.players}
        check_full_deal(self._hands)
        first = pick_player(
            self.players, declarer, "Réussite declarer", self.players[0]
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
        laid = read_card(card)
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
        return pick_player(self.players, player, "Réussite player")

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
