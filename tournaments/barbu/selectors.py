"""Read-side rows of a Barbu event: its deals as the pages and the API show
them, and how many deals each manche has in.

Nothing here writes: deals go in through ``services.barbu_deal_submit``.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import BarbuDeal, Section, Table


def deals_with_seats(section: Section) -> QuerySet[BarbuDeal]:
    """The section's deals, each with its round, table, declarer and four
    seats fetched (the API's and the scorecard's lines name them)."""
    return BarbuDeal.objects.filter(table__section=section).select_related(
        "round", "table", "declarer", "north", "east", "south", "west"
    )


def deals_with_players(section: Section) -> QuerySet[BarbuDeal]:
    """The section's deals with each seat's player too (the manche sheets
    print the players' names)."""
    return BarbuDeal.objects.filter(table__section=section).select_related(
        "round", "table", "declarer__player", "north__player", "east__player",
        "south__player", "west__player",
    )  # fmt: skip


def manche_deal_counts(section: Section) -> dict[tuple[int, int], int]:
    """How many deals are in, by (round, table): one query over the section
    rather than one a manche."""
    counts: dict[tuple[int, int], int] = {}
    for key in BarbuDeal.objects.filter(table__section=section).values_list(
        "round__number", "table__number"
    ):
        counts[key] = counts.get(key, 0) + 1
    return counts


def table_round_deal_count(table: Table, round: int) -> int:
    """How many deals of round ``round``'s manche the table has in."""
    return BarbuDeal.objects.filter(table=table, round__number=round).count()
