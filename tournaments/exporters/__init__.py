"""Results files for other programs: PBN 2.1 and USEBIO 1.2."""

from __future__ import annotations

from tournaments.models import Event


def export_formats(event: Event) -> tuple[str, ...]:
    """The interchange formats that can carry this event ("pbn", "usebio").

    Both carry contract bridge only: PBN a pairs event's travellers and
    ranking, USEBIO a pairs or a teams event.
    """
    if event.kind == Event.Kind.PAIRS and event.game == Event.Game.BRIDGE:
        return ("pbn", "usebio")
    if event.kind == Event.Kind.TEAMS:
        return ("usebio",)
    return ()
