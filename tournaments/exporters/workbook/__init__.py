"""The event workbook (openpyxl): ranking, travellers, one scorecard per pair.

This is the impure half of ``scoring``: it reads the stored report rows that
the results pages show, so the workbook and the pages hold the same numbers.
Numbers are written as numbers; percentages as fractions formatted "0.00%";
a place as a number with a "Tied" column beside it holding "=" when the place
is shared (``rank_cells``), so a spreadsheet sorts and filters the ranking.
A pairs event scored by IMPs (Butler or cross-IMPs) has IMP columns instead
of the MP, top and % ones, and the Butler datum of each board.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from io import BytesIO

from django.utils.translation import gettext, gettext_noop

from tournaments.exporters.workbook.book import Book, Sheet
from tournaments.models import Event
from tournaments.registry import card_game
from tournaments.selectors.event_ranking import event_rankings, lettered
from tournaments.selectors.pair_lines import lines_by_pair
from tournaments.selectors.pairs import (
    LineRow,
    SectionReport,
    StandingRow,
    any_penalty,
    event_sections,
    stored_reports,
)

PERCENT = "0.00%"
POINTS = "0.00"
MAX_TITLE = 31
# Characters Excel refuses in a sheet title.
TITLE_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")

# A place and, beside it, "=" when it is shared: every game's ranking sheet.
RANK_HEADER = (gettext_noop("Rank"), gettext_noop("Tied"))
RANKING_HEADER = (
    gettext_noop("Ranking"),
    *RANK_HEADER,
    gettext_noop("Pair"),
    gettext_noop("Names"),
    "MP",
    gettext_noop("Top"),
    "%",
    gettext_noop("Boards"),
)
# The columns every pairs traveller opens with, bridge's and each card
# game's (``CardGame.traveller_header``): where the line was played, its
# contract.
LINE_HEADER = (
    gettext_noop("Session"),
    gettext_noop("Section"),
    gettext_noop("Board"),
    "NS",
    "EW",
    gettext_noop("Contract"),
    gettext_noop("Declarer"),
)
TRAVELLER_HEADER = (
    *LINE_HEADER,
    gettext_noop("Lead"),
    gettext_noop("Tricks"),
    gettext_noop("Result"),
    gettext_noop("NS score"),
    gettext_noop("Adjusted"),
    gettext_noop("MP NS"),
    gettext_noop("MP EW"),
    gettext_noop("% NS"),
    gettext_noop("% EW"),
)
SCORECARD_HEADER = (
    gettext_noop("Board"),
    gettext_noop("Direction"),
    gettext_noop("Opponents"),
    gettext_noop("Contract"),
    gettext_noop("Declarer"),
    gettext_noop("Result"),
    gettext_noop("Score"),
    "MP",
    gettext_noop("Top"),
    "%",
)
# By IMPs: the figures after the first columns that both methods share.
RANKING_IMP_HEADER = (
    *RANKING_HEADER[:5],
    gettext_noop("IMPs"),
    gettext_noop("Boards"),
    gettext_noop("IMPs per board"),
)
TRAVELLER_IMP_HEADER = (
    *TRAVELLER_HEADER[:12],
    gettext_noop("IMP NS"),
    gettext_noop("IMP EW"),
)
SCORECARD_IMP_HEADER = (*SCORECARD_HEADER[:7], gettext_noop("IMPs"))
# When a pair has a procedural penalty, the ranking's total (MP or IMPs) is
# followed by the penalty and the total after it (``with_penalty``).
PENALTY_COLUMNS = (gettext_noop("Penalty"), gettext_noop("Total"))


def rank_cells(rank: str | None) -> list[object]:
    """A printed place as its two cells: "3=" -> [3, "="], "4" -> [4, None].

    The stored place is text ("1", "2=", from ``scoring.ranking.rank``); the
    workbook gives the number so that a spreadsheet sorts it as one, and the
    tie mark in the column beside.  No place yet (nothing scored) is two
    empty cells.
    """
    text = (rank or "").strip()
    tied = text.endswith("=")
    digits = text.rstrip("=").strip()
    if not digits.isdigit():
        return [None, None]
    return [int(digits), "=" if tied else None]


def with_penalty(header: tuple[str, ...], total: str) -> tuple[str, ...]:
    """The ranking header with the penalty and the total after ``total``."""
    at = header.index(total) + 1
    return (*header[:at], *PENALTY_COLUMNS, *header[at:])


def penalty_cells(row: object, total: float | None) -> list[object]:
    """The penalty (negative, empty when none) and the total after it."""
    penalty = getattr(row, "penalty", 0.0)
    return [-round(penalty, 2) if penalty else None, _round(total)]


def event_workbook(event: Event) -> Book:
    """Build the workbook of an event from what the scorer stored.

    A fixed number of queries a section, and time linear in its lines: each
    pair's scorecard comes from one index of the lines by pair.
    """
    reports = stored_reports(event_sections(event))
    workbook = Book()
    ranking = workbook.active
    ranking.title = gettext("Ranking")
    _ranking_sheet(ranking, reports)
    _traveller_sheet(workbook.create_sheet(gettext("Travellers")), reports)
    titles = {ranking.title, gettext("Travellers")}
    for report in reports:
        scorecards = lines_by_pair(report.lines)
        for rows in report.rankings.values():
            for row in rows:
                title = _title(row.pair.label, report, len(reports) > 1, titles)
                lines = scorecards.get(row.pair.pk, [])
                _scorecard_sheet(workbook.create_sheet(title), report, row.pair, lines)
    return workbook


def event_workbook_bytes(event: Event) -> bytes:
    """The workbook as the bytes of an .xlsx file."""
    return saved(event_workbook(event))


def _title(label: str, report: SectionReport, several: bool, used: set[str]) -> str:
    title = gettext("Pair %(label)s") % {"label": label}
    if several:
        title = f"S{report.section.session.number}{report.section.letter} {title}"
    title = sheet_title(title)
    base, n = title, 2
    while title in used:
        title = f"{base[: MAX_TITLE - 3]} {n}"
        n += 1
    used.add(title)
    return title


def sheet_title(text: str) -> str:
    """``text`` as a sheet title Excel takes: no []:*?/\\, 31 characters at most."""
    return TITLE_FORBIDDEN.sub("-", text)[:MAX_TITLE]


def append_row(sheet: Sheet, values: list[object]) -> None:
    """Add a row; text is always text, never a formula (names come from files):
    ``Book.save`` writes every string as a string."""
    sheet.append(values)


def filled_sheet(
    sheet: Sheet,
    title: str,
    header: tuple[str, ...],
    rows: Iterable[list[object]],
    formats: dict[str, str] | None = None,
) -> Sheet:
    """A whole sheet: its title, the header, every row, the number formats."""
    sheet.title = title
    start_sheet(sheet, header)
    for row in rows:
        append_row(sheet, row)
    sheet_formats(sheet, formats or {})
    return sheet


def saved(workbook: Book) -> bytes:
    """The workbook as the bytes of an .xlsx file."""
    buffer = BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def start_sheet(sheet: Sheet, header: tuple[str | int, ...]) -> None:
    """The header row, in the reader's language, bold and frozen; a number
    (a team's number heading its cross-table column) stays a number."""
    sheet.append([gettext(name) if isinstance(name, str) else name for name in header])
    sheet.header_frozen = True


def sheet_formats(sheet: Sheet, formats: dict[str, str]) -> None:
    """Number formats by (English) header name; ``Book.save`` fits the widths."""
    for name, number_format in formats.items():
        sheet.formats[sheet.header.index(gettext(name))] = number_format


def _fraction(pct: float | None) -> float | None:
    return None if pct is None else round(pct / 100, 6)


def _by_imps(reports: list[SectionReport]) -> bool:
    return bool(reports) and reports[0].by_imps


def _ranked_pair_cells(
    group: str | None, row: StandingRow, with_letter: bool
) -> list[object]:
    """The first cells of a ranking row, matchpoints or IMPs alike: group,
    rank, pair number (with its section's letter, "A3", when a session has
    several sections) and names."""
    pair = row.pair
    number = f"{pair.section.letter}{pair.number}" if with_letter else pair.number
    return [group or "", *rank_cells(row.rank), number, pair.names or pair.label]


def _ranking_sheet(sheet: Sheet, reports: list[SectionReport]) -> None:
    if _by_imps(reports):
        _imp_ranking_sheet(sheet, reports)
        return
    rankings = event_rankings(reports) if reports else {}
    with_letter = lettered(reports)
    penalised = any_penalty(rankings)
    start_sheet(
        sheet, with_penalty(RANKING_HEADER, "MP") if penalised else RANKING_HEADER
    )
    for group, rows in rankings.items():
        for row in rows:
            append_row(
                sheet,
                [
                    *_ranked_pair_cells(group, row, with_letter),
                    round(row.scored, 2),
                    *(penalty_cells(row, row.mp) if penalised else []),
                    round(row.top, 2),
                    _fraction(row.pct),
                    row.boards,
                ],
            )
    formats = {"MP": POINTS, "Top": POINTS, "%": PERCENT}
    if penalised:
        formats |= {"Penalty": POINTS, "Total": POINTS}
    sheet_formats(sheet, formats)


def _imp_ranking_sheet(sheet: Sheet, reports: list[SectionReport]) -> None:
    rankings = event_rankings(reports)
    with_letter = lettered(reports)
    penalised = any_penalty(rankings)
    header = RANKING_IMP_HEADER
    start_sheet(sheet, with_penalty(header, "IMPs") if penalised else header)
    for group, rows in rankings.items():
        for row in rows:
            append_row(
                sheet,
                [
                    *_ranked_pair_cells(group, row, with_letter),
                    _round(row.scored),
                    *(penalty_cells(row, row.imps) if penalised else []),
                    row.boards,
                    _round(row.imps_per_board),
                ],
            )
    formats = {"IMPs": POINTS, "IMPs per board": POINTS}
    if penalised:
        formats |= {"Penalty": POINTS, "Total": POINTS}
    sheet_formats(sheet, formats)


def _traveller_sheet(sheet: Sheet, reports: list[SectionReport]) -> None:
    if _by_imps(reports):
        _imp_traveller_sheet(sheet, reports)
        return
    # The lines as the event's card game writes them (Bridgeote: card points
    # and announcements, as numbers); bridge's columns when nothing is played.
    deals = card_game(reports[0].section.session.event) if reports else None
    start_sheet(sheet, deals.traveller_header if deals else TRAVELLER_HEADER)
    for report in reports:
        for line in report.lines:
            append_row(
                sheet,
                [
                    *deals.traveller_cells(report, line),
                    _round(line.mp_ns),
                    _round(line.mp_ew),
                    _fraction(line.pct_ns),
                    _fraction(line.pct_ew),
                ],
            )
    sheet_formats(
        sheet,
        {"MP NS": POINTS, "MP EW": POINTS, "% NS": PERCENT, "% EW": PERCENT},
    )


def _imp_traveller_sheet(sheet: Sheet, reports: list[SectionReport]) -> None:
    """Each line's IMPs for both sides, and the board's datum for Butler."""
    butler = reports[0].butler
    header = (*TRAVELLER_IMP_HEADER, "Datum") if butler else TRAVELLER_IMP_HEADER
    start_sheet(sheet, header)
    for report in reports:
        for line in report.lines:
            row = [*line_cells(report, line), _round(line.imp_ns), _round(line.imp_ew)]
            if butler:
                row.append(report.datums.get(line.result.board.number))
            append_row(sheet, row)
    sheet_formats(sheet, {"IMP NS": POINTS, "IMP EW": POINTS})


def line_cells(report: SectionReport, line: LineRow) -> list[object]:
    """A bridge traveller line's cells up to its figures: where, who, what was
    played (bridge's ``CardGame.traveller_cells``, and the IMP travellers')."""
    result = line.result
    played = not result.is_adjusted and result.contract
    return [
        report.section.session.number,
        report.section.letter,
        result.board.number,
        result.ns_pair.number,
        result.ew_pair.number,
        result.contract or result.weighted_text or None,
        result.declarer or None,
        result.lead or None,
        result.tricks,
        result.made if played else None,
        result.score_ns,
        line.adjusted,
    ]


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _scorecard_sheet(
    sheet: Sheet, report: SectionReport, pair, lines: list[LineRow]
) -> None:
    start_sheet(sheet, SCORECARD_IMP_HEADER if report.by_imps else SCORECARD_HEADER)
    for line in lines:
        result = line.result
        ns = result.ns_pair_id == pair.pk
        score = result.score_ns
        row = [
            result.board.number,
            "NS" if ns else "EW",
            (result.ew_pair if ns else result.ns_pair).label,
            result.contract or line.adjusted,
            result.declarer or None,
            # Bridgeote: the takers' card points, a number.
            (result.made or None) if result.card_points is None else result.card_points,
            None if score is None else (score if ns else -score),
        ]
        if report.by_imps:
            row.append(_round(line.imp_ns if ns else line.imp_ew))
        else:
            row += [
                _round(line.mp_ns if ns else line.mp_ew),
                _round(result.top),
                _fraction(line.pct_ns if ns else line.pct_ew),
            ]
        append_row(sheet, row)
    if report.by_imps:
        sheet_formats(sheet, {"IMPs": POINTS})
    else:
        sheet_formats(sheet, {"MP": POINTS, "Top": POINTS, "%": PERCENT})
