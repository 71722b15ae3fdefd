"""Individual bridge events: players entered one by one, a new partner each round.

An individual event is an ``Event`` of kind "individual" with one section
whose movement is "individual" (``movements.individual_bridge``).  Each round
the movement seats four players at a table, N-S and E-W partners for that
round only.  Boards are played and entered as in pairs bridge: each round's
partnership is a ``Pair`` of the section (numbered by round, table and side,
``IndividualSchedule.partnership_id``), so a line is an ordinary ``Result``
written through the one write path and matchpointed with the pairs scorer.
An ``IndividualEntrant`` is a player; his ``IndividualScore`` sums his side's
matchpoints over the boards he played.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from tournaments.models.entrants import (
    Entrant,
    MatchpointStanding,
    entrant_meta,
    entrant_score,
    section_link,
)


class IndividualEntrant(Entrant):
    """A player of an individual section, under his number (1..n)."""

    section = section_link("individual_entrants")

    Meta = entrant_meta("individual", _("Individual player"), _("Individual players"))


class IndividualScore(MatchpointStanding):
    """A player's standing, written by the scorer: matchpoints over the tops
    of the boards he played (sit-out boards count for nothing)."""

    entrant = entrant_score(IndividualEntrant)

    class Meta(MatchpointStanding.Meta):
        verbose_name = _("Individual score")
        verbose_name_plural = _("Individual scores")
