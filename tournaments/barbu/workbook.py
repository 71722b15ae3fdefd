"""The workbook of a Barbu event: the ranking and every deal with each seat's points."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from tournaments.exporters.workbook import filled_sheet, saved
from tournaments.exporters.workbook.player_ranking import (
    PLAYER_RANK_HEADER,
    ranking_book,
    standing_rows,
)
from tournaments.models import BarbuDeal, BarbuScore, Event, Section

RANKING_HEADER = (
    *PLAYER_RANK_HEADER,
    gettext_noop("Points"),
    gettext_noop("Deals"),
)
# Duplicate Barbu's ranking adds the matchpoints, their top and the percentage.
DUPLICATE_HEADER = (
    gettext_noop("MP"),
    gettext_noop("Top"),
    "%",
)
DEALS_HEADER = (
    gettext_noop("Round"),
    gettext_noop("Table"),
    gettext_noop("Deal"),
    gettext_noop("Contract"),
    gettext_noop("Trump"),
    gettext_noop("Réussite height"),
    gettext_noop("Declarer"),
    "N",
    gettext_noop("N points"),
    "E",
    gettext_noop("E points"),
    "S",
    gettext_noop("S points"),
    "W",
    gettext_noop("W points"),
    gettext_noop("Doubles"),
)


def barbu_workbook_bytes(event: Event) -> bytes:
    """Ranking and Deals sheets, from the stored deals and scores."""
    section = Section.objects.get(session__event=event)
    duplicate = event.kind == Event.Kind.BARBU_DUPLICATE
    header = RANKING_HEADER + (DUPLICATE_HEADER if duplicate else ())
    workbook = ranking_book(header, standing_rows(BarbuScore, section, lambda score: (
        [score.points, score.deals]
        + ([score.matchpoints, score.top, _rounded(score.percentage)]
           if duplicate else [])
    )))  # fmt: skip
    deals = BarbuDeal.objects.filter(table__section=section).select_related(
        "round", "table", "declarer__player", "north__player", "east__player",
        "south__player", "west__player",
    )  # fmt: skip
    sheet = workbook.create_sheet()
    filled_sheet(sheet, gettext("Deals"), DEALS_HEADER, map(_deal_row, deals))
    return saved(workbook)


def _deal_row(deal: BarbuDeal) -> list[object]:
    """A deal: where, its number and contract with the declarer's choices (the
    trump suit, the réussite's height, "10" written as the number), its
    declarer, each seat's player and points."""
    height: object = deal.height
    if deal.height.isdigit():
        height = int(deal.height)
    elif deal.height == "T":
        height = 10
    cells: list[object] = [
        deal.round.number,
        deal.table.number,
        deal.order,
        deal.contract,
        deal.trump,
        height,
        deal.declarer.display_name,
    ]
    for seat, player in deal.players().items():
        cells += [player.display_name, deal.points()[seat]]
    cells.append(
        ", ".join(f"{a}>{b}{' XX' if n == 2 else ''}" for a, b, n in deal.doubles)
    )
    return cells


def _rounded(percentage: float | None) -> float | None:
    """A percentage to two decimals, as the results page prints it."""
    return None if percentage is None else round(percentage, 2)
