"""Between the database and the individual ranking: each player his side's
matchpoints.

The boards are matchpointed by the pairs scorer (each round's partnership is
a pair, ``services.individual``); this then reads every scored line, gives
each side's matchpoints to its two players (``scoring.individual_bridge``)
and stores the players' ranking.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from scoring.individual_bridge import SideScore, rank_players
from tournaments.individual.services import section_schedule
from tournaments.models import IndividualEntrant, IndividualScore, Result, Section
from tournaments.rescore.pairs import rescore_pairs_section
from tournaments.rescore.ranking import store_ranking


@transaction.atomic
def rescore_individual_section(section_id: int) -> dict[str, int]:
    """Matchpoint the boards, then rank the players on them; stored whole."""
    outcome = rescore_pairs_section(section_id)
    section = Section.objects.get(pk=section_id)
    schedule = section_schedule(section)
    lines = Result.objects.filter(
        board__section=section, mp_ns__isnull=False, top__isnull=False
    ).values_list("ns_pair__number", "ew_pair__number", "mp_ns", "mp_ew", "top")
    sides = [
        SideScore(schedule.partners(number), mp, top)
        for ns, ew, mp_ns, mp_ew, top in lines
        for number, mp in ((ns, mp_ns), (ew, mp_ew))
        if mp is not None
    ]
    ids = dict(
        IndividualEntrant.objects.filter(section=section).values_list("number", "pk")
    )
    standings = [
        _Standing(ids[s.player], s.mp, s.top, s.pct, s.boards, s.rank)
        for s in rank_players(sides)
    ]
    store_ranking(
        IndividualScore.objects.filter(entrant__section=section),
        "entrant_id",
        standings,
        "entrant_id",
        ("mp", "top", "pct", "boards"),
    )
    return outcome | {"players": len(standings)}


@dataclass(frozen=True)
class _Standing:
    """A player's score under his entrant's id (what ``store_ranking`` reads)."""

    entrant_id: int
    mp: float
    top: float
    pct: float
    boards: int
    rank: str
