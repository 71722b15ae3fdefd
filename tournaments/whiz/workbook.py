"""The workbook of a Whiz event: ranking, travellers, one scorecard a player.

Reads what the scorer stored, like the pages, so both hold the same numbers.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from django.utils.translation import gettext, gettext_noop

from tournaments.exporters.workbook import (
    PERCENT,
    POINTS,
    filled_sheet,
    rank_cells,
    saved,
    sheet_title,
)
from tournaments.exporters.workbook.book import Book
from tournaments.exporters.workbook.player_ranking import PLAYER_RANK_HEADER
from tournaments.models import Event, Section, WhizEntrant, WhizResult, WhizScore
from tournaments.selectors.standings import section_standings
from tournaments.whiz.services import seat_order

POSITIONS = ("N", "E", "S")
RANKING_HEADER = (
    *PLAYER_RANK_HEADER,
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


def whiz_workbook(event: Event) -> Book:
    """Build the workbook of a Whiz event from the stored results."""
    section = Section.objects.get(session__event=event)
    results = list(
        WhizResult.objects.filter(board__section=section)
        .select_related("board", "round", "table", "north", "east", "south")
        .order_by("board__number", "north__number")
    )
    workbook = Book()
    ranked = {"MP": POINTS, "Top": POINTS, "%": PERCENT}
    filled_sheet(
        workbook.active, gettext("Ranking"), RANKING_HEADER, _ranking(section), ranked
    )
    filled_sheet(
        workbook.create_sheet(),
        gettext("Travellers"),
        TRAVELLER_HEADER,
        (_traveller_row(result) for result in results),
        {"N MP": POINTS, "E MP": POINTS, "S MP": POINTS},
    )
    # Each player's results at their hand, indexed once (not a scan a player).
    played: dict[tuple[str, int], list[WhizResult]] = defaultdict(list)
    for result in results:
        for line, player in result.players().items():
            played[line, player.pk].append(result)
    for entrant in seat_order(section):
        filled_sheet(
            workbook.create_sheet(),
            sheet_title(f"{entrant.label} {entrant.display_name}"),
            SCORECARD_HEADER,
            _scorecard(entrant, played.get((entrant.line, entrant.pk), [])),
            ranked,
        )
    return workbook


def whiz_workbook_bytes(event: Event) -> bytes:
    """The workbook as the bytes of an .xlsx file."""
    return saved(whiz_workbook(event))


def _ranking(section: Section) -> Iterator[list[object]]:
    scores = section_standings(WhizScore, section)
    for score in scores:
        yield [
            *rank_cells(score.rank), score.entrant.label, score.entrant.display_name,
            score.mp, score.top, round(score.pct / 100, 6), score.boards,
            score.sit_out_boards,
        ]  # fmt: skip


def _marks(result: WhizResult, position: str) -> list[object]:
    lower = position.lower()
    points = getattr(result, f"adjusted_{lower}") or getattr(result, f"points_{lower}")
    entrant = result.players()[position]
    return [entrant.label, points, getattr(result, f"mp_{lower}")]


def _traveller_row(result: WhizResult) -> list[object]:
    return [
        result.board.number,
        result.round.number if result.round else None,
        result.table.number if result.table else None,
        result.contract or "Adjusted",
        result.declarer,
        result.tricks,
        *[cell for position in POSITIONS for cell in _marks(result, position)],
        result.top,
    ]


def _scorecard(
    entrant: WhizEntrant, results: list[WhizResult]
) -> Iterator[list[object]]:
    """The rows of the player's scorecard: ``results`` are the player's own."""
    lower = entrant.line.lower()
    for result in results:
        pct = getattr(result, f"pct_{lower}")
        yield [
            result.board.number,
            result.table.number if result.table else None,
            entrant.line,
            result.contract or "Adjusted",
            result.declarer,
            result.tricks,
            getattr(result, f"adjusted_{lower}") or getattr(result, f"points_{lower}"),
            getattr(result, f"mp_{lower}"),
            result.top,
            None if pct is None else round(pct / 100, 6),
        ]
