"""The tags that open every game Donne writes to PBN, pairs or teams."""

from __future__ import annotations

from games.pbn import PbnGame
from tournaments.models import Board, Event


def board_game(event: Event, board: Board, **place: str) -> PbnGame:
    """A new game for ``board``: the event, site and date, the ``place`` tags
    given (``Round``, ``Section``) and the board, its dealer, vulnerability
    and deal ("?" for what is not known)."""
    game = PbnGame()
    game.tags["Event"] = event.name
    game.tags["Site"] = event.club.name if event.club_id else "?"
    game.tags["Date"] = event.date.strftime("%Y.%m.%d")
    game.tags.update(place)
    game.tags["Board"] = str(board.number)
    game.tags["Dealer"] = board.dealer or "?"
    game.tags["Vulnerable"] = board.vulnerability or "?"
    game.tags["Deal"] = board.deal or "?"
    return game
