"""Whiz-Bridge: three players and the dummy "Domy"; contracts, auctions, marks.

Each deal, the three human players bid for a contract of 7 to 13 tricks; the
last bidder becomes the declarer and plays with the Domy against the two
others. In a Donne tournament the Domy is the West hand of every board, as in
the rule book's example, and the three players hold North, East and South.

Two marks exist: the "standard" (competition) mark and the "simplified" one;
either can be played "pas de mieux" (super-Whiz, ``exact=True``), where every
overtrick counts as an undertrick. Figures follow the French rule book.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass

from games.auction import AuctionRules, check_auction
from games.errors import GameError

__all__ = [
    "DENOMINATIONS",
    "DOMY_SEAT",
    "HUMAN_SEATS",
    "MARKS",
    "WhizContract",
    "deal_score",
    "final_contract",
    "parse_contract",
    "player_points",
]

MARKS: tuple[str, ...] = ("standard", "simplified")
HUMAN_SEATS: tuple[str, ...] = ("N", "E", "S")
DOMY_SEAT = "W"
SEATS: tuple[str, ...] = ("N", "E", "S", "W")  # clockwise, the order of calls
DENOMINATIONS: tuple[str, ...] = ("C", "D", "H", "S", "NT")  # in bidding order
MIN_LEVEL, MAX_LEVEL = 7, 13
# Lowest game level by denomination; every contract from there up to 11 is a
# game ("contrat de manche"), 12 is a small slam and 13 a grand slam.
GAME_LEVELS: dict[str, int] = {"C": 11, "D": 11, "H": 10, "S": 10, "NT": 9}
GAME_BONUS, SMALL_SLAM_BONUS, GRAND_SLAM_BONUS = 10, 20, 40
# Standard mark, indexed by doubling (undoubled, X, XX).
DOUBLING_FACTORS: tuple[int, ...] = (1, 2, 4)  # per trick bid; x2 per overtrick
RISK_BONUS: tuple[int, ...] = (0, 10, 20)  # "prime de risque"
UNDERTRICK_POINTS: tuple[int, ...] = (5, 10, 20)  # to each defender
PASS_CALLS = frozenset({"P", "PASS", "PASSE", "-"})
_CONTRACT = re.compile(r"^(\d+)([A-Z]+?)(X{0,2})$")
_SPELLINGS: dict[str, str] = {**{d: d for d in DENOMINATIONS}, "SA": "NT"}


@dataclass(frozen=True)
class WhizContract:
    """A Whiz contract: level 7-13, denomination C, D, H, S or NT, doubled 0-2.

    ``doubled`` is 0 (undoubled), 1 (X) or 2 (XX); ``str()`` gives "10S", "9NTX".
    """

    level: int
    denomination: str
    doubled: int = 0

    def __post_init__(self) -> None:
        level = self.level
        if type(level) is not int or not MIN_LEVEL <= level <= MAX_LEVEL:
            raise GameError(f"Whiz contract level {level!r}: expected 7 to 13")
        if self.denomination not in DENOMINATIONS:
            raise GameError(
                f"Whiz contract denomination {self.denomination!r}: "
                "expected C, D, H, S or NT"
            )
        if type(self.doubled) is not int or self.doubled not in (0, 1, 2):
            raise GameError(
                f"Whiz contract doubling {self.doubled!r}: expected 0, 1 (X) or 2 (XX)"
            )

    @property
    def is_game(self) -> bool:
        """A game contract: 9-11NT, 10-11 in a major, 11 in a minor (slams are not)."""
        return GAME_LEVELS[self.denomination] <= self.level <= 11

    @property
    def is_small_slam(self) -> bool:
        """A small slam: any 12-level contract."""
        return self.level == 12

    @property
    def is_grand_slam(self) -> bool:
        """A grand slam: any 13-level contract."""
        return self.level == 13

    @property
    def bonus(self) -> int:
        """The standard mark's game or slam bonus for making it (doubling aside)."""
        slam = {12: SMALL_SLAM_BONUS, 13: GRAND_SLAM_BONUS}.get(self.level, 0)
        return slam or (GAME_BONUS if self.is_game else 0)

    @property
    def rank(self) -> int:
        """Position in the bidding order (7C = 0 ... 13NT = 34): higher outbids."""
        strain = DENOMINATIONS.index(self.denomination)
        return (self.level - MIN_LEVEL) * len(DENOMINATIONS) + strain

    def __str__(self) -> str:
        return f"{self.level}{self.denomination}{'X' * self.doubled}"


def parse_contract(text: str | WhizContract) -> WhizContract:
    """Read a contract such as "10S", "9NT", "9SA", "12HX" or "13ntxx".

    Case and spaces do not matter and "SA" (sans-atout) is the French NT, so
    scores typed by hand at the table are accepted as written.
    """
    if isinstance(text, WhizContract):
        return text
    if not isinstance(text, str):
        raise GameError(f'Whiz contract {text!r}: expected text like "10S" or "9NTX"')
    match = _CONTRACT.match("".join(text.split()).upper())
    if match is None:
        raise GameError(
            f'Whiz contract "{text}": expected a level 7-13, then C, D, H, S, NT '
            'or SA, then optionally X or XX, e.g. "10S", "9NTX"'
        )
    level, spelling, doubling = match.groups()
    if spelling not in _SPELLINGS:
        raise GameError(
            f'Whiz contract "{text}": denomination "{spelling}", '
            "expected C, D, H, S, NT or SA"
        )
    if not MIN_LEVEL <= int(level) <= MAX_LEVEL:
        raise GameError(f'Whiz contract "{text}": level {level}, expected 7 to 13')
    return WhizContract(int(level), _SPELLINGS[spelling], len(doubling))


def deal_score(
    contract: str | WhizContract,
    tricks: int,
    mark: str = "standard",
    exact: bool = False,
) -> tuple[int, int]:
    """Score one deal: (the declarer's points, the points of EACH defender).

    ``tricks`` is what the declarer and the Domy took. Only one side scores:
    the declarer when the contract is made, each defender when it goes down.
    With ``exact`` ("pas de mieux") each overtrick counts as an undertrick.
    """
    played = parse_contract(contract)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise GameError(f"Whiz tricks {tricks!r}: expected a whole number 0 to 13")
    if mark not in MARKS:
        raise GameError(f'Whiz mark "{mark}": expected "standard" or "simplified"')
    over = tricks - played.level
    if exact and over > 0:
        over = -over
    if mark == "simplified":
        return (2 * played.level, 0) if over >= 0 else (0, played.level)
    if over < 0:
        return 0, -over * UNDERTRICK_POINTS[played.doubled]
    factor = DOUBLING_FACTORS[played.doubled]
    points = factor * (played.level + 2 * over)
    return points + played.bonus + RISK_BONUS[played.doubled], 0


def player_points(
    contract: str | WhizContract,
    declarer: str,
    tricks: int,
    mark: str = "standard",
    exact: bool = False,
    humans: Sequence[str] = HUMAN_SEATS,
) -> dict[str, int]:
    """Each human seat's points on one deal, the Domy having none of its own.

    The declarer gets the declarer's points and each other human the defender
    points, which is what a Whiz tournament adds up per player.
    """
    seat = str(declarer).strip().upper()
    if seat not in humans:
        domy = "".join(free for free in SEATS if free not in humans)
        raise GameError(
            f'Whiz declarer "{declarer}": expected one of the players '
            f"{', '.join(humans)}; the Domy ({domy}) is never declarer"
        )
    mine, theirs = deal_score(contract, tricks, mark, exact)
    return {human: mine if human == seat else theirs for human in humans}


# In Whiz both other players are opponents: only the bidder is on his side.
_AUCTION: AuctionRules[WhizContract, str] = AuctionRules(
    game="Whiz",
    parse=parse_contract,
    pass_calls=PASS_CALLS,
    double_calls=frozenset({"X"}),
    redouble_calls=frozenset({"XX"}),
    same_side=operator.eq,
    double="double",
    doubled="doubled",
    redoubled_prefix="re",
    own_side="a player cannot double his own bid",
    other_side="only the bidder ({bidder}) may redouble",
    doubling_hint="X of another player's undoubled bid, or XX by the doubled bidder",
    unfinished=(
        "expected two passes after the last call "
        "(or three passes for a passed-out deal)"
    ),
)


def final_contract(
    calls: Sequence[str], dealer: str, domy: str = DOMY_SEAT
) -> tuple[WhizContract, str] | None:
    """Check an auction and return (final contract, declarer), or None if passed out.

    Calls go clockwise from the dealer (never the Domy), the Domy's turn
    skipped: "P" (or "PASS", "PASSE", "-" as in the rule book's table), a bid
    such as "8H", "X" or "XX". A bid must outbid the last one; X doubles the
    last bid of another player (in Whiz both others are opponents) if not yet
    doubled; XX is made by the doubled bidder himself, as the rule book says
    "celui-ci peut à son tour surcontrer". Two passes in a row after a call end
    the auction; three passes and no bid pass the deal out.
    """
    domy_seat = _seat(domy, "Domy seat")
    start = _seat(dealer, "dealer")
    if start == domy_seat:
        raise GameError(f'Whiz dealer "{dealer}": the Domy ({domy_seat}) never deals')
    order = [s for s in SEATS[SEATS.index(start) :] + SEATS if s != domy_seat][:3]
    return check_auction(calls, order, _AUCTION)


def _seat(text: str, what: str) -> str:
    """A seat letter N, E, S or W (any case), or GameError naming ``what``."""
    seat = str(text).strip().upper()
    if seat not in SEATS:
        raise GameError(f'Whiz {what} "{text}": expected N, E, S or W')
    return seat
