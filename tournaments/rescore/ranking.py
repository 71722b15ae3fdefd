"""Store a game's ranking: the rows of the last rescore replaced by the new.

Every game ranks its entrants the same way once scored: one row per entrant
(player, team) with its figures, its rank (ties shared) and its position
(the order printed), the old rows deleted in the same transaction.
``store_player_ranking`` is that for the games of one section of players
(Whiz, Barbu, Bridgeote), which then mark their section scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import models
from django.utils import timezone

if TYPE_CHECKING:
    from tournaments.models import Section


def store_ranking(
    stored: models.QuerySet,
    owner: str,
    standings: Sequence[object],
    key: str,
    figures: Sequence[str],
) -> int:
    """Replace ``stored`` by one row a standing, best first: the entrant's
    foreign key ``owner`` from the standing's ``key``, each of ``figures``
    and ``rank`` as the standing has them, ``position`` from 1; the count."""
    stored.delete()
    stored.model.objects.bulk_create(
        stored.model(
            **{owner: getattr(standing, key), "position": position},
            **{name: getattr(standing, name) for name in (*figures, "rank")},
        )
        for position, standing in enumerate(standings, start=1)
    )
    return len(standings)


def store_player_ranking(
    section: Section,
    scores: type[models.Model],
    standings: Sequence[object],
    figures: Sequence[str],
) -> int:
    """Store the players' ranking of ``section`` in ``scores`` (a standing's
    ``player`` is the entrant's id) and mark the section scored now; the count."""
    count = store_ranking(
        scores.objects.filter(entrant__section=section),
        "entrant_id",
        standings,
        "player",
        figures,
    )
    section.scored = timezone.now()
    section.save(update_fields=["scored"])
    return count
