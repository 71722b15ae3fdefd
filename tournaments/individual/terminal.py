"""What an individual's tablet says after a round: where each of its four
players goes next (a table and a seat, or a sit-out), then where the boards
go, as a pairs tablet says of its pairs."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournaments.individual.selectors import entrants_by_number
from tournaments.individual.services import section_schedule
from tournaments.models import Table
from tournaments.movements import Movement
from tournaments.selectors.table_play import TableRound, moves_after

SEAT_NAMES = {
    "N": gettext_noop("North"),
    "E": gettext_noop("East"),
    "S": gettext_noop("South"),
    "W": gettext_noop("West"),
}


def individual_moves(movement: Movement, item: TableRound, table: Table) -> list[str]:
    """Each player's next table and seat after ``item``'s round, then where
    the boards go, as the pairs tablet says it (empty after the last round)."""
    section = table.section
    schedule = section_schedule(section)
    if item.number >= schedule.rounds or item.sit_out:
        return []
    names = entrants_by_number(section)
    here = schedule.seating(item.number, table.number)
    lines = []
    for player in here.players:
        label = f"{player} {names[player].display_name}"
        there = schedule.position(player, item.number + 1)
        if there is None:
            lines.append(_("%(player)s: sits out") % {"player": label})
            continue
        lines.append(
            _("%(player)s: table %(table)d, %(seat)s")
            % {
                "player": label,
                "table": there.table,
                "seat": _(SEAT_NAMES[there.seat_of(player)]),
            }
        )
    # A partnership plays one round: the pairs' lines hold only the boards'.
    return lines + moves_after(movement, item, table)
