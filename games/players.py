"""Players the caller names: picking one of them, the first by default, and
totalling their points on a score sheet.

Barbu's declarer and Chinese bridge's first dealer are chosen among the
players the caller gives; both are checked, and refused, the same way.  Both
games' score sheets total each player's points over their rows alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from games.errors import GameError

__all__ = ["pick_player", "player_totals"]


def pick_player(
    players: Sequence[str], chosen: str | None, what: str, default: str | None = None
) -> str:
    """``chosen`` if it is one of ``players`` (``default`` when None), else GameError.

    ``what`` names the choice at the start of the message, e.g. "Barbu
    declarer"; without a ``default``, None is refused like any other stranger.
    """
    name = default if chosen is None else chosen
    if name not in players:
        raise GameError(f"{what} {chosen!r}: expected one of {', '.join(players)}")
    return name


class PointsRow(Protocol):
    """A row of a score sheet: each player's points on one deal or hand."""

    @property
    def points(self) -> Mapping[str, int]: ...


def player_totals(players: Sequence[str], rows: Iterable[PointsRow]) -> dict[str, int]:
    """Each of ``players``' points summed over ``rows``, 0 for one with none,
    in the players' order."""
    totals = dict.fromkeys(players, 0)
    for row in rows:
        for name, points in row.points.items():
            totals[name] += points
    return totals
