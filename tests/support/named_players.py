"""Players entered by name, for the tests of the single-section games
(Whiz, Barbu, Chinese bridge, individual): up to nine, on one evening."""

from __future__ import annotations

import datetime as dt

from tournaments.services.single_section import PlayerEntry

DAY = dt.date(2026, 11, 24)
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eva", "Fox", "Gil", "Hal", "Ian"]


def entries(count: int) -> list[PlayerEntry]:
    """The first ``count`` players of :data:`NAMES`, entered by name."""
    return [PlayerEntry(name=name) for name in NAMES[:count]]
