"""Players the caller names: picking one of them, the first by default.

Barbu's declarer and Chinese bridge's first dealer are chosen among the
players the caller gives; both are checked, and refused, the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.errors import GameError

__all__ = ["pick_player"]


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
