"""Rank the players of an individual bridge event on their sides' matchpoints.

In an individual each board is matchpointed as in pairs bridge, and each
player scores what his side scored on it: the N and S players the NS line's
matchpoints, E and W the EW line's.  A player's percentage is his matchpoints
over the tops of the boards he played; a board he sat out counts for
nothing either way (FFB and EBU individual practice: a sit-out is not
averaged in).  Players level on percentage share the place ("3=").  Plain
data in, plain data out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.ranking import rank


@dataclass(frozen=True)
class SideScore:
    """One side of one traveller line: its two players, matchpoints and top."""

    players: tuple[int, int]
    mp: float
    top: float


@dataclass(frozen=True)
class PlayerScore:
    """A player's line of the ranking."""

    player: int
    mp: float
    top: float
    pct: float
    boards: int
    rank: str


def rank_players(sides: Iterable[SideScore]) -> list[PlayerScore]:
    """Each player's matchpoints, top, percentage and boards, best first
    (ties in player order)."""
    mp: dict[int, float] = defaultdict(float)
    top: dict[int, float] = defaultdict(float)
    boards: dict[int, int] = defaultdict(int)
    for side in sides:
        for player in side.players:
            mp[player] += side.mp
            top[player] += side.top
            boards[player] += 1
    pct = {p: round(100 * mp[p] / top[p], 2) if top[p] else 0.0 for p in mp}
    order = sorted(mp, key=lambda p: (-pct[p], p))
    places = rank([pct[p] for p in order])
    return [
        PlayerScore(p, round(mp[p], 2), top[p], pct[p], boards[p], place)
        for p, place in zip(order, places, strict=True)
    ]
