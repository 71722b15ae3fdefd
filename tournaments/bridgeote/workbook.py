"""The workbook of a Bridgeote individual event: the ranking and every deal.

The Deals sheet has one row a deal at a table: where, the contract as
players read it, the taker's and partner's seats (1 first), the attackers'
card points and both sides' announcements, then each seat's player number,
mark and matchpoints. Every figure is a number.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from tournaments.bridgeote.workbook_pairs import contract_text
from tournaments.exporters.workbook import PERCENT, POINTS, filled_sheet, saved
from tournaments.exporters.workbook.player_ranking import (
    PLAYER_RANK_HEADER,
    ranking_book,
    standing_rows,
)
from tournaments.models import BridgeoteDeal, BridgeoteScore, Event, Section

RANKING_HEADER = (
    *PLAYER_RANK_HEADER,
    "%",
    "MP",
    gettext_noop("Top"),
    gettext_noop("Points"),
    gettext_noop("Deals"),
)
DEAL_HEADER = (
    gettext_noop("Deal"),
    gettext_noop("Round"),
    gettext_noop("Table"),
    gettext_noop("Contract"),
    gettext_noop("Taker's seat"),
    gettext_noop("Partner's seat"),
    gettext_noop("Takers' card points"),
    gettext_noop("Takers' announcements"),
    gettext_noop("Defence's announcements"),
    gettext_noop("Capot"),
)


def bridgeote_workbook_bytes(event: Event) -> bytes:
    """Ranking and Deals sheets, from the stored deals and scores."""
    section = Section.objects.get(session__event=event)
    workbook = ranking_book(
        RANKING_HEADER,
        standing_rows(BridgeoteScore, section, lambda score: (
            round(score.pct / 100, 6), round(score.mp, 2), round(score.tops, 2),
            score.points, score.deals,
        )),
        {"%": PERCENT, "MP": POINTS, "Top": POINTS},
    )  # fmt: skip
    deals = list(
        BridgeoteDeal.objects.filter(table__section=section).select_related(
            "round", "table"
        )
    )
    seats = max((len(deal.marks) for deal in deals), default=0)
    header = DEAL_HEADER + tuple(
        name
        for seat in range(1, seats + 1)
        for name in (
            gettext("Seat %(n)d") % {"n": seat},
            gettext("Seat %(n)d points") % {"n": seat},
            gettext("Seat %(n)d MP") % {"n": seat},
        )
    )
    filled_sheet(workbook.create_sheet(), gettext("Deals"), header, map(_row, deals))
    return saved(workbook)


def _row(deal: BridgeoteDeal) -> list[object]:
    """A deal at a table: where, what was played, each seat's player and marks."""
    cells: list[object] = [
        deal.number,
        deal.round.number,
        deal.table.number,
        contract_text(deal.contract),
        deal.taker + 1,
        None if deal.partner is None else deal.partner + 1,
        deal.taker_points,
        deal.taker_announced,
        deal.defence_announced,
        gettext("every trick") if deal.capot else None,
    ]
    mps = deal.mps if len(deal.mps) == len(deal.marks) else [None] * len(deal.marks)
    for number, mark, mp in zip(deal.players, deal.marks, mps, strict=True):
        cells += [number, mark, mp]
    return cells
