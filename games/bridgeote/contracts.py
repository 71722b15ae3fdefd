"""Bridgeote contracts and the auction that reaches one.

A contract is a bid (80 to 160 by tens, or capot), a strain (a suit, TA or
SA) and its contre or surcontre; ``final_contract`` checks a whole auction by
the rule book (shared/seeds/003, « Enchères »). The tournament reads contracts
with ``parse_contract``; the auction is used only by the tests and kept as
the rule book's specification, executable.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from dataclasses import dataclass

from games.auction import AuctionRules, check_auction
from games.bridgeote.pack import (
    ALL_TOTAL,
    ALL_TRUMPS,
    ALL_TRUMPS_EXTRA,
    BIDS,
    CAPOT,
    CAPOT_TOTALS,
    DOUBLE_CALLS,
    NO_TRUMPS,
    PASS_CALLS,
    PLAIN_ORDER,
    REDOUBLE_CALLS,
    STRAINS,
    SUIT_FIRST,
    SUIT_TOTAL,
    TRUMP_ORDER,
    Variant,
    parse_card,
    seat_number,
    variant_of,
)
from games.cards import Card, Rank, Suit
from games.errors import GameError

_CONTRACT = re.compile(r"^(\d+|CAPOT)(TA|SA|[CDHS♣♦♥♠])(X{0,2})$")


def strain_of(contract: object) -> str:
    """The strain (C, D, H, S, TA or SA) of a strain or of a whole contract."""
    if isinstance(contract, BridgeoteContract):
        return contract.strain
    text = "".join(str(contract).split()).upper()
    if text in STRAINS:
        return text
    if len(text) == 1 and text in SUIT_FIRST:
        return Suit.parse(text).letter
    try:
        return parse_contract(text).strain
    except GameError:
        raise GameError(
            f'Bridgeote contract "{contract}": expected a strain S, H, D, C, TA (all '
            'trumps) or SA (no trumps), or a contract such as "80H"'
        ) from None


def trump_suit(strain: str) -> Suit | None:
    """The trump suit of a suit contract; None at TA and SA."""
    return None if strain in (ALL_TRUMPS, NO_TRUMPS) else Suit.parse(strain)


def is_trump(card: Card | str, contract: str | BridgeoteContract) -> bool:
    """Whether ``card`` is a trump: only in a suit contract, as nothing ruffs at TA."""
    return parse_card(card).suit == trump_suit(strain_of(contract))


def rank_order(suit: Suit | str, contract: str | BridgeoteContract) -> tuple[Rank, ...]:
    """The ranks of ``suit`` from strongest to weakest under ``contract``.

    Trumps and every suit at TA use the trump order; the other suits, and every
    suit at SA, the plain order.
    """
    strain = strain_of(contract)
    if strain == ALL_TRUMPS or Suit.parse(suit) == trump_suit(strain):
        return TRUMP_ORDER
    return PLAIN_ORDER


def card_total(strain: str) -> int:
    """The card points of the whole pack: 160 in a suit, 260 at TA and SA."""
    return SUIT_TOTAL if trump_suit(strain) is not None else ALL_TOTAL


@dataclass(frozen=True)
class BridgeoteContract:
    """A contract: ``bid`` 80 to 160 by tens or ``CAPOT``, a strain, doubling 0-2.

    ``strain`` is C, D, H, S, TA or SA; ``doubled`` 0, 1 (contre, X) or 2
    (surcontre, XX). ``str()`` gives "80H", "100TAX", "CAPOTSXX".
    """

    bid: int
    strain: str
    doubled: int = 0

    def __post_init__(self) -> None:
        if type(self.bid) is not int or self.bid not in BIDS:
            raise GameError(
                f"Bridgeote bid {self.bid!r}: expected 80 to 160 by tens, or capot"
            )
        if self.strain not in STRAINS:
            raise GameError(
                f"Bridgeote strain {self.strain!r}: expected C, D, H, S, TA or SA"
            )
        if type(self.doubled) is not int or self.doubled not in (0, 1, 2):
            raise GameError(
                f"Bridgeote doubling {self.doubled!r}: expected 0, 1 (contre) or "
                "2 (surcontre)"
            )

    @property
    def is_capot(self) -> bool:
        """A capot bid: the takers must win every trick."""
        return self.bid == CAPOT

    @property
    def trumps(self) -> Suit | None:
        """The trump suit; None at TA and SA."""
        return trump_suit(self.strain)

    @property
    def total(self) -> int:
        """What the whole deal is worth: 160 or 260, 250 or 350 for a capot bid."""
        if self.is_capot:
            return CAPOT_TOTALS[self.trumps is None]
        return card_total(self.strain)

    @property
    def target(self) -> int:
        """The points to make, announcements included: the bid, +50 at TA or SA.

        A capot bid is made by winning every trick; its target is its value.
        """
        if self.is_capot:
            return self.total
        return self.bid + (ALL_TRUMPS_EXTRA if self.trumps is None else 0)

    @property
    def rank(self) -> int:
        """Position in the bidding order (80C = 0 ... capot SA = 59): higher outbids."""
        return BIDS.index(self.bid) * len(STRAINS) + STRAINS.index(self.strain)

    def __str__(self) -> str:
        level = "CAPOT" if self.is_capot else str(self.bid)
        return f"{level}{self.strain}{'X' * self.doubled}"


def parse_contract(text: str | BridgeoteContract) -> BridgeoteContract:
    """Read a contract such as "80H", "90 TA", "100SAX", "capot S" or "CAPOT♠XX"."""
    if isinstance(text, BridgeoteContract):
        return text
    match = _CONTRACT.match("".join(str(text).split()).upper())
    if match is None:
        raise GameError(
            f'Bridgeote contract "{text}": expected a bid 80 to 160 or CAPOT, then '
            'C, D, H, S, TA or SA, then optionally X or XX, e.g. "80H", "90TAX"'
        )
    level, strain, doubling = match.groups()
    bid = CAPOT if level == "CAPOT" else int(level)
    if bid not in BIDS:
        raise GameError(
            f'Bridgeote contract "{text}": bid {level}, expected 80 to 160 by tens, '
            "or CAPOT"
        )
    if strain not in STRAINS:
        strain = Suit.parse(strain).letter
    return BridgeoteContract(bid, strain, len(doubling))


def final_contract(
    calls: Sequence[str], dealer: int, players: int = 4
) -> tuple[BridgeoteContract, int] | None:
    """Check an auction and return (final contract, taker's seat), or None.

    Calls go clockwise from the dealer's left: "P" (or "PASSE", "-"), a bid
    such as "80H" or "CAPOTTA", "X" (contre) or "XX" (surcontre). A bid must
    outbid the last one; the auction ends when all the other players pass
    after the last call, and None means everybody passed.
    """
    variant = variant_of(players)
    first = (seat_number(dealer, players, "dealer") + 1) % players
    order = [(first + number) % players for number in range(players)]
    return check_auction(calls, order, _auction_rules(variant))


def _auction_rules(variant: Variant) -> AuctionRules[BridgeoteContract, int]:
    """The auction at a table of ``variant``'s size, in the rule book's words.

    With teams the seats alternate, so the bidder's partners sit two apart;
    without, the taker picks one partner against all the others, so in the
    auction only the bidder himself is on his side.
    """
    players = variant.players
    return AuctionRules(
        game="Bridgeote",
        parse=parse_contract,
        pass_calls=PASS_CALLS,
        double_calls=DOUBLE_CALLS,
        redouble_calls=REDOUBLE_CALLS,
        same_side=(
            (lambda player, bidder: (player - bidder) % 2 == 0)
            if variant.teams
            else operator.eq
        ),
        double="contre",
        doubled="contré",
        redoubled_prefix="sur",
        own_side="only an opponent of the bidder may contre",
        other_side="only the contracting side may surcontre",
        doubling_hint=(
            "X against an opponent's bid, or XX by the contracting side after an X"
        ),
        unfinished=(
            f"expected {players - 1} passes after the last call "
            f"(or {players} for a passed-out deal)"
        ),
        label=lambda seat: f"seat {seat}",
    )
