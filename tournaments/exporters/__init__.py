"""Results files for other programs: PBN 2.1 and USEBIO 1.2."""

from __future__ import annotations

from tournaments.models import Event
from tournaments.registry import card_game, event_game


def export_formats(event: Event) -> tuple[str, ...]:
    """The interchange formats that can carry this event ("pbn", "usebio").

    Both carry contract bridge only: a pairs event's travellers and ranking,
    or a teams event's matches (PBN: both rooms of each board).
    """
    if not card_game(event).interchange:
        return ()
    return event_game(event).exports
