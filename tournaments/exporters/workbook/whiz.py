"""The workbook of a Whiz event: ranking, travellers, one scorecard a player.

Reads what the scorer stored, like the pages, so both hold the same numbers.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop
from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from tournaments.exporters.workbook import (
    PERCENT,
    POINTS,
    append_row,
    saved,
    sheet_formats,
    sheet_title,
    start_sheet,
)
from tournaments.models import Event, Section, WhizEntrant, WhizResult, WhizScore
from tournaments.services.whiz import seat_order

POSITIONS = ("N", "E", "S")
RANKING_HEADER = (
    gettext_noop("Rank"),
    gettext_noop("Player"),
    gettext_noop("Name"),
    "MP",
    gettext_noop("Top"),
    "%",
    gettext_noop("Boards"),
    gettext_noop("Sat out"),
)
TRAVELLER_HEADER = (
    gettext_noop("Board"),
    gettext_noop("Round"),
    gettext_noop("Table"),
    gettext_noop("Contract"),
    gettext_noop("Declarer"),
    gettext_noop("Tricks"),
    "N",
    gettext_noop("N points"),
    gettext_noop("N MP"),
    "E",
    gettext_noop("E points"),
    gettext_noop("E MP"),
    "S",
    gettext_noop("S points"),
    gettext_noop("S MP"),
    gettext_noop("Top"),
)
SCORECARD_HEADER = (
    gettext_noop("Board"),
    gettext_noop("Table"),
    gettext_noop("Hand"),
    gettext_noop("Contract"),
    gettext_noop("Declarer"),
    gettext_noop("Tricks"),
    gettext_noop("Points"),
    "MP",
    gettext_noop("Top"),
    "%",
)


def whiz_workbook(event: Event) -> Workbook:
    """Build the workbook of a Whiz event from the stored results."""
    section = Section.objects.get(session__event=event)
    results = list(
        WhizResult.objects.filter(board__section=section)
        .select_related("board", "round", "table", "north", "east", "south")
        .order_by("board__number", "north__number")
    )
    workbook = Workbook()
    ranking = workbook.active
    ranking.title = gettext("Ranking")
    _ranking_sheet(ranking, section)
    _traveller_sheet(workbook.create_sheet(gettext("Travellers")), results)
    for entrant in seat_order(section):
        title = sheet_title(f"{entrant.label} {entrant.display_name}")
        _scorecard_sheet(workbook.create_sheet(title), entrant, results)
    return workbook


def whiz_workbook_bytes(event: Event) -> bytes:
    """The workbook as the bytes of an .xlsx file."""
    return saved(whiz_workbook(event))


def _ranking_sheet(sheet: Worksheet, section: Section) -> None:
    start_sheet(sheet, RANKING_HEADER)
    scores = WhizScore.objects.filter(entrant__section=section).select_related(
        "entrant__player"
    )
    for score in scores:
        append_row(
            sheet,
            [
                score.rank, score.entrant.label, score.entrant.display_name,
                score.mp, score.top, round(score.pct / 100, 6), score.boards,
                score.sit_out_boards,
            ],
        )  # fmt: skip
    sheet_formats(sheet, {"MP": POINTS, "Top": POINTS, "%": PERCENT})


def _marks(result: WhizResult, position: str) -> list[object]:
    lower = position.lower()
    points = getattr(result, f"adjusted_{lower}") or getattr(result, f"points_{lower}")
    entrant = result.players()[position]
    return [entrant.label, points, getattr(result, f"mp_{lower}")]


def _traveller_sheet(sheet: Worksheet, results: list[WhizResult]) -> None:
    start_sheet(sheet, TRAVELLER_HEADER)
    for result in results:
        append_row(
            sheet,
            [
                result.board.number,
                result.round.number if result.round else None,
                result.table.number if result.table else None,
                result.contract or "Adjusted",
                result.declarer,
                result.tricks,
                *[cell for position in POSITIONS for cell in _marks(result, position)],
                result.top,
            ],
        )
    sheet_formats(sheet, {"N MP": POINTS, "E MP": POINTS, "S MP": POINTS})


def _scorecard_sheet(
    sheet: Worksheet, entrant: WhizEntrant, results: list[WhizResult]
) -> None:
    start_sheet(sheet, SCORECARD_HEADER)
    lower = entrant.line.lower()
    for result in results:
        if result.players()[entrant.line].pk != entrant.pk:
            continue
        pct = getattr(result, f"pct_{lower}")
        append_row(
            sheet,
            [
                result.board.number,
                result.table.number if result.table else None,
                entrant.line,
                result.contract or "Adjusted",
                result.declarer,
                result.tricks,
                getattr(result, f"adjusted_{lower}")
                or getattr(result, f"points_{lower}"),
                getattr(result, f"mp_{lower}"),
                result.top,
                None if pct is None else round(pct / 100, 6),
            ],
        )
    sheet_formats(sheet, {"MP": POINTS, "Top": POINTS, "%": PERCENT})
