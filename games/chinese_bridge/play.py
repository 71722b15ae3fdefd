"""Chinese bridge play: legal cards, the winner of a trick, a hand in play.

Specification of the rule book (shared/seeds/001): the other player « doit
fournir » but need not ruff, a trick goes to the higher card of the suit led
or to the trump, and after each trick, while the piles last, the winner then
the loser draw a face-up card. The tournament's demo plays its hands with
``ChineseHand``; the tests hold the book's rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.cards import Card, Suit
from games.chinese_bridge.deal import ChineseDeal
from games.chinese_bridge.rules import (
    CARDS_PER_HAND,
    SUIT_BY_TEXT,
    TRICKS_PER_HAND,
    cards_text,
    hand_points,
    parse_card,
    read_cards,
    suit_name,
    trump_suit,
)
from games.errors import GameError


def legal_cards(
    hand: Iterable[Card | str],
    led: Card | Suit | str | None = None,
    trump: Suit | str | None = None,
) -> frozenset[Card]:
    """The cards of ``hand`` that may be played; ``led`` is the card or suit led.

    The leader plays any card. The other player « doit fournir »; if he cannot,
    he may ruff or discard as he likes (« on n'est pas obligé de couper »), so
    ``trump`` never restricts the choice: it is only checked.
    """
    cards = frozenset(_hand(hand))
    trump_suit(trump)
    if led is None:
        return cards
    if isinstance(led, Suit):
        suit = led
    elif isinstance(led, str) and led.strip().upper() in SUIT_BY_TEXT:
        suit = SUIT_BY_TEXT[led.strip().upper()]
    else:
        card = parse_card(led)
        if card in cards:
            raise GameError(
                f"Chinese bridge: the card led {card} is also in the hand "
                f"{cards_text(sorted(cards))}; expected the other player's card"
            )
        suit = card.suit
    following = frozenset(card for card in cards if card.suit == suit)
    return following or cards


def _hand(hand: Iterable[Card | str]) -> tuple[Card, ...]:
    """A hand of 1 to 11 distinct cards."""
    cards = read_cards(hand, "hand")
    if not 1 <= len(cards) <= CARDS_PER_HAND:
        raise GameError(
            f"Chinese bridge hand {cards_text(cards)}: {len(cards)} cards, expected "
            f"1 to {CARDS_PER_HAND}"
        )
    return cards


def trick_winner(
    lead_card: Card | str, reply_card: Card | str, trump: Suit | str | None
) -> int:
    """Who wins a trick: 0 for the leader, 1 for the other player.

    « le joueur qui a posé la carte la plus forte, si les deux cartes sont de
    même couleur, qui a coupé (joué un atout) si l'une des deux cartes est un
    atout, qui a posé la première carte » otherwise.
    """
    lead, reply = parse_card(lead_card), parse_card(reply_card)
    if lead == reply:
        raise GameError(
            f"Chinese bridge trick {lead} {reply}: the same card twice; "
            "expected two different cards"
        )
    suit = trump_suit(trump)
    if reply.suit == lead.suit:
        return 1 if reply.rank > lead.rank else 0
    return 1 if reply.suit == suit else 0


@dataclass(frozen=True)
class Trick:
    """One trick played: the leader (0 or 1), the two cards and the winner."""

    leader: int
    lead: Card
    reply: Card
    winner: int


class ChineseHand:
    """A hand in play: whose turn it is to play or draw, the piles, the tricks.

    « Le donneur a initialement la main. » After each trick, while the piles
    last, the winner draws a face-up card, then the loser, then the winner
    leads. ``play`` and ``draw`` act for whoever's turn it is and raise
    GameError for a card that may not be played or drawn.
    """

    def __init__(self, deal: ChineseDeal) -> None:
        if not isinstance(deal, ChineseDeal):
            raise GameError(
                f"Chinese bridge hand from {deal!r}: expected a ChineseDeal"
            )
        self.deal = deal
        self.dealer = deal.dealer
        self.trump: Suit | None = deal.trump
        self._hands = [set(deal.hands[0]), set(deal.hands[1])]
        self._piles = [list(pile) for pile in deal.piles]
        self._tricks = [0, 0]
        self._history: list[Trick] = []
        self._leader = deal.dealer
        self._lead: Card | None = None
        self._drawers: list[int] = []  # who still draws after the last trick

    @property
    def hands(self) -> tuple[frozenset[Card], frozenset[Card]]:
        """The cards each player holds now."""
        return frozenset(self._hands[0]), frozenset(self._hands[1])

    @property
    def piles(self) -> tuple[tuple[Card, ...], ...]:
        """The 6 piles, top (face-up) card first; an exhausted pile is empty."""
        return tuple(tuple(pile) for pile in self._piles)

    @property
    def shown(self) -> tuple[Card, ...]:
        """The face-up cards that may be drawn: the top of each pile left."""
        return tuple(pile[0] for pile in self._piles if pile)

    @property
    def tricks(self) -> tuple[int, int]:
        """The tricks each player has won so far."""
        return self._tricks[0], self._tricks[1]

    @property
    def history(self) -> tuple[Trick, ...]:
        """The referee's record of the tricks played, first first."""
        return tuple(self._history)

    @property
    def leader(self) -> int:
        """The player who leads the current trick (or the next one)."""
        return self._leader

    @property
    def lead(self) -> Card | None:
        """The card led to the current trick, or None before the lead."""
        return self._lead

    @property
    def finished(self) -> bool:
        """True once both hands are empty: the 26 tricks are played."""
        return not self._hands[0] and not self._hands[1]

    @property
    def to_draw(self) -> int | None:
        """The player who must draw a face-up card now, or None."""
        return self._drawers[0] if self._drawers else None

    @property
    def to_play(self) -> int | None:
        """The player who must play a card now, or None (a draw is due, or over)."""
        if self.finished or self._drawers:
            return None
        return self._leader if self._lead is None else 1 - self._leader

    @property
    def turn(self) -> int | None:
        """The player who acts next, to play or to draw; None once finished."""
        return self.to_draw if self._drawers else self.to_play

    @property
    def playable(self) -> frozenset[Card]:
        """The cards the player to play may play now (none while a draw is due)."""
        player = self.to_play
        if player is None:
            return frozenset()
        return legal_cards(self._hands[player], self._lead, self.trump)

    @property
    def points(self) -> tuple[int, int]:
        """Each player's points for the finished hand, see ``hand_points``."""
        if not self.finished:
            raise GameError(
                f"Chinese bridge hand not finished: {len(self._history)} tricks of "
                f"{TRICKS_PER_HAND} played; points are counted at the end"
            )
        return hand_points(*self._tricks)

    def play(self, card: Card | str) -> Trick | None:
        """Play a card for the player to play; return the trick once it is complete."""
        player = self._check_turn_to_play(card)
        played = parse_card(card)
        hand = self._hands[player]
        if played not in hand:
            raise GameError(
                f"Chinese bridge: player {player} cannot play {played}: not in the "
                f"hand {cards_text(sorted(hand))}"
            )
        allowed = legal_cards(hand, self._lead, self.trump)
        if self._lead is not None and played not in allowed:
            raise GameError(
                f"Chinese bridge: player {player} cannot play {played} on "
                f"{self._lead}: he must follow {suit_name(self._lead.suit)}, the "
                f"suit led, with {cards_text(sorted(allowed))}"
            )
        hand.remove(played)
        if self._lead is None:
            self._lead = played
            return None
        won = trick_winner(self._lead, played, self.trump)
        winner = self._leader if won == 0 else 1 - self._leader
        trick = Trick(self._leader, self._lead, played, winner)
        self._history.append(trick)
        self._tricks[winner] += 1
        self._leader, self._lead = winner, None
        if any(self._piles):
            self._drawers = [winner, 1 - winner]
        return trick

    def draw(self, card: Card | str) -> None:
        """Take a face-up card for the player to draw, turning up the card below.

        « Puis il choisit l'une des cartes découvertes ... et la place dans sa
        main. Il découvre ensuite la carte cachée qu'il a ainsi fait apparaître
        en sommet de pile (si la pile n'est pas vide). »
        """
        if not self._drawers:
            raise GameError(
                f"Chinese bridge: no draw is due for {card!r}; " + self._state_of_play()
            )
        player = self._drawers[0]
        taken = parse_card(card)
        for pile in self._piles:
            if pile and pile[0] == taken:
                pile.pop(0)
                break
        else:
            raise GameError(
                f"Chinese bridge: player {player} cannot draw {taken}: expected "
                f"one of the face-up cards {cards_text(self.shown)}"
            )
        self._hands[player].add(taken)
        self._drawers.pop(0)

    def _check_turn_to_play(self, card: Card | str) -> int:
        player = self.to_play
        if player is None:
            raise GameError(
                f"Chinese bridge: {card!r} cannot be played; " + self._state_of_play()
            )
        return player

    def _state_of_play(self) -> str:
        if self.finished:
            return f"the hand is over after {TRICKS_PER_HAND} tricks"
        if self._drawers:
            return (
                f"player {self._drawers[0]} must first draw one of the face-up "
                f"cards {cards_text(self.shown)}"
            )
        return f"player {self.to_play} is to play a card"
