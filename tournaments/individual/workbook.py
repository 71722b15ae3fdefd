"""The workbook of an individual bridge event: the ranking, and every board's
lines with the four players by seat and each side's matchpoints."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from tournaments.exporters.workbook import filled_sheet, saved
from tournaments.exporters.workbook.player_ranking import (
    PLAYER_RANK_HEADER,
    ranking_book,
    standing_rows,
)
from tournaments.individual.services import section_schedule
from tournaments.models import Event, IndividualScore, Result, Section

RANKING_HEADER = (
    *PLAYER_RANK_HEADER,
    gettext_noop("MP"),
    gettext_noop("Top"),
    "%",
    gettext_noop("Boards"),
)
BOARDS_HEADER = (
    gettext_noop("Board"),
    gettext_noop("Round"),
    gettext_noop("Table"),
    "N",
    "E",
    "S",
    "W",
    gettext_noop("Contract"),
    gettext_noop("Declarer"),
    gettext_noop("Tricks"),
    gettext_noop("NS score"),
    gettext_noop("NS MP"),
    gettext_noop("EW MP"),
    gettext_noop("NS %"),
    gettext_noop("EW %"),
)


def individual_workbook_bytes(event: Event) -> bytes:
    """Ranking and Boards sheets, from the stored lines and scores."""
    section = Section.objects.get(session__event=event)
    workbook = ranking_book(RANKING_HEADER, standing_rows(
        IndividualScore, section,
        lambda score: (score.mp, score.top, score.pct, score.boards),
    ))  # fmt: skip
    schedule = section_schedule(section)
    names = {
        e.number: e.display_name
        for e in section.individual_entrants.select_related("player")
    }
    lines = Result.objects.filter(board__section=section).select_related(
        "board", "ns_pair", "ew_pair"
    )
    rows = []
    for line in lines:
        seating, _side = schedule.partnership(line.ns_pair.number)
        rows.append(
            [line.board.number, seating.round, seating.table,
             *(names[p] for p in seating.players),
             line.contract, line.declarer, line.tricks, line.score_ns,
             line.mp_ns, line.mp_ew, line.pct_ns, line.pct_ew]
        )  # fmt: skip
    sheet = workbook.create_sheet()
    filled_sheet(sheet, gettext("Boards"), BOARDS_HEADER, rows)
    return saved(workbook)
