"""Between the database and the Barbu ranking: total each player's points.

A player who sits out a round (players not a multiple of four,
``tournaments.barbu.sitout``) has no deal that round and so
scores 0 for it: the average of a manche, whose seven contracts total zero.
The rule book is silent; giving a sit-out the field's average is the usual
practice of club individuals.
"""

from __future__ import annotations

from django.db import transaction

from scoring.barbu_duplicate import DuplicateDeal, rank_duplicate
from scoring.individual import rank_totals
from tournaments.models import BarbuDeal, BarbuScore, Section
from tournaments.rescore.ranking import store_player_ranking


@transaction.atomic
def rescore_barbu_section(section_id: int) -> dict[str, int]:
    """Total every player's points over his deals and store the ranking."""
    section = Section.objects.select_for_update(no_key=True).get(pk=section_id)
    deals = BarbuDeal.objects.filter(table__section=section).order_by("id")
    totals = rank_totals(
        dict(
            zip(
                (deal.north_id, deal.east_id, deal.south_id, deal.west_id),
                (deal.points_n, deal.points_e, deal.points_s, deal.points_w),
                strict=True,
            )
        )
        for deal in deals
    )
    store_player_ranking(section, BarbuScore, totals, ("points", "deals"))
    return {"section": section.pk, "players": len(totals)}


@transaction.atomic
def rescore_barbu_duplicate_section(section_id: int) -> dict[str, int]:
    """Matchpoint each contract of a round seat against seat across the tables
    (``scoring.barbu_duplicate``) and store the ranking on the percentage."""
    section = Section.objects.select_for_update(no_key=True).get(pk=section_id)
    deals = BarbuDeal.objects.filter(table__section=section).order_by("id")
    totals = rank_duplicate(
        DuplicateDeal(
            board=(deal.round_id, deal.contract),
            table=deal.table_id,
            seats={
                "N": (deal.north_id, deal.points_n),
                "E": (deal.east_id, deal.points_e),
                "S": (deal.south_id, deal.points_s),
                "W": (deal.west_id, deal.points_w),
            },
        )
        for deal in deals
    )
    store_player_ranking(
        section,
        BarbuScore,
        totals,
        ("points", "deals", "matchpoints", "top", "percentage"),
    )
    return {"section": section.pk, "players": len(totals)}
