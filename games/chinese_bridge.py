"""Chinese bridge (bridge chinois): two players, tricks, and a draw from six piles.

The dealer gives 11 cards to each player and lays the other 30 face down in 6
piles of 5, then turns up the top card of each pile; the highest card shown
sets the trump, and there is none when every shown card is below the ten.
Each trick is two cards. While cards are left in the piles, the trick winner
and then the loser each take one face-up top card into the hand and turn up
the card it uncovers, so both hands keep 11 cards; once the piles are gone
the hands are played out. A hand is 26 tricks: 15 with a draw (30 cards, two
a trick), then 11 without. Each player scores his tricks. Figures and rules
follow the French rule book (shared/seeds/001).

Players are numbered 0 and 1 in ``deal``, ``ChineseDeal`` and ``ChineseHand``;
the score sheet ``ChineseGame`` names them ("A" and "B" by default), its first
name being player 0.

Where the rule book is silent or loose, Donne follows the common practice:

- Card text is written rank then suit, "AS", "TD", "10H", "9C"; the suit-first
  form of ``games.cards`` ("SA") is read too: in a 52-card pack the two forms
  are never ambiguous. Cards are printed suit first, as everywhere in Donne.
- Trump: the book gives the suit order with the card order (« l'ordre des
  cartes et des couleurs est le même qu'au bridge »), so between shown cards
  of the same rank the higher suit wins: spades, hearts, diamonds, clubs. A
  ten sets the trump (only cards « inférieure à 10 » leave the hand without
  trump). The trump is set once, from the six cards shown at the deal; cards
  turned up later never change it.
- A trump led wins against any card of another suit: the trick goes to the
  trump (« qui a coupé ... si l'une des deux cartes est un atout »).
- Dealing: one card at a time, alternately, the dealer's opponent first; then
  the piles one after the other, the last card laid on a pile being its top.
- Drawing: a player may take the face-up card of any pile that is not empty;
  the card it uncovers is turned up at once, before the other player draws.
- Points: one per trick (« le nombre de points correspondant »), so a hand is
  worth 26 points in all and either player's tricks give the other's.
- Game to a number of points: it ends after the hand in which a player reaches
  the target, and the higher total wins; equal totals play on, hand by hand,
  until they differ.
- Game to a number of hands: the number must be even (« il faut choisir un
  nombre pair »); equal totals after the last hand are a draw, without a
  winner, since a deciding hand would give one player an extra deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from random import Random

from games.cards import BRIDGE_RANKS, SUIT_SYMBOLS, Card, Rank, Suit, deck_52
from games.errors import GameError

__all__ = [
    "CARDS_PER_HAND",
    "CARDS_PER_PILE",
    "PILES",
    "PLAYERS",
    "TRICKS_PER_HAND",
    "ChineseDeal",
    "ChineseGame",
    "ChineseHand",
    "HandRow",
    "Trick",
    "deal",
    "hand_points",
    "legal_cards",
    "parse_card",
    "trick_winner",
    "trump_from_shown",
]

CARDS_PER_HAND = 11
PILES = 6
CARDS_PER_PILE = 5
TRICKS_PER_HAND = 26  # 52 cards, two a trick
PLAYERS: tuple[str, ...] = ("A", "B")
# Below this rank every shown card leaves the hand without trump.
TRUMP_THRESHOLD = Rank.TEN

_PACK = frozenset(deck_52())
_RANK_BY_TEXT: dict[str, Rank] = {
    **{rank.letter: rank for rank in BRIDGE_RANKS},
    "10": Rank.TEN,
}
_SUIT_BY_TEXT: dict[str, Suit] = {
    **{suit.letter: suit for suit in Suit},
    **{symbol: suit for suit, symbol in SUIT_SYMBOLS.items()},
}
_CARD_FORMS = 'a rank (2-9, T or 10, J, Q, K, A) and a suit (S, H, D, C), e.g. "AS"'


# ---------------------------------------------------------------- cards


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
            if rank_text in _RANK_BY_TEXT and suit_text in _SUIT_BY_TEXT:
                return Card(_SUIT_BY_TEXT[suit_text], _RANK_BY_TEXT[rank_text])
    raise GameError(f"Chinese bridge card {value!r}: expected {_CARD_FORMS}")


def _cards(values: Iterable[Card | str], what: str) -> tuple[Card, ...]:
    """Distinct cards read from a collection (not a single text), in order."""
    if isinstance(values, str) or not isinstance(values, Iterable):
        raise GameError(f"Chinese bridge {what} {values!r}: expected a list of cards")
    cards = tuple(parse_card(value) for value in values)
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise GameError(
                f"Chinese bridge {what} {_text(cards)}: {card} is given twice; "
                "expected distinct cards"
            )
        seen.add(card)
    return cards


def _text(cards: Iterable[Card]) -> str:
    """Cards for a message, e.g. "SA HK D2", or "(none)"."""
    return " ".join(map(str, cards)) or "(none)"


def _suit_name(suit: Suit) -> str:
    return suit.name.lower()


def _player(value: object, what: str) -> int:
    """A player number, 0 or 1."""
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return value
    raise GameError(f"Chinese bridge {what} {value!r}: expected player 0 or 1")


# ---------------------------------------------------------------- trump


def trump_from_shown(cards: Sequence[Card | str]) -> str | None:
    """The trump suit letter ("S", "H", "D", "C") set by the shown cards, or None.

    « Si toutes les cartes visibles ont une valeur inférieure à 10, la manche
    est jouée sans atout. Sinon, l'atout est fixé par la carte découverte la
    plus forte. » Equal ranks are ordered by suit: spades, hearts, diamonds,
    clubs, the bridge order the book gives.
    """
    suit = _shown_trump(cards)
    return None if suit is None else suit.letter


def _shown_trump(cards: Sequence[Card | str]) -> Suit | None:
    shown = _cards(cards, "shown cards")
    if not 1 <= len(shown) <= PILES:
        raise GameError(
            f"Chinese bridge shown cards {_text(shown)}: expected the 1 to {PILES} "
            "face-up cards on top of the piles"
        )
    highest = max(shown, key=lambda card: (card.rank, card.suit))
    return None if highest.rank < TRUMP_THRESHOLD else highest.suit


def _trump_suit(trump: Suit | str | None) -> Suit | None:
    """The trump as a Suit, None meaning no trump."""
    if trump is None or isinstance(trump, Suit):
        return trump
    if isinstance(trump, str) and trump.strip().upper() in _SUIT_BY_TEXT:
        return _SUIT_BY_TEXT[trump.strip().upper()]
    raise GameError(
        f"Chinese bridge trump {trump!r}: expected S, H, D or C, or None for no trump"
    )


# ---------------------------------------------------------------- the deal


@dataclass(frozen=True)
class ChineseDeal:
    """A dealt hand: each player's 11 cards, the 6 piles of 5 (top first), dealer.

    Cards may be given as text; they are stored as ``Card``. The 52 cards are
    each dealt exactly once.
    """

    hands: tuple[frozenset[Card], frozenset[Card]]
    piles: tuple[tuple[Card, ...], ...]
    dealer: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "dealer", _player(self.dealer, "dealer"))
        hands = tuple(
            frozenset(_sized(cards, f"player {number}'s hand", CARDS_PER_HAND))
            for number, cards in enumerate(_parts(self.hands, "hands", 2))
        )
        piles = tuple(
            _sized(pile, f"pile {number}", CARDS_PER_PILE)
            for number, pile in enumerate(_parts(self.piles, "piles", PILES))
        )
        dealt = [card for hand in hands for card in hand]
        dealt += [card for pile in piles for card in pile]
        if len(set(dealt)) != len(_PACK):
            twice = sorted({card for card in dealt if dealt.count(card) > 1})
            raise GameError(
                f"Chinese bridge deal: {_text(twice)} dealt twice; expected each "
                "of the 52 cards exactly once"
            )
        object.__setattr__(self, "hands", hands)
        object.__setattr__(self, "piles", piles)

    @property
    def shown(self) -> tuple[Card, ...]:
        """The 6 cards turned up on top of the piles, pile by pile."""
        return tuple(pile[0] for pile in self.piles)

    @property
    def trump(self) -> Suit | None:
        """The trump suit set by the shown cards, or None to play without trump."""
        return _shown_trump(self.shown)


def _parts(parts: object, what: str, count: int) -> tuple[object, ...]:
    """The ``count`` hands or piles of a deal, each to be read as cards."""
    if isinstance(parts, str) or not isinstance(parts, Iterable):
        parts = ()
    found = tuple(parts)
    if len(found) != count:
        raise GameError(
            f"Chinese bridge {what} {parts!r}: {len(found)} given, expected {count}"
        )
    return found


def _sized(cards: Iterable[Card | str], what: str, size: int) -> tuple[Card, ...]:
    """Exactly ``size`` distinct cards."""
    read = _cards(cards, what)
    if len(read) != size:
        raise GameError(
            f"Chinese bridge {what} {_text(read)}: {len(read)} cards, expected {size}"
        )
    return read


def deal(rng: Random, dealer: int = 0) -> ChineseDeal:
    """Shuffle and deal: 11 cards to each player, then 6 piles of 5 face down.

    « Le donneur distribue 11 cartes à chacun des 2 joueurs, puis distribue
    les cartes restantes en 6 piles de 5 cartes, face cachée. » One card at a
    time, the dealer's opponent first; each pile's last card is its top.
    """
    dealer = _player(dealer, "dealer")
    pack = deck_52()
    rng.shuffle(pack)
    dealt = 2 * CARDS_PER_HAND
    opponents, dealers = frozenset(pack[0:dealt:2]), frozenset(pack[1:dealt:2])
    hands = (dealers, opponents) if dealer == 0 else (opponents, dealers)
    piles = tuple(
        tuple(reversed(pack[start : start + CARDS_PER_PILE]))
        for start in range(dealt, len(pack), CARDS_PER_PILE)
    )
    return ChineseDeal(hands, piles, dealer)


# ---------------------------------------------------------------- trick play


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
    _trump_suit(trump)
    if led is None:
        return cards
    if isinstance(led, Suit):
        suit = led
    elif isinstance(led, str) and led.strip().upper() in _SUIT_BY_TEXT:
        suit = _SUIT_BY_TEXT[led.strip().upper()]
    else:
        card = parse_card(led)
        if card in cards:
            raise GameError(
                f"Chinese bridge: the card led {card} is also in the hand "
                f"{_text(sorted(cards))}; expected the other player's card"
            )
        suit = card.suit
    following = frozenset(card for card in cards if card.suit == suit)
    return following or cards


def _hand(hand: Iterable[Card | str]) -> tuple[Card, ...]:
    """A hand of 1 to 11 distinct cards."""
    cards = _cards(hand, "hand")
    if not 1 <= len(cards) <= CARDS_PER_HAND:
        raise GameError(
            f"Chinese bridge hand {_text(cards)}: {len(cards)} cards, expected "
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
    suit = _trump_suit(trump)
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
                f"hand {_text(sorted(hand))}"
            )
        allowed = legal_cards(hand, self._lead, self.trump)
        if self._lead is not None and played not in allowed:
            raise GameError(
                f"Chinese bridge: player {player} cannot play {played} on "
                f"{self._lead}: he must follow {_suit_name(self._lead.suit)}, the "
                f"suit led, with {_text(sorted(allowed))}"
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
                f"one of the face-up cards {_text(self.shown)}"
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
                f"cards {_text(self.shown)}"
            )
        return f"player {self.to_play} is to play a card"


# ---------------------------------------------------------------- points


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


@dataclass(frozen=True)
class HandRow:
    """One hand on the score sheet: who dealt it and each player's points."""

    dealer: str
    points: dict[str, int]


class ChineseGame:
    """A game's score sheet, played to ``points`` or to an even number of ``hands``.

    « La partie se joue en un nombre de points ou en un nombre de manches qui
    a été fixé à l'avance (par exemple 100 points, ou 12 manches). » Players
    deal in turn, ``first_dealer`` (the first player by default) first.
    """

    def __init__(
        self,
        *,
        points: int | None = None,
        hands: int | None = None,
        players: Sequence[str] = PLAYERS,
        first_dealer: str | None = None,
    ) -> None:
        if (points is None) == (hands is None):
            raise GameError(
                f"Chinese bridge game to points={points!r} and hands={hands!r}: "
                "expected either a number of points or a number of hands"
            )
        if points is not None and not _positive(points):
            raise GameError(
                f"Chinese bridge game to {points!r} points: expected a whole "
                "number of points above 0, e.g. 100"
            )
        if hands is not None and (not _positive(hands) or hands % 2):
            raise GameError(
                f"Chinese bridge game of {hands!r} hands: expected an even number "
                "above 0, e.g. 12, so that each player deals as often"
            )
        self.points_target = points
        self.hands_target = hands
        self.players = _names(players)
        first = self.players[0] if first_dealer is None else first_dealer
        if first not in self.players:
            raise GameError(
                f"Chinese bridge first dealer {first_dealer!r}: expected one of "
                f"{', '.join(self.players)}"
            )
        self._first = self.players.index(first)
        self._rows: list[HandRow] = []

    @property
    def rows(self) -> tuple[HandRow, ...]:
        """The hands recorded so far, in the order played."""
        return tuple(self._rows)

    @property
    def dealer(self) -> str:
        """The player who deals the next hand: « chaque joueur donne tour à tour »."""
        return self.players[(self._first + len(self._rows)) % 2]

    def totals(self) -> dict[str, int]:
        """Each player's points over the hands recorded so far."""
        totals = dict.fromkeys(self.players, 0)
        for row in self._rows:
            for name, points in row.points.items():
                totals[name] += points
        return totals

    @property
    def finished(self) -> bool:
        """True once the set hands are played, or a player is ahead at the target."""
        if self.hands_target is not None:
            return len(self._rows) == self.hands_target
        first, second = self.totals().values()
        return first != second and max(first, second) >= self.points_target

    @property
    def winner(self) -> str | None:
        """The player with more points once finished; None before, or for a draw."""
        if not self.finished:
            return None
        totals = self.totals()
        first, second = self.players
        if totals[first] == totals[second]:
            return None
        return first if totals[first] > totals[second] else second

    def record(self, tricks_a: int, tricks_b: int | None = None) -> HandRow:
        """Add a hand from each player's tricks, in the order of ``players``."""
        if self.finished:
            raise GameError(
                f"Chinese bridge game over after {len(self._rows)} hands "
                f"({self._score_text()}): no more hands can be recorded"
            )
        points = hand_points(tricks_a, tricks_b)
        row = HandRow(self.dealer, dict(zip(self.players, points, strict=True)))
        self._rows.append(row)
        return row

    def record_hand(self, hand: ChineseHand) -> HandRow:
        """Add a finished hand, checking that the right player dealt it."""
        if not isinstance(hand, ChineseHand):
            raise GameError(
                f"Chinese bridge hand {hand!r}: expected a finished ChineseHand"
            )
        dealer = self.players.index(self.dealer)
        if hand.dealer != dealer:
            raise GameError(
                f"Chinese bridge hand dealt by player {hand.dealer}: expected "
                f"player {dealer} ({self.dealer}), whose turn it is to deal"
            )
        return self.record(*hand.points)

    def new_hand(self, rng: Random) -> ChineseHand:
        """Deal the next hand, by the player whose turn it is to deal."""
        return ChineseHand(deal(rng, self.players.index(self.dealer)))

    def _score_text(self) -> str:
        return ", ".join(f"{name} {points}" for name, points in self.totals().items())


def _positive(number: object) -> bool:
    """A whole number above 0 (a bool is not a number here)."""
    return isinstance(number, int) and not isinstance(number, bool) and number > 0


def _names(players: Sequence[str]) -> tuple[str, str]:
    """Two distinct player names."""
    names = tuple(players) if not isinstance(players, str) else (players,)
    if (
        len(names) != 2
        or len(set(names)) != 2
        or not all(isinstance(name, str) and name.strip() for name in names)
    ):
        raise GameError(
            f"Chinese bridge players {players!r}: expected two distinct names"
        )
    return names[0], names[1]
