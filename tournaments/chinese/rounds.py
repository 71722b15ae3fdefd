"""When a Chinese bridge table's round is done: its match over and the
opponent agreeing every hand entered on the tablet.

The table's current round is the shared machinery's
(``services.table_rounds.current_round``); this is the Chinese bridge rule
it asks through ``ChineseGame.open_round``.
"""

from __future__ import annotations

from collections.abc import Iterable

from tournaments.chinese.services import match_finished
from tournaments.models import ChineseMatch, Source, Table


def chinese_open_round(table: Table, since: int = 1) -> int | None:
    """The first round (from ``since``) whose match at the table is not over
    (hands still to play, or to the target not yet reached), or has a hand
    the opponent has not agreed (nor the director settled)."""
    settings = table.section.chinese
    matches: Iterable[ChineseMatch] = (
        ChineseMatch.objects.filter(
            section=table.section,
            table=table.number,
            b__isnull=False,
            round__gte=since,
        )
        .prefetch_related("hands")
        .order_by("round")
    )
    for match in matches:
        hands = list(match.hands.all())
        settled = all(h.confirmed or h.source != Source.TABLE for h in hands)
        if not settled or not match_finished(settings, [h.tricks_a for h in hands]):
            return match.round
    return None
