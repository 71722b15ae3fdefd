"""Read-side rows of a Bridgeote individual event: its deals as the API, the
travellers and the tablet show them, and how many each table has in.

Nothing here writes: deals go in through ``services.bridgeote_deal_submit``.
"""

from __future__ import annotations

from collections import Counter

from django.db.models import QuerySet

from tournaments.models import BridgeoteDeal, BridgeoteEntrant, Section, Table


def deals_with_rounds(section: Section) -> QuerySet[BridgeoteDeal]:
    """The section's deals, each with its round and table fetched (the API's
    lines name both)."""
    return BridgeoteDeal.objects.filter(table__section=section).select_related(
        "round", "table"
    )


def deals_with_tables(section: Section) -> QuerySet[BridgeoteDeal]:
    """The section's deals in their stored order (deal by deal), each with its
    table fetched: the travellers group them by deal."""
    return BridgeoteDeal.objects.filter(table__section=section).select_related("table")


def entered_counts(section: Section) -> Counter[tuple[int, int]]:
    """How many deals are in, by (round, table): one query over the section
    rather than one a table."""
    return Counter(
        BridgeoteDeal.objects.filter(table__section=section).values_list(
            "round__number", "table__number"
        )
    )


def entrants_by_number(section: Section) -> dict[int, BridgeoteEntrant]:
    """The section's players by number, each with his player fetched (a
    traveller names a seat by the number the deal stores)."""
    return {
        entrant.number: entrant
        for entrant in section.bridgeote_entrants.select_related("player")
    }


def table_round_deals(table: Table, round: int) -> dict[int, BridgeoteDeal]:
    """The deals the table has in for round ``round``, by deal number."""
    return {
        deal.number: deal
        for deal in BridgeoteDeal.objects.filter(table=table, round__number=round)
    }
