"""Rank players on their total points over the deals they played (Barbu).

Barbu is not compared board by board: every table deals its own cards, and a
game's marks add up to zero (the seven contracts total -20 - 30 - 24 - 26 -
30 + 65 + 65), so players are ranked on the sum of their points, as club
sheets do.  Plain data in, plain data out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from scoring.ranking import rank

PlayerKey = Hashable


@dataclass(frozen=True)
class PlayerTotal:
    """A player's line of the ranking: points, deals played, place ("2=")."""

    player: PlayerKey
    points: int
    deals: int
    rank: str


def rank_totals(deals: Iterable[Mapping[PlayerKey, int]]) -> list[PlayerTotal]:
    """Each player's total over ``deals`` (player -> points), best first.

    Players level on points share the place; they keep the order in which
    they first appear.
    """
    points: dict[PlayerKey, int] = defaultdict(int)
    played: dict[PlayerKey, int] = defaultdict(int)
    for deal in deals:
        for player, value in deal.items():
            points[player] += value
            played[player] += 1
    order = sorted(points, key=lambda player: -points[player])
    places = rank([points[player] for player in order])
    return [
        PlayerTotal(player, points[player], played[player], place)
        for player, place in zip(order, places, strict=True)
    ]
