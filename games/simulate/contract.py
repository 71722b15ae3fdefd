"""Choosing the contract and declarer: sides, pass-outs, strain, level."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from games.bridge import Contract, Denomination, board_dealer, is_vulnerable
from games.cards import Seat, Suit
from games.deal import Deal

MAJORS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS)
MINORS: tuple[Suit, ...] = (Suit.DIAMONDS, Suit.CLUBS)
FIT = 8  # cards in the two hands that make a trump fit

# Passed-out boards: nobody opens with at most this strength and no long suit.
PASS_OUT_MAX_HCP = 11
PASS_OUT_CHANCE = 0.8
PREEMPT_LENGTH = 6

# Points added to HCP once a trump fit is found: each trump beyond eight, and
# the shortness of the hand with fewer trumps (void, singleton, doubleton).
EXTRA_TRUMP_POINTS = 1
SHORTNESS_POINTS: dict[int, int] = {0: 3, 1: 2, 2: 1}

# Chance of bidding game, a small slam, a grand slam by the side's points;
# below a table's first entry the chance is 0, above its last the given "sure".
GAME_CHANCE: dict[int, float] = {
    22: 0.05,
    23: 0.15,
    24: 0.35,
    25: 0.6,
    26: 0.85,
    27: 0.95,
}
GAME_SURE = 1.0
VULNERABLE_GAME_EXTRA = 0.1  # vulnerable games pay more: pushed a bit more often
SMALL_SLAM_CHANCE: dict[int, float] = {30: 0.2, 31: 0.4, 32: 0.65, 33: 0.8}
SMALL_SLAM_SURE = 0.9
GRAND_SLAM_CHANCE: dict[int, float] = {33: 0.05, 34: 0.15, 35: 0.3, 36: 0.5}
GRAND_SLAM_SURE = 0.8
# A minor-suit game: five of the minor from these points, else often 3NT.
MINOR_GAME_POINTS = 29
MINOR_GAME_CHANCE = 0.2
GAME_LEVELS: dict[Denomination, int] = {
    Denomination.C: 5,
    Denomination.D: 5,
    Denomination.H: 4,
    Denomination.S: 4,
    Denomination.NT: 3,
}
# Part-scores: invitations declined from this many points (2NT, 3 of a suit).
NT_INVITE_POINTS = 23
SUIT_INVITE_POINTS = 24
MINOR_THREE_LEVEL_POINTS = 22

# Part-score battles: on a deal this close in HCP, the side with a fit and
# fewer points outbids the other with this chance (more with nine trumps).
COMPETE_MAX_HCP_GAP = 4
COMPETE_MAX_POINTS = 24  # a side this strong bids its game and is not outbid
COMPETE_CHANCE: dict[int, float] = {8: 0.25, 9: 0.4}
CONTESTED_MIN_HCP = 15  # defenders with this much push a part-score up a level
CONTESTED_RAISE_CHANCE = 0.3
DECLARER_SWAP_CHANCE = 0.15  # the other hand declares (transfers, who bid first)


@dataclass(frozen=True)
class _Side:
    """One partnership's holding: its two seats, HCP and suit lengths."""

    seats: tuple[Seat, Seat]
    hcp: int
    lengths: dict[Seat, dict[Suit, int]]

    def fit(self, suit: Suit) -> int:
        """The cards of ``suit`` in the two hands."""
        return sum(self.lengths[seat][suit] for seat in self.seats)

    def best_fit(self, suits: tuple[Suit, ...] = tuple(Suit)) -> Suit:
        """The suit with most cards, the higher-ranking on a tie."""
        return max(suits, key=lambda suit: (self.fit(suit), suit))

    def shortness(self, trumps: Suit) -> int:
        """The shortest side suit of the hand with fewer trumps (its ruffs)."""
        short = min(self.seats, key=lambda seat: self.lengths[seat][trumps])
        return min(
            length for suit, length in self.lengths[short].items() if suit != trumps
        )

    def no_shortness(self) -> bool:
        """Neither hand has a singleton or a void: fit for no-trump."""
        return all(min(self.lengths[seat].values()) >= 2 for seat in self.seats)


@dataclass(frozen=True)
class _Choice:
    """A contract before play: who declares what, against whom."""

    contract: Contract
    declarer: Seat
    side: _Side
    defence: _Side


def _chance(rng: random.Random | None, probability: float) -> bool:
    """True with ``probability``; without ``rng``, True when it is likelier."""
    if rng is None:
        return probability >= 0.5
    return rng.random() < probability


def _from_table(table: Mapping[int, float], points: int, sure: float) -> float:
    """A chance from a points table: 0 below it, ``sure`` above it."""
    if points < min(table):
        return 0.0
    if points > max(table):
        return sure
    return table[points]


def _lengths(deal: Deal, seat: Seat) -> dict[Suit, int]:
    """How many cards of each suit the seat holds."""
    hand = deal.hand(seat) or frozenset()
    return {suit: sum(card.suit == suit for card in hand) for suit in Suit}


def _sides(deal: Deal) -> tuple[_Side, _Side]:
    """North-South and East-West."""
    lengths = {seat: _lengths(deal, seat) for seat in Seat}

    def side(first: Seat, second: Seat) -> _Side:
        return _Side((first, second), deal.hcp(first) + deal.hcp(second), lengths)

    return side(Seat.N, Seat.S), side(Seat.E, Seat.W)


def _is_passed_out(deal: Deal, rng: random.Random | None) -> bool:
    """Nobody has an opening bid nor a long suit to pre-empt with."""
    strongest = max(deal.hcp(seat) for seat in Seat)
    longest = max(max(_lengths(deal, seat).values()) for seat in Seat)
    if strongest > PASS_OUT_MAX_HCP or longest >= PREEMPT_LENGTH:
        return False
    return _chance(rng, PASS_OUT_CHANCE)


def _first_from_dealer(board: int, seats: tuple[Seat, Seat]) -> Seat:
    """Of two partners, the one who speaks first in the auction."""
    dealer = Seat.parse(board_dealer(board))
    return min(seats, key=lambda seat: (seat - dealer) % 4)


def _choose(deal: Deal, board: int, rng: random.Random | None) -> _Choice | None:
    """Declaring side, strain, level and declarer, or None for a pass-out."""
    if _is_passed_out(deal, rng):
        return None
    ns, ew = _sides(deal)
    if ns.hcp != ew.hcp:
        strong, weak = (ns, ew) if ns.hcp > ew.hcp else (ew, ns)
    else:
        dealer_side = Seat.parse(board_dealer(board)).side
        strong, weak = sorted(
            (ns, ew),
            key=lambda side: (
                side.fit(side.best_fit()),
                side.seats[0].side == dealer_side,
            ),
            reverse=True,
        )
    weak_fit = weak.fit(weak.best_fit())
    if (
        strong.hcp - weak.hcp <= COMPETE_MAX_HCP_GAP
        and _points(strong, _strain(strong)) < COMPETE_MAX_POINTS
        and weak_fit >= FIT
        and _chance(rng, COMPETE_CHANCE[min(weak_fit, max(COMPETE_CHANCE))])
    ):
        return _competitive(deal, weak, strong, board, rng)
    strain = _strain(strong)
    points = _points(strong, strain)
    vulnerable = is_vulnerable(board, strong.seats[0])
    level, strain = _level(strong, weak, strain, points, vulnerable, rng)
    declarer = _declarer(deal, strong, strain, board, rng)
    return _Choice(Contract(level, strain), declarer, strong, weak)


def _competitive(
    deal: Deal, side: _Side, defence: _Side, board: int, rng: random.Random | None
) -> _Choice:
    """The weaker side outbids the other in its fit: two, or three with nine."""
    suit = side.best_fit()
    level = 2 if side.fit(suit) <= FIT else 3
    strain = Denomination(suit)
    declarer = _declarer(deal, side, strain, board, rng)
    return _Choice(Contract(level, strain), declarer, side, defence)


def _strain(side: _Side) -> Denomination:
    """Major fit, else no-trump if both hands suit it, else minor or long suit."""
    major = side.best_fit(MAJORS)
    if side.fit(major) >= FIT:
        return Denomination(major)
    if side.no_shortness():
        return Denomination.NT
    return Denomination(side.best_fit())


def _points(side: _Side, strain: Denomination) -> int:
    """HCP, plus length and shortness points once a trump fit is found."""
    suit = strain.suit
    if suit is None or side.fit(suit) < FIT:
        return side.hcp
    extra = (side.fit(suit) - FIT) * EXTRA_TRUMP_POINTS
    return side.hcp + extra + SHORTNESS_POINTS.get(side.shortness(suit), 0)


def _level(
    side: _Side,
    defence: _Side,
    strain: Denomination,
    points: int,
    vulnerable: bool,
    rng: random.Random | None,
) -> tuple[int, Denomination]:
    """How high the side goes, and the strain it ends in.

    Games and slams without a trump fit are played in no-trump, and so are
    most minor-suit games short of ``MINOR_GAME_POINTS``.
    """
    high = strain
    if strain.suit is not None and side.fit(strain.suit) < FIT:
        high = Denomination.NT
    if _chance(rng, _from_table(GRAND_SLAM_CHANCE, points, GRAND_SLAM_SURE)):
        return 7, high
    if _chance(rng, _from_table(SMALL_SLAM_CHANCE, points, SMALL_SLAM_SURE)):
        return 6, high
    game = _from_table(GAME_CHANCE, points, GAME_SURE)
    if vulnerable and game:
        game = min(1.0, game + VULNERABLE_GAME_EXTRA)
    if _chance(rng, game):
        if (
            high.suit in MINORS
            and points < MINOR_GAME_POINTS
            and not _chance(rng, MINOR_GAME_CHANCE)
        ):
            high = Denomination.NT
        return GAME_LEVELS[high], high
    return _part_score_level(side, defence, strain, points, rng), strain


def _part_score_level(
    side: _Side,
    defence: _Side,
    strain: Denomination,
    points: int,
    rng: random.Random | None,
) -> int:
    """1NT or 2NT; two of a major, three after a declined invitation; 2-3 minor."""
    if strain == Denomination.NT:
        return 2 if points >= NT_INVITE_POINTS else 1
    suit = strain.suit
    if suit in MINORS:
        level = 3 if points >= MINOR_THREE_LEVEL_POINTS or side.fit(suit) > FIT else 2
    else:
        level = 3 if points >= SUIT_INVITE_POINTS else 2
    contested = (
        defence.hcp >= CONTESTED_MIN_HCP and defence.fit(defence.best_fit()) >= FIT
    )
    if level == 2 and contested and _chance(rng, CONTESTED_RAISE_CHANCE):
        level = 3
    return level


def _declarer(
    deal: Deal,
    side: _Side,
    strain: Denomination,
    board: int,
    rng: random.Random | None,
) -> Seat:
    """More trumps declares (more HCP, then first to speak, on a tie); the
    stronger hand in no-trump. Sometimes the partner, as at real tables."""
    first = _first_from_dealer(board, side.seats)
    suit = strain.suit
    ranked = sorted(
        side.seats,
        key=lambda seat: (
            0 if suit is None else side.lengths[seat][suit],
            deal.hcp(seat),
            seat == first,
        ),
        reverse=True,
    )
    if _chance(rng, DECLARER_SWAP_CHANCE):
        return ranked[1]
    return ranked[0]
