"""Hand records from a dealer program's PBN file, attached to an event's boards.

Dealer programs (BigDeal, Dealer4, dealing machines' software) write one
game per board with ``[Board]``, ``[Dealer]``, ``[Vulnerable]`` and
``[Deal]``.  Each deal goes to the event's boards of that number, in every
section.  A board whose dealer or vulnerability is not the one its number
gives (the standard 16-board cycle) is reported, not refused: some clubs
deal a set twice with other numbers.  A malformed file is refused with its
line number and nothing is stored.

A file that carries the double-dummy analysis (Bridgewebs and most dealer
programs write ``[OptimumResultTable]`` and/or ``[DoubleDummyTricks]``, and
``[OptimumScore]``) gives each board its table straight away, and its par
(worked out from the table when the solver is installed, else the file's
score); a board given another deal loses an analysis that no longer fits.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from games.bridge import board_dealer, board_vulnerability
from games.double_dummy import DoubleDummyTable, available
from games.errors import GameError
from games.pbn import PbnGame, read_pbn
from tournaments.importers.limits import pbn_board
from tournaments.models import Board, Event
from tournaments.services.analysis import ANALYSIS_FIELDS, board_analysis_set


@dataclass
class HandRecordImport:
    """What an import did: boards given a deal, and the warnings to show."""

    attached: int = 0
    warnings: list[str] = field(default_factory=list)


@transaction.atomic
def import_hand_records(
    event: Event, data: bytes | str, *, session: int | None = None
) -> HandRecordImport:
    """Attach each game's deal to the event's boards of that number.

    With ``session`` only that session's boards get them: a second session
    that plays boards 1-24 again plays other deals.  Raises ``GameError``
    (naming the line) for a malformed file, a game without a board number or
    a deal, or a session the event does not have; nothing is stored then.
    """
    games = read_pbn(data)
    deals: dict[int, tuple[str, str | None, str | None, int]] = {}
    analyses: dict[int, PbnGame] = {}
    for game in games:
        number = pbn_board(game)
        deal = game.deal
        if number is None or deal is None:
            raise GameError(
                _("Line %(line)d: a hand record needs [Board] and [Deal]")
                % {"line": game.line}
            )
        deals[number] = (deal.to_pbn(), game.dealer, game.vulnerability, game.line)
        analyses[number] = game
    report = HandRecordImport()
    boards = Board.objects.filter(section__session__event=event)
    if session is not None:
        if not event.sessions.filter(number=session).exists():
            raise GameError(
                _("This event has no session %(number)d") % {"number": session}
            )
        boards = boards.filter(section__session__number=session)
    for board in boards:
        found = deals.get(board.number)
        if found is None:
            continue
        pbn, dealer, vulnerability, line = found
        if dealer and dealer != board_dealer(board.number):
            report.warnings.append(
                _(
                    "Board %(board)d (line %(line)d): dealer %(dealer)s, but board "
                    "%(board)d is dealt by %(expected)s"
                )
                % {
                    "board": board.number,
                    "line": line,
                    "dealer": dealer,
                    "expected": board_dealer(board.number),
                }
            )
        expected = board_vulnerability(board.number)
        if vulnerability and vulnerability != expected:
            report.warnings.append(
                _(
                    "Board %(board)d (line %(line)d): vulnerable %(vulnerable)s, "
                    "but board %(board)d is %(expected)s"
                )
                % {
                    "board": board.number,
                    "line": line,
                    "vulnerable": vulnerability,
                    "expected": expected,
                }
            )
        if board.deal != pbn:
            board.dd_tricks, board.par_score, board.par_contracts = "", None, ""
        board.deal = pbn
        _analysis(board, analyses[board.number])
        report.attached += 1
    Board.objects.bulk_update(list(boards), ["deal", *ANALYSIS_FIELDS])
    missing = sorted(set(deals) - {b.number for b in boards})
    if missing:
        report.warnings.append(
            _("No board numbered %(numbers)s in this event")
            % {"numbers": ", ".join(map(str, missing))}
        )
    return report


def _analysis(board: Board, game: PbnGame) -> None:
    """Give the board the double-dummy table and par its game carries, if any."""
    table = _file_table(game)
    if table is None:
        return
    if available():
        board_analysis_set(board, table)
        return
    board.dd_tricks = table.to_pbn()
    board.par_score, board.par_contracts = _file_par(game), ""


def _file_table(game: PbnGame) -> DoubleDummyTable | None:
    """The table of ``[OptimumResultTable]``, else of ``[DoubleDummyTricks]``.

    The result table comes first: some exports write a ``[DoubleDummyTricks]``
    that disagrees with it (Bridgewebs writes 1 for some 2-trick entries).
    """
    rows = game.table("OptimumResultTable")
    try:
        if rows is not None and rows.rows:
            return DoubleDummyTable.from_rows(
                (row["Declarer"], row["Denomination"], int(row["Result"]))
                for row in rows.rows
            )
        if game.tags.get("DoubleDummyTricks"):
            return DoubleDummyTable.from_pbn(game.tags["DoubleDummyTricks"])
    except (GameError, KeyError, TypeError, ValueError) as error:
        raise GameError(f"Line {game.line}: double-dummy analysis: {error}") from None
    return None


def _file_par(game: PbnGame) -> int | None:
    """``[OptimumScore "NS 450"]`` (or "EW 400") as NS's score."""
    side, _, points = game.tags.get("OptimumScore", "").strip().partition(" ")
    try:
        score = int(points)
    except ValueError:
        return None
    return score if side.upper() == "NS" else -score if side.upper() == "EW" else None
