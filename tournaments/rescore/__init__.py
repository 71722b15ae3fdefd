"""Rescoring: between the stored rows and the pure scorers, one module a game.

Each module loads a section's stored lines as plain data, calls its game's
pure scorer (``scoring``), and stores what comes back, recomputing the whole
section (idempotent, never incremental) with the section row locked (the
pairs lines, datums and pair scores and the Whiz lines are written only where
their figures changed, ``store.store_changed``):
``pairs`` (matchpoints, Butler and cross-IMPs), ``teams`` (matches, VPs,
standings), ``whiz`` (hand-by-hand comparisons), ``barbu`` (points totals),
``chinese`` (matches, Swiss pairing).  ``rescore_section`` is the one
dispatcher, run by the ``scoring.score_section`` task through
``services.rescoring.rescore``; the game comes from the registry.
"""

from __future__ import annotations

from tournaments.models import Section
from tournaments.registry import section_game


def rescore_section(section_id: int) -> dict[str, int]:
    """Recompute the section as its game scores it and store the outcome."""
    section = Section.objects.select_related("session__event").get(pk=section_id)
    return section_game(section).rescore(section_id)
