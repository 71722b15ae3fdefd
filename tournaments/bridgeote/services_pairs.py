"""Store a Bridgeote deal of a pairs event through the one write path.

The deal is checked and marked by the rule book (``checks.bridgeote_fields``)
and stored like any traveller line (``services.results.result_write``): the
pairs and the movement checked, audited, the section rescored.  The tablet,
the API, the director's traveller and the demo all enter deals here.
"""

from __future__ import annotations

from tournaments.bridgeote.checks import bridgeote_fields
from tournaments.models import Board, Event, Pair, Result
from tournaments.services.results import Placing, check_game, result_write


def bridgeote_result_submit(**kwargs: object) -> Result:
    """Store a Bridgeote deal (or correct ``result``); see
    ``bridgeote_result_enter``."""
    line, _created = bridgeote_result_enter(**kwargs)
    return line


def bridgeote_result_enter(
    *,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    key: str = "",
    **given: object,
) -> tuple[Result, bool]:
    """Store a Bridgeote deal (or correct ``result``) through the one write
    path; (line, created).

    ``given`` holds the deal, as ``bridgeote_fields`` names it (contract,
    declarer, card_points, and the announces and capot), and where the line
    sits, as ``Placing`` names it."""
    check_game(board, Event.Game.BRIDGEOTE)
    placing = {
        name: given.pop(name) for name in Placing.__optional_keys__ & given.keys()
    }
    fields = bridgeote_fields(**given)
    return result_write(board, fields, ns_pair, ew_pair, key=key, **placing)
