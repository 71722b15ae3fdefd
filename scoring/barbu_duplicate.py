"""Duplicate Barbu: the same deals at every table of a round, compared seat by seat.

In a duplicate Barbu every table of a round is dealt the same seven hands,
and deal k is played in the same contract everywhere (the tournament checks
it), so the points a seat scores on a contract compare with what the same
seat scored on it at the other tables, exactly as a pairs event compares a
board's scores. The rule book (shared/seeds/004) knows only the table of
four; this follows duplicate pairs practice (EBU/FFB matchpoints):

- for each contract of a round and each seat (N, E, S, W), the seat's points
  at each table are matchpointed against the same seat's points at the other
  tables: 2 for each score beaten, 1 for each tie (``scoring.matchpoints``),
  a top of 2(n - 1) at n tables;
- a player's figure is his matchpoints over the tops of the deals he played,
  as a percentage; players are ranked on it, level percentages sharing the
  place. A contract not yet entered at a second table has no top and does
  not count, so a sit-out or a missing table never weighs on anybody.

Plain data in, plain data out: the caller gives each deal as where it was
played and each seat's player and points.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from scoring.matchpoints import matchpoints, top
from scoring.ranking import rank

SEATS = ("N", "E", "S", "W")
PlayerKey = Hashable


@dataclass(frozen=True)
class DuplicateDeal:
    """One contract at one table: ``board`` names the duplicated deal (e.g.
    (round, contract)), ``seats`` each seat's (player, points)."""

    board: Hashable
    table: Hashable
    seats: Mapping[str, tuple[PlayerKey, int]]


@dataclass(frozen=True)
class DuplicateTotal:
    """A player's line: matchpoints, their top, the percentage, raw points."""

    player: PlayerKey
    matchpoints: float
    top: float
    percentage: float
    points: int
    deals: int
    rank: str


def seat_matchpoints(
    tables: Mapping[Hashable, Mapping[str, int]], top_per_beat: float = 2
) -> dict[Hashable, dict[str, float]]:
    """One duplicated deal: each table's matchpoints by seat, seat against seat.

    ``tables`` maps each table to its points by seat. With two tables a seat
    scores 2 when it did better than the same seat at the other table, 1
    for the same points, 0 when worse.
    """
    names = list(tables)
    scored: dict[Hashable, dict[str, float]] = {name: {} for name in names}
    for seat in SEATS:
        points = [tables[name][seat] for name in names]
        for name, value in zip(names, matchpoints(points, top_per_beat), strict=True):
            scored[name][seat] = value
    return scored


def rank_duplicate(
    deals: Iterable[DuplicateDeal], top_per_beat: float = 2
) -> list[DuplicateTotal]:
    """Every player's matchpoints and percentage over ``deals``, best first."""
    boards: dict[Hashable, list[DuplicateDeal]] = defaultdict(list)
    for deal in deals:
        boards[deal.board].append(deal)
    earned: dict[PlayerKey, float] = defaultdict(float)
    tops: dict[PlayerKey, float] = defaultdict(float)
    points: dict[PlayerKey, int] = defaultdict(int)
    played: dict[PlayerKey, int] = defaultdict(int)
    for board, played_at in boards.items():
        tables = [deal.table for deal in played_at]
        if len(set(tables)) != len(tables):
            raise ValueError(f"deal {board!r} is given twice for one table")
        scored = seat_matchpoints(
            {d.table: {s: d.seats[s][1] for s in SEATS} for d in played_at},
            top_per_beat,
        )
        board_top = top(len(played_at), top_per_beat)
        for deal in played_at:
            for seat in SEATS:
                player, value = deal.seats[seat]
                earned[player] += scored[deal.table][seat]
                tops[player] += board_top
                points[player] += value
                played[player] += 1
    percentage = {
        player: 100 * earned[player] / tops[player] if tops[player] else 0.0
        for player in played
    }
    order = sorted(played, key=lambda player: -percentage[player])
    places = rank([percentage[player] for player in order])
    return [
        DuplicateTotal(
            player=player,
            matchpoints=earned[player],
            top=tops[player],
            percentage=percentage[player],
            points=points[player],
            deals=played[player],
            rank=place,
        )
        for player, place in zip(order, places, strict=True)
    ]
