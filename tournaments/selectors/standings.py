"""The stored ranking of a section of players, read for a page or a workbook.

Whiz, Barbu, Bridgeote and individual bridge each store their players'
standings (``rescore.ranking``) in their own score model; the results pages
and the Excel workbooks read them the same way, the player's name with them.
"""

from __future__ import annotations

from django.db import models

from tournaments.models import Section


def section_standings(scores: type[models.Model], section: Section) -> models.QuerySet:
    """The rows of ``scores`` (a game's score model) for ``section``'s players,
    in their stored order, each with its entrant and player fetched."""
    return scores.objects.filter(entrant__section=section).select_related(
        "entrant__player"
    )
