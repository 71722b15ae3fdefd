"""Hand records from a dealer program's PBN file, attached to an event's boards.

Dealer programs (BigDeal, Dealer4, dealing machines' software) write one
game per board with ``[Board]``, ``[Dealer]``, ``[Vulnerable]`` and
``[Deal]``.  Each deal goes to the event's boards of that number, in every
section.  A board whose dealer or vulnerability is not the one its number
gives (the standard 16-board cycle) is reported, not refused: some clubs
deal a set twice with other numbers.  A malformed file is refused with its
line number and nothing is stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from games.bridge import board_dealer, board_vulnerability
from games.errors import GameError
from games.pbn import read_pbn
from tournaments.models import Board, Event


@dataclass
class HandRecordImport:
    """What an import did: boards given a deal, and the warnings to show."""

    attached: int = 0
    warnings: list[str] = field(default_factory=list)


@transaction.atomic
def import_hand_records(event: Event, data: bytes | str) -> HandRecordImport:
    """Attach each game's deal to the event's boards of that number.

    Raises ``GameError`` (naming the line) for a malformed file or a game
    without a board number or a deal; nothing is stored then.
    """
    games = read_pbn(data)
    deals: dict[int, tuple[str, str | None, str | None, int]] = {}
    for game in games:
        number = game.board
        deal = game.deal
        if number is None or deal is None:
            raise GameError(f"Line {game.line}: a hand record needs [Board] and [Deal]")
        deals[number] = (deal.to_pbn(), game.dealer, game.vulnerability, game.line)
    report = HandRecordImport()
    boards = Board.objects.filter(section__session__event=event)
    for board in boards:
        found = deals.get(board.number)
        if found is None:
            continue
        pbn, dealer, vulnerability, line = found
        if dealer and dealer != board_dealer(board.number):
            report.warnings.append(
                f"Board {board.number} (line {line}): dealer {dealer}, but board "
                f"{board.number} is dealt by {board_dealer(board.number)}"
            )
        expected = board_vulnerability(board.number)
        if vulnerability and vulnerability != expected:
            report.warnings.append(
                f"Board {board.number} (line {line}): vulnerable {vulnerability}, "
                f"but board {board.number} is {expected}"
            )
        board.deal = pbn
        report.attached += 1
    Board.objects.bulk_update(list(boards), ["deal"])
    missing = sorted(set(deals) - {b.number for b in boards})
    if missing:
        report.warnings.append(
            "No board numbered " + ", ".join(map(str, missing)) + " in this event"
        )
    return report
