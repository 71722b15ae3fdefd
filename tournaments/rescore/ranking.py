"""Store a game's ranking: the rows of the last rescore replaced by the new.

Every game ranks its entrants the same way once scored: one row per entrant
(player, team) with its figures, its rank (ties shared) and its position
(the order printed), the old rows deleted in the same transaction.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import models


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
