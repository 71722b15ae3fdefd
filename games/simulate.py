"""Plausible club-night table results for a deal: demo data, not a bridge engine.

Demo events need travellers that read like a real club night: games bid on
most boards where they belong, the odd slam, contracts that go one or two
down, a doubled part-score now and then. A bidding and double-dummy engine
would be overkill; these rules of thumb are enough:

* Passed out: no hand is worth an opening (the strongest holds at most
  ``PASS_OUT_MAX_HCP`` and nobody has a six-card suit to pre-empt with).
* Declaring side: the side with more high-card points; on a close deal the
  weaker side sometimes wins a part-score battle with a trump fit.
* Strain: an 8+ card major fit; else no-trump with no singleton or void in
  either hand; else an 8+ card minor fit; else the longest combined suit
  (no-trump for a game or slam).
* Level: from the side's points (HCP, plus length and shortness once a
  trump fit is found): part-scores up to ~22, game more and more often from
  22 to 27 and always above, small slams sometimes from 30, grands from 33;
  minor-suit games are mostly played in 3NT.
* Declarer: the hand with more trumps, or the stronger hand in no-trump.
* Tricks: an estimate from HCP, fit, ruffing value and the trump split, plus
  the lie of the cards (drawn from the deal, so shared by every table) and a
  table's own spread (drawn from ``rng``).
* Doubles: some failing part-scores are doubled when the defence holds
  values; a few failing games too, and rarely a part-score that makes.
* Lead: by the hand on declarer's left, a suit chosen by the usual lead
  preferences (sequences, length against no-trump, short suits against a
  trump contract, not declarer's suit) and the card by the usual conventions.

Everything is drawn from the ``random.Random`` given, so a seed replays the
same results.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from games.bridge import (
    MAX_TRICKS,
    PASS,
    Contract,
    Denomination,
    board_dealer,
    is_vulnerable,
)
from games.cards import BRIDGE_RANKS, Card, Rank, Seat, Suit
from games.deal import HIGH_CARD_POINTS, Deal

__all__ = ["TableResult", "estimate_contract", "simulate_table_result"]

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

# Tricks: about 7 in no-trump with 20 HCP and 0.38 a point more; a fit adds
# tricks by its length and the short hand's ruffs, less so in slam zone where
# the high cards take the tricks anyway.
BASE_TRICKS = 7.0
BASE_HCP = 20
TRICKS_PER_HCP = 0.38
FIT_TRICKS: dict[int, float] = {7: 0.3, 8: 1.0, 9: 1.6, 10: 2.2, 11: 2.7, 12: 3.0}
RUFF_TRICKS: dict[int, float] = {0: 1.0, 1: 0.5}
FIT_FADE_FROM_HCP = 26
FIT_FADE_PER_HCP = 0.1
FIT_MIN_SHARE = 0.3
BAD_SPLIT_GAP = 3  # defenders' trumps 3-0, 4-1, 4-0, 5-1...: a trick less
BAD_SPLIT_TRICKS = 0.7
LONG_SUIT_NT_TRICKS = 0.3  # in no-trump, per card of a long suit beyond seven
DEAL_LUCK_SD = 0.7  # the lie of the cards, the same at every table
TABLE_SPREAD_SD = 0.9  # declarer play and defence, table by table
MAX_UNDERTRICKS = 5

# Doubles, by the undertricks of a failing part-score when the defence holds
# values; failing games and making part-scores are doubled more rarely.
DOUBLE_MIN_DEFENCE_HCP = 15
DOUBLE_MIN_LEVEL = 2
DOUBLE_PART_SCORE_CHANCE: dict[int, float] = {1: 0.15, 2: 0.3, 3: 0.45}
DOUBLE_GAME_MIN_UNDERTRICKS = 2
DOUBLE_GAME_CHANCE = 0.2
DOUBLE_MADE_CHANCE = 0.04

# Opening lead preferences, as points for a suit (the best suit is led).
LEAD_LENGTH_NT = 1.0  # per card against no-trump: lead the long suit
LEAD_LENGTH_SUIT = 0.2
LEAD_SEQUENCE = 2.5  # two touching honours at the top: KQ, QJ, JT
LEAD_ACE_KING = 3.0
LEAD_SHORT_SUIT: dict[int, float] = {1: 2.0, 2: 0.5}  # against a trump contract
LEAD_DECLARER_SUIT = -2.5  # a suit the declaring side holds five of
LEAD_AWAY_FROM_ACE = -2.0  # against a trump contract
LEAD_AWAY_FROM_KING = -1.0
LEAD_TRUMP = -4.0
LEAD_JITTER = 2.0  # leaders differ: a random part of each suit's points
SEQUENCE_MIN_RANK = Rank.TEN
FOURTH_BEST = 4


@dataclass(frozen=True)
class TableResult:
    """One table's result as a traveller holds it, in the forms PBN uses.

    ``contract`` is e.g. "4S", "3NTX" or "Pass"; ``declarer`` "N", "E", "S",
    "W" ("" when passed out); ``tricks`` taken by declarer (0 when passed
    out); ``lead`` the opening lead, suit then rank, e.g. "SQ" ("" if none).
    """

    contract: str
    declarer: str
    tricks: int
    lead: str

    @property
    def passed_out(self) -> bool:
        """True when nobody bid: the board scores 0."""
        return self.contract == str(PASS)


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


def simulate_table_result(
    deal: Deal, board: int, rng: random.Random, *, ns_edge: float = 0.0
) -> TableResult:
    """One table's plausible result on ``deal`` played as board ``board``.

    ``board`` sets dealer and vulnerability. ``ns_edge`` is how many tricks
    better North-South play and defend than East-West (pair strength in a
    demo); it is 0 for two equal pairs.
    """
    choice = _choose(deal, board, rng)
    if choice is None:
        return TableResult(str(PASS), "", 0, "")
    needed = 6 + choice.contract.level
    edge = ns_edge if choice.declarer.side == "NS" else -ns_edge
    expected = _expected_tricks(choice) + _deal_luck(deal, choice) + edge
    tricks = round(expected + rng.gauss(0, TABLE_SPREAD_SD))
    tricks = max(0, needed - MAX_UNDERTRICKS, min(MAX_TRICKS, tricks))
    contract = _with_double(choice, tricks - needed, rng)
    lead = _opening_lead(deal, choice, rng)
    return TableResult(str(contract), choice.declarer.letter, tricks, str(lead))


def estimate_contract(deal: Deal, board: int) -> tuple[str, str]:
    """The most likely contract and declarer, e.g. ("4S", "N"), or ("Pass", "").

    The same rules as :func:`simulate_table_result`, each borderline choice
    settled the likelier way instead of at random.
    """
    choice = _choose(deal, board, None)
    if choice is None:
        return str(PASS), ""
    return str(choice.contract), choice.declarer.letter


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


def _expected_tricks(choice: _Choice) -> float:
    """Declarer's tricks on an average lie of the cards."""
    side, suit = choice.side, choice.contract.denomination.suit
    tricks = BASE_TRICKS + (side.hcp - BASE_HCP) * TRICKS_PER_HCP
    if suit is None:
        longest = side.fit(side.best_fit())
        return tricks + max(0, longest - 7) * LONG_SUIT_NT_TRICKS
    fit = side.fit(suit)
    bonus = FIT_TRICKS.get(min(fit, max(FIT_TRICKS)), 0.0)
    bonus += RUFF_TRICKS.get(side.shortness(suit), 0.0)
    fade = 1 - max(0, side.hcp - FIT_FADE_FROM_HCP) * FIT_FADE_PER_HCP
    tricks += bonus * max(FIT_MIN_SHARE, fade)
    split = [choice.defence.lengths[seat][suit] for seat in choice.defence.seats]
    if max(split) - min(split) >= BAD_SPLIT_GAP:
        tricks -= BAD_SPLIT_TRICKS
    return tricks


def _deal_luck(deal: Deal, choice: _Choice) -> float:
    """Finesses and splits: drawn from the deal itself, so every table shares it."""
    key = f"{deal.to_pbn()}|{choice.side.seats[0]}|{choice.contract.denomination}"
    return random.Random(key).gauss(0, DEAL_LUCK_SD)


def _with_double(choice: _Choice, result: int, rng: random.Random) -> Contract:
    """The contract, doubled when the defence would have doubled it.

    ``result`` is the tricks over (or, negative, under) the contract. Only a
    competitive part-score (two or three of something against a defence with
    values) or a game going at least two down is doubled.
    """
    contract = choice.contract
    is_game = contract.level >= GAME_LEVELS[contract.denomination]
    competitive = (
        not is_game
        and contract.level >= DOUBLE_MIN_LEVEL
        and choice.defence.hcp >= DOUBLE_MIN_DEFENCE_HCP
    )
    chance = 0.0
    if competitive and result < 0:
        chance = _from_table(
            DOUBLE_PART_SCORE_CHANCE, -result, max(DOUBLE_PART_SCORE_CHANCE.values())
        )
    elif competitive:
        chance = DOUBLE_MADE_CHANCE
    elif is_game and -result >= DOUBLE_GAME_MIN_UNDERTRICKS:
        chance = DOUBLE_GAME_CHANCE
    if rng.random() < chance:
        return Contract(contract.level, contract.denomination, 1)
    return contract


def _opening_lead(deal: Deal, choice: _Choice, rng: random.Random) -> Card:
    """The card led by declarer's left-hand opponent."""
    leader = choice.declarer.next()
    hand = deal.hand(leader) or frozenset()
    trumps = choice.contract.denomination.suit
    by_suit = {
        suit: sorted(
            (card for card in hand if card.suit == suit),
            key=lambda card: card.rank,
            reverse=True,
        )
        for suit in Suit
    }
    held = [suit for suit in Suit if by_suit[suit]]
    suit = max(
        held,
        key=lambda suit: (
            _lead_points(
                by_suit[suit],
                suit,
                trumps,
                choice,
                None if trumps is None else by_suit[trumps],
            )
            + rng.random() * LEAD_JITTER
        ),
    )
    return _lead_card(by_suit[suit], trumps is not None)


def _lead_points(
    cards: list[Card],
    suit: Suit,
    trumps: Suit | None,
    choice: _Choice,
    own_trumps: list[Card] | None,
) -> float:
    """How attractive a suit is to lead from, by the textbook preferences."""
    ranks = [card.rank for card in cards]
    points = len(cards) * (LEAD_LENGTH_NT if trumps is None else LEAD_LENGTH_SUIT)
    if suit == trumps:
        return points + LEAD_TRUMP
    if _touching(ranks) and ranks[1] >= SEQUENCE_MIN_RANK:
        points += LEAD_ACE_KING if ranks[0] == Rank.ACE else LEAD_SEQUENCE
    if trumps is not None:
        if own_trumps:
            points += LEAD_SHORT_SUIT.get(len(cards), 0.0)
        if ranks[0] == Rank.ACE and Rank.KING not in ranks:
            points += LEAD_AWAY_FROM_ACE
    if ranks[0] == Rank.KING and Rank.QUEEN not in ranks and len(cards) > 1:
        points += LEAD_AWAY_FROM_KING
    if any(choice.side.lengths[seat][suit] >= 5 for seat in choice.side.seats):
        points += LEAD_DECLARER_SUIT
    return points


def _touching(ranks: list[Rank]) -> bool:
    """The two top cards are in sequence, e.g. K-Q or J-T."""
    if len(ranks) < 2:
        return False
    return BRIDGE_RANKS.index(ranks[0]) - BRIDGE_RANKS.index(ranks[1]) == 1


def _lead_card(cards: list[Card], against_suit: bool) -> Card:
    """Top of a sequence, a doubleton or three small; the ace against a suit
    contract; fourth best from length; low from three to an honour."""
    ranks = [card.rank for card in cards]
    if len(cards) <= 2 or (_touching(ranks) and ranks[1] >= SEQUENCE_MIN_RANK):
        return cards[0]
    if against_suit and ranks[0] == Rank.ACE:
        return cards[0]
    if len(cards) >= FOURTH_BEST:
        return cards[FOURTH_BEST - 1]
    if HIGH_CARD_POINTS.get(ranks[0]):
        return cards[-1]
    return cards[0]
