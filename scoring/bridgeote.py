"""Duplicate Bridgeote for 3, 5, 6 or 7 players: individual marks compared seat
by seat.

The same deal is played at several tables of the same size; the player in a
seat holds the same cards at every table, so his individual mark on the deal
(``games.bridgeote.individual.seat_marks``) is compared with the marks of
that seat at the other tables: matchpoints by seat, 2 for each mark beaten
and 1 for each tie (top 2(n - 1) for n tables), as pairs are compared in
duplicate bridge and seats in duplicate barbu. The rule book is silent on
comparing tables; this follows the FFB's duplicate belote and tarot, which
compare the marks of the same cards.

Players are ranked on their percentage of the tops they could earn, then on
the sum of their marks (the rule book's game total). Plain data in and out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from scoring.matchpoints import matchpoints, top
from scoring.ranking import rank

PlayerKey = Hashable
DealKey = Hashable


@dataclass(frozen=True)
class TablePlay:
    """One table's play of deal ``deal``: who sat in each seat, each seat's mark."""

    deal: DealKey
    players: tuple[PlayerKey, ...]
    marks: tuple[int, ...]


@dataclass(frozen=True)
class SeatScore:
    """A seat's matchpoints at one table, with the deal's top."""

    player: PlayerKey
    mark: int
    mp: float
    top: float


@dataclass(frozen=True)
class IndividualStanding:
    """A player's line: percentage, matchpoints, tops, marks, deals, place."""

    player: PlayerKey
    pct: float
    mp: float
    tops: float
    points: int
    deals: int
    rank: str


def seat_matchpoints(plays: Sequence[TablePlay]) -> list[tuple[SeatScore, ...]]:
    """Each play's seats matchpointed against the same seat of the same deal.

    Raises ``ValueError`` when a play's players and marks differ in number or
    the tables of one deal are not all of one size (they would not hold the
    same cards).
    """
    by_deal: dict[DealKey, list[int]] = defaultdict(list)
    for index, play in enumerate(plays):
        if len(play.players) != len(play.marks):
            raise ValueError(
                f"deal {play.deal!r}: {len(play.players)} players but "
                f"{len(play.marks)} marks"
            )
        by_deal[play.deal].append(index)
    found: list[tuple[SeatScore, ...]] = [()] * len(plays)
    for deal, indexes in by_deal.items():
        seats = {len(plays[i].marks) for i in indexes}
        if len(seats) != 1:
            raise ValueError(
                f"deal {deal!r}: played at tables of {sorted(seats)} players; "
                "a deal is compared between tables of one size"
            )
        deal_top = top(len(indexes))
        columns = [
            matchpoints([plays[i].marks[seat] for i in indexes])
            for seat in range(seats.pop())
        ]
        for row, i in enumerate(indexes):
            play = plays[i]
            found[i] = tuple(
                SeatScore(player, mark, column[row], deal_top)
                for player, mark, column in zip(
                    play.players, play.marks, columns, strict=True
                )
            )
    return found


def individual_standings(plays: Sequence[TablePlay]) -> list[IndividualStanding]:
    """Players ranked on their percentage of the tops, then their marks' total.

    A deal played at a single table has a top of 0: it adds to the marks but
    not to the percentage. A player with no top yet stands at 50 %.
    """
    mp: dict[PlayerKey, float] = defaultdict(float)
    tops: dict[PlayerKey, float] = defaultdict(float)
    points: dict[PlayerKey, int] = defaultdict(int)
    deals: dict[PlayerKey, int] = defaultdict(int)
    for seats in seat_matchpoints(plays):
        for seat in seats:
            mp[seat.player] += seat.mp
            tops[seat.player] += seat.top
            points[seat.player] += seat.mark
            deals[seat.player] += 1
    pct = {
        player: round(100 * mp[player] / tops[player], 2) if tops[player] else 50.0
        for player in deals
    }
    order = sorted(deals, key=lambda player: (-pct[player], -points[player]))
    keys = [(pct[player], points[player]) for player in order]
    places = _places(keys)
    return [
        IndividualStanding(
            player,
            pct[player],
            mp[player],
            tops[player],
            points[player],
            deals[player],
            place,
        )
        for player, place in zip(order, places, strict=True)
    ]


def _places(keys: Sequence[tuple[float, int]]) -> list[str]:
    """Places on (percentage, marks), best first: "1", "2=", "2=", "4"."""
    ordinal = {key: index for index, key in enumerate(sorted(set(keys)))}
    return rank([ordinal[key] for key in keys])
