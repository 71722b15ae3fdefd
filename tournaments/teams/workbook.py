"""The workbook of a teams event: standings, cross-table, matches, one sheet a match.

Like ``tournaments.exporters.workbook`` it reads what the scorer stored (through
``tournaments.teams.rescore``), so the workbook and the pages hold the same
numbers.  A knockout has a "Knockout" sheet of its matches in place of the
standings.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from games.bridge import result_text
from tournaments.exporters.workbook import (
    POINTS,
    RANK_HEADER,
    append_row,
    rank_cells,
    saved,
    sheet_formats,
    sheet_title,
    start_sheet,
)
from tournaments.exporters.workbook.book import Book, Sheet
from tournaments.models import Event, Match, Result, TeamCompetition
from tournaments.teams.selectors import (
    SheetRow,
    knockout_ties,
    match_sheets,
    round_robin_cross_table,
    standings_rows,
)

STANDINGS_HEADER = (
    *RANK_HEADER,
    gettext_noop("Team"),
    gettext_noop("Name"),
    gettext_noop("Members"),
    gettext_noop("Played"),
    gettext_noop("Points"),
    gettext_noop("IMPs won"),
    gettext_noop("IMPs lost"),
    gettext_noop("Bye points"),
)
MATCHES_HEADER = (
    gettext_noop("Round"),
    gettext_noop("Segment"),
    gettext_noop("Match"),
    gettext_noop("Home"),
    gettext_noop("Away"),
    gettext_noop("Home IMPs"),
    gettext_noop("Away IMPs"),
    gettext_noop("Home points"),
    gettext_noop("Away points"),
    gettext_noop("Boards played"),
    gettext_noop("Complete"),
)
KNOCKOUT_HEADER = (
    gettext_noop("Round"),
    gettext_noop("Home"),
    gettext_noop("Away"),
    gettext_noop("Home IMPs"),
    gettext_noop("Away IMPs"),
    gettext_noop("Winner"),
    gettext_noop("Decided by"),
)
SHEET_HEADER = (
    gettext_noop("Board"),
    gettext_noop("Open contract"),
    gettext_noop("Open declarer"),
    gettext_noop("Open result"),
    gettext_noop("Open NS score"),
    gettext_noop("Closed contract"),
    gettext_noop("Closed declarer"),
    gettext_noop("Closed result"),
    gettext_noop("Closed NS score"),
    gettext_noop("Home"),
    gettext_noop("Away"),
)


def teams_workbook(event: Event) -> Book:
    """Build the workbook of a teams event from the stored matches."""
    competition = event.competition
    workbook = Book()
    first = workbook.active
    if competition.format == TeamCompetition.Format.KNOCKOUT:
        first.title = gettext("Knockout")
        _knockout_sheet(first, event)
    else:
        first.title = gettext("Standings")
        _standings_sheet(first, event)
    if competition.laid_out_at_start:
        _cross_sheet(workbook.create_sheet(gettext("Cross-table")), event)
    matches = list(
        Match.objects.filter(session__event=event)
        .select_related("home", "away", "session__event__competition")
        .order_by("stage", "segment", "number")
    )
    _matches_sheet(workbook.create_sheet(gettext("Matches")), matches)
    sheets = match_sheets(matches)
    for match in matches:
        if not match.is_bye:
            sheet = workbook.create_sheet(_title(match))
            _match_sheet(sheet, match, sheets[match.pk])
    return workbook


def teams_workbook_bytes(event: Event) -> bytes:
    """The workbook as the bytes of an .xlsx file."""
    return saved(teams_workbook(event))


def _title(match: Match) -> str:
    segment = f"S{match.segment} " if match.segment > 1 else ""
    title = f"R{match.stage} {segment}M{match.number} {match.home.name}"
    return sheet_title(title)


def _standings_sheet(sheet: Sheet, event: Event) -> None:
    start_sheet(sheet, STANDINGS_HEADER)
    for row in standings_rows(event):
        append_row(
            sheet,
            [
                *rank_cells(row.rank), row.team, row.name, row.members, row.played,
                row.points, row.imps_for, row.imps_against, row.bye_points,
            ],
        )  # fmt: skip
    sheet_formats(sheet, {"Points": POINTS, "Bye points": POINTS})


def _cross_sheet(sheet: Sheet, event: Event) -> None:
    cross = round_robin_cross_table(event)
    # Each column is headed by its team's number, a number like the cells.
    start_sheet(sheet, (gettext_noop("Team"), *(team.number for team, _cells in cross)))
    for team, cells in cross:
        values: list[object] = [f"{team.number} {team.name}"]
        for column, cell in enumerate(cells, start=1):
            values.append("x" if column == team.number else _number(cell))
        append_row(sheet, values)
    sheet_formats(sheet, {})


def _number(cell: str) -> float | str | None:
    """A single score as a number; several (a double round robin) as text."""
    if not cell:
        return None
    return float(cell) if " " not in cell else cell


def _matches_sheet(sheet: Sheet, matches: list[Match]) -> None:
    start_sheet(sheet, MATCHES_HEADER)
    for match in matches:
        append_row(
            sheet,
            [
                match.stage, match.segment, match.number, match.home.name,
                match.away.name if match.away else "bye",
                None if match.is_bye else match.home_imps,
                None if match.is_bye else match.away_imps,
                match.home_points, match.away_points,
                None if match.is_bye else match.boards_played,
                "yes" if match.complete else "no",
            ],
        )  # fmt: skip
    sheet_formats(sheet, {"Home points": POINTS, "Away points": POINTS})


def _knockout_sheet(sheet: Sheet, event: Event) -> None:
    start_sheet(sheet, KNOCKOUT_HEADER)
    stages = sorted(
        set(Match.objects.filter(session__event=event).values_list("stage", flat=True))
    )
    for stage in stages:
        for tie in knockout_ties(event, stage):
            append_row(
                sheet,
                [
                    stage, tie.home.name, tie.away.name if tie.away else "bye",
                    tie.home_total, tie.away_total,
                    tie.winner.name if tie.winner else "", tie.decided_by,
                ],
            )  # fmt: skip
    sheet_formats(sheet, {})


def _match_sheet(sheet: Sheet, match: Match, rows: list[SheetRow]) -> None:
    start_sheet(sheet, SHEET_HEADER)
    for row in rows:
        rooms = [*_room(row.open), *_room(row.closed)]
        append_row(sheet, [row.board, *rooms, row.home, row.away])
    append_row(sheet, ["Total", *[None] * 8, match.home_imps, match.away_imps])
    sheet_formats(sheet, {})


def _room(line: Result | None) -> list[object]:
    if line is None:
        return [None] * 4
    if line.is_adjusted:
        adjusted = gettext("Adjusted %(ns)s/%(ew)s") % {
            "ns": line.adjusted_ns,
            "ew": line.adjusted_ew,
        }
        return [adjusted, None, None, None]
    made = result_text(line.contract, line.tricks) if line.tricks is not None else ""
    return [line.contract, line.declarer, made, line.score_ns]
