"""Between the database and the duplicate Bridgeote ranking: seats compared.

Each deal's marks are matchpointed seat by seat against the same deal at the
other tables (``scoring.bridgeote``); the matchpoints are written back on the
deals and the players ranked on their percentage, then their marks.
"""

from __future__ import annotations

from django.db import transaction

from scoring.bridgeote import TablePlay, individual_standings, seat_matchpoints
from tournaments.models import BridgeoteDeal, BridgeoteScore, Section
from tournaments.rescore.ranking import store_player_ranking


@transaction.atomic
def rescore_bridgeote_section(section_id: int) -> dict[str, int]:
    """Matchpoint every deal seat by seat and store the ranking."""
    section = Section.objects.select_for_update(no_key=True).get(pk=section_id)
    ids = dict(section.bridgeote_entrants.values_list("number", "pk"))
    deals = list(BridgeoteDeal.objects.filter(table__section=section).order_by("id"))
    plays = [
        TablePlay(deal.number, tuple(ids[n] for n in deal.players), tuple(deal.marks))
        for deal in deals
    ]
    for deal, seats in zip(deals, seat_matchpoints(plays), strict=True):
        deal.mps = [seat.mp for seat in seats]
        deal.top = seats[0].top if seats else None
    BridgeoteDeal.objects.bulk_update(deals, ["mps", "top"])
    standings = individual_standings(plays)
    store_player_ranking(
        section, BridgeoteScore, standings, ("pct", "mp", "tops", "points", "deals")
    )
    return {"section": section.pk, "deals": len(deals), "players": len(standings)}
