"""The Travellers sheet of a Bridgeote pairs event: card points and marks.

A Bridgeote line has no lead, tricks or bridge result: it has the takers'
card points, each side's announcements (Belote 20, Bridgeote 30), the capot,
and each side's points by the rule book, whose difference (North-South's
net) is matchpointed. Every figure is written as a number, so a director
sums or sorts them in Excel; the contract is written as players read it
("Capot S X", "100 H", "90 TA").
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from games.bridgeote import parse_contract
from games.errors import GameError
from tournaments.bridgeote.checks import stored_line_marks
from tournaments.exporters.workbook import LINE_HEADER
from tournaments.selectors.pairs import LineRow, SectionReport

BRIDGEOTE_TRAVELLER_HEADER = (
    *LINE_HEADER,
    gettext_noop("Takers' card points"),
    gettext_noop("Takers' announcements"),
    gettext_noop("Defence's announcements"),
    gettext_noop("Capot"),
    gettext_noop("NS points"),
    gettext_noop("EW points"),
    gettext_noop("NS net"),
    gettext_noop("Adjusted"),
    gettext_noop("MP NS"),
    gettext_noop("MP EW"),
    gettext_noop("% NS"),
    gettext_noop("% EW"),
)


def contract_text(contract: str) -> str:
    """ "CAPOTSX" -> "Capot S X", "100H" -> "100 H"; other text as it is."""
    try:
        played = parse_contract(contract)
    except GameError:
        return contract
    level = gettext("Capot") if played.is_capot else str(played.bid)
    return " ".join(filter(None, (level, played.strain, "X" * played.doubled)))


def bridgeote_line_cells(report: SectionReport, line: LineRow) -> list[object]:
    """A Bridgeote line's cells up to the adjusted score, figures as numbers."""
    result = line.result
    where = [
        report.section.session.number,
        report.section.letter,
        result.board.number,
        result.ns_pair.number,
        result.ew_pair.number,
    ]
    marks = stored_line_marks(result)
    if marks is None:
        return [*where, None, None, None, None, None, None, None, None,
                result.score_ns, line.adjusted]  # fmt: skip
    return [
        *where,
        contract_text(result.contract),
        result.declarer,
        result.card_points,
        result.taker_announced,
        result.defence_announced,
        gettext("every trick") if result.capot else None,
        marks.ns,
        marks.ew,
        result.score_ns,
        line.adjusted,
    ]
