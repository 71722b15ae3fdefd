"""Pair the open and closed rooms of a teams match read from a PBN file.

A match exported to PBN (BBO vugraph, club programs) has one game per board
and room, told apart by ``[Room "Open"]`` / ``[Room "Closed"]``.  The NS
score of a game comes from its ``[Score]`` tag (PBN 2.1 section 4.2:
"NS 620", "EW -620", or a bare number from the declaring side's point of
view), or failing that from ``[Contract]``, ``[Declarer]`` and ``[Result]``
by Law 77.  The team sitting NS in the open room is the home team of the
resulting :class:`~scoring.teams.BoardRooms`.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.bridge import result_score, tricks_from_result
from games.pbn import PbnGame
from scoring.teams import BoardRooms

ROOMS: tuple[str, ...] = ("open", "closed")
SIDES: dict[str, int] = {"NS": 1, "EW": -1}
_UNKNOWN = frozenset({"", "?"})


def pbn_ns_score(game: PbnGame) -> int | None:
    """Return a game's score from North-South's side, or None when it has none.

    Raises ValueError, naming the game's line, for a score that cannot be read.
    """
    text = game.tags.get("Score", "").strip()
    if text in _UNKNOWN:
        return _score_from_result(game)
    words = text.split()
    side = words[0].upper() if len(words) == 2 else None
    number = words[-1]
    if len(words) > 2 or (side is not None and side not in SIDES):
        raise ValueError(
            f'game: Score tag "{text}" of the game at line {game.line} must be '
            '"NS <points>", "EW <points>" or "<points>"'
        )
    try:
        points = int(number)
    except ValueError:
        raise ValueError(
            f'game: Score tag "{text}" of the game at line {game.line} does not '
            "end with a whole number of points"
        ) from None
    if side is not None:
        return SIDES[side] * points
    declarer = game.tags.get("Declarer", "").strip().upper()
    if points == 0:
        return 0
    if declarer not in ("N", "E", "S", "W"):
        raise ValueError(
            f'game: Score tag "{text}" of the game at line {game.line} is from '
            "the declaring side, but the game has no declarer"
        )
    return points if declarer in "NS" else -points


def pbn_match_rooms(games: Iterable[PbnGame]) -> list[BoardRooms]:
    """Return each board of a PBN match with its open- and closed-room NS scores.

    Boards come in board-number order; a board found in one room only has
    None for the other.  Raises ValueError, naming the line, for a game
    without a board number or an open/closed ``[Room]`` tag, and for a board
    given twice in the same room.
    """
    found: dict[int, dict[str, int | None]] = {}
    for game in games:
        board = game.board
        room = game.tags.get("Room", "").strip().lower()
        if board is None or room not in ROOMS:
            raise ValueError(
                f"games: the game at line {game.line} needs a board number and "
                f'[Room "Open"] or [Room "Closed"]'
            )
        rooms = found.setdefault(board, {})
        if room in rooms:
            raise ValueError(
                f"games: board {board} appears twice in the {room} room "
                f"(again at line {game.line})"
            )
        rooms[room] = pbn_ns_score(game)
    return [
        BoardRooms(board, found[board].get("open"), found[board].get("closed"))
        for board in sorted(found)
    ]


def _score_from_result(game: PbnGame) -> int | None:
    """The NS score from Contract, Declarer and Result; None if they are missing."""
    contract = game.contract
    if contract is None:
        return None
    if contract.is_pass:
        return 0
    result = game.tags.get("Result", "").strip()
    if result in _UNKNOWN:
        return None
    vulnerability = game.vulnerability
    if vulnerability is None:
        raise ValueError(
            f"game: the game at line {game.line} has neither a board number nor "
            "a [Vulnerable] tag, so its result cannot be scored"
        )
    declarer = game.tags.get("Declarer", "").strip() or None
    tricks = tricks_from_result(contract, result)
    return result_score(
        contract, declarer, tricks, game.board or 1, vulnerability=vulnerability
    )
