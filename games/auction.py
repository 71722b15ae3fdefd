"""The auction Whiz-Bridge and Bridgeote both check, call by call.

The two rule books describe the same auction: the players call in turn; a bid
must outbid the last one; an opponent of the bidder may double it once and
the bidder's side then redouble; the others all passing after a call ends it,
and everybody passing passes the deal out. They differ only in their words
(double and redouble in Whiz, contre and surcontre in Bridgeote), their
calls and their sides (in Whiz every other player is an opponent; in the
team variants of Bridgeote partners are on the same side). ``AuctionRules``
declares those differences for one game and ``check_auction`` is the loop.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Generic, Protocol, TypeVar

from games.errors import GameError

__all__ = ["AuctionRules", "Bid", "check_auction"]


class Bid(Protocol):
    """What the auction needs of a game's contract (a frozen dataclass).

    ``doubled`` is 0, 1 (doubled) or 2 (redoubled); ``rank`` orders the bids,
    a higher one outbidding a lower one.
    """

    doubled: int

    @property
    def rank(self) -> int:
        """The contract's position in the bidding order."""
        ...


ContractT = TypeVar("ContractT", bound=Bid)
PlayerT = TypeVar("PlayerT")


@dataclass(frozen=True)
class AuctionRules(Generic[ContractT, PlayerT]):
    """One game's auction: its calls, its sides and the words of its messages.

    ``same_side(player, bidder)`` says whether ``player`` may redouble rather
    than double ``bidder``'s bid. ``double`` is the verb ("double"), ``doubled``
    its participle and ``redoubled_prefix`` what makes it the redouble's ("re").
    ``own_side`` says why a player cannot double his own side's bid,
    ``other_side`` why an opponent cannot redouble (``{bidder}`` names the
    bidder), ``doubling_hint`` what is expected instead and ``unfinished`` how
    many passes end the auction. ``label`` names a player in messages.
    """

    game: str
    parse: Callable[[str], ContractT]
    pass_calls: frozenset[str]
    double_calls: frozenset[str]
    redouble_calls: frozenset[str]
    same_side: Callable[[PlayerT, PlayerT], bool]
    double: str
    doubled: str
    redoubled_prefix: str
    own_side: str
    other_side: str
    doubling_hint: str
    unfinished: str
    label: Callable[[PlayerT], str] = str

    def doubling(
        self, last: ContractT | None, bidder: PlayerT, player: PlayerT, times: int
    ) -> ContractT:
        """The last bid doubled (times 1) or redoubled (2), if ``player`` may say so.

        Otherwise GameError says what is wrong, without the call it comes from
        (which the auction adds).
        """
        if last is None:
            problem = f"there is no bid to {self.double}"
        elif times == 1 and self.same_side(player, bidder):
            problem = self.own_side
        elif times == 2 and not self.same_side(player, bidder):
            problem = self.other_side.format(bidder=bidder)
        elif last.doubled >= times:
            prefix = self.redoubled_prefix * (last.doubled - 1)
            problem = f"{last} is already {prefix}{self.doubled}"
        elif last.doubled < times - 1:
            problem = f"{last} is not {self.doubled}"
        else:
            return replace(last, doubled=times)
        raise GameError(problem)


def check_auction(
    calls: Sequence[str],
    order: Sequence[PlayerT],
    rules: AuctionRules[ContractT, PlayerT],
) -> tuple[ContractT, PlayerT] | None:
    """Check an auction and return (final contract, its bidder), or None if passed out.

    ``order`` is the players in calling order from the first to call; the
    calls go round it. A call is a pass, a double, a redouble or a bid that
    ``rules.parse`` reads (case and spaces do not matter).
    """
    game = f"{rules.game} auction"
    seats = len(order)
    last: ContractT | None = None
    bidder = order[0]  # read only once a bid is made, which sets it
    passes = 0
    for number, call in enumerate(calls):
        player = order[number % seats]
        where = f"call {number + 1} ({rules.label(player)}) {call!r}"
        if passes == (seats if last is None else seats - 1):
            raise GameError(f"{game}: {where} comes after the auction ended")
        text = "".join(str(call).split()).upper()
        if text in rules.pass_calls:
            passes += 1
            continue
        if text in rules.double_calls or text in rules.redouble_calls:
            times = 1 if text in rules.double_calls else 2
            try:
                last = rules.doubling(last, bidder, player, times)
            except GameError as error:
                raise GameError(
                    f"{game}: {where}: {error}; expected {rules.doubling_hint}"
                ) from None
        else:
            try:
                bid = rules.parse(text)
            except GameError as error:
                raise GameError(f"{game}: {where}: {error}") from error
            if bid.doubled:
                raise GameError(f'{game}: {where}: expected a bid, "X" or "XX"')
            if last is not None and bid.rank <= last.rank:
                raise GameError(
                    f"{game}: {where} is insufficient, expected a bid "
                    f"higher than {replace(last, doubled=0)}"
                )
            last, bidder = bid, player
        passes = 0
    if last is None and passes == seats:
        return None
    if last is None or passes < seats - 1:
        raise GameError(f"{game} {list(calls)!r}: unfinished, {rules.unfinished}")
    return last, bidder
