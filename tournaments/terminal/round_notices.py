"""What the movement tells a tablet about the round it shows.

A sit-out round says who sits out and what comes next at the table (the
next round's pairs and boards, and the table still playing those boards);
a withdrawal or a late pair says, on every tablet whose table it changes
from the round shown on, which pair and which rounds.  Read only.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.models import SectionChange, Table
from tournaments.movements import Movement
from tournaments.selectors.table_play import TableRound
from tournaments.selectors.tablet_pages import arrivals_and_withdrawals


def round_notices(
    table: Table, movement: Movement, rounds: list[TableRound], item: TableRound
) -> list[str]:
    """The plain notices of the round ``item`` shown at ``table``."""
    notices = _sit_out(movement, rounds, item) if item.sit_out else []
    return notices + _changes(table, movement, item)


def _sit_out(
    movement: Movement, rounds: list[TableRound], item: TableRound
) -> list[str]:
    """Who sits out the round here, and the table's next round."""
    notices = []
    seated = [
        movement.pair(pair_id).label
        for pair_id in (item.seating.ns, item.seating.ew)
        if not movement.pair(pair_id).phantom
        and not movement.absent_in(pair_id, item.number)
    ]
    if seated and not item.opponents_withdrew:
        notices.append(
            _("%(pair)s sits out round %(round)d.")
            % {"pair": seated[0], "round": item.number}
        )
    later = [r for r in rounds if r.number > item.number and not r.sit_out]
    if later:
        notices.append(_next_round(later[0]))
    return notices


def _next_round(item: TableRound) -> str:
    """ "Next at this table: round 2, 7NS against 6EW, boards 1-2 …"."""
    values = {
        "round": item.number,
        "ns": item.ns.label,
        "ew": item.ew.label,
        "boards": item.boards_text(),
    }
    holder = next((li.elsewhere for li in item.boards if li.elsewhere), None)
    if holder is None:
        return (
            _("Next at this table: round %(round)d, %(ns)s against %(ew)s, "
              "boards %(boards)s.")
            % values
        )  # fmt: skip
    return (
        _("Next at this table: round %(round)d, %(ns)s against %(ew)s, boards "
          "%(boards)s (still at table %(table)d).")
        % (values | {"table": holder})
    )  # fmt: skip


def _changes(table: Table, movement: Movement, item: TableRound) -> list[str]:
    """The withdrawals and late pairs that change this table from the round
    shown on: which pair, and in which rounds."""
    notices = []
    for action, pair, first, after in arrivals_and_withdrawals(table):
        start = max(first or 1, item.number)
        here = [
            number
            for number in range(start, movement.rounds + 1)
            if pair in _labels(movement, number, table.number)
        ]
        if not here:
            continue
        values = {
            "pair": pair,
            "rounds": ", ".join(str(n) for n in here),
            "first": first or 1,
        }
        if action == SectionChange.Action.LATE_PAIR:
            text = ngettext(
                "Pair %(pair)s came late and plays from round %(first)d: "
                "at this table in round %(rounds)s.",
                "Pair %(pair)s came late and plays from round %(first)d: "
                "at this table in rounds %(rounds)s.",
                len(here),
            )
        elif (after or {}).get("averaged_lines"):
            text = ngettext(
                "Pair %(pair)s withdrew from round %(first)d: its boards at "
                "this table in round %(rounds)s are scored as averages.",
                "Pair %(pair)s withdrew from round %(first)d: its boards at "
                "this table in rounds %(rounds)s are scored as averages.",
                len(here),
            )
        else:
            text = ngettext(
                "Pair %(pair)s withdrew from round %(first)d: no play at this "
                "table in round %(rounds)s.",
                "Pair %(pair)s withdrew from round %(first)d: no play at this "
                "table in rounds %(rounds)s.",
                len(here),
            )
        notices.append(text % values)
    return notices


def _labels(movement: Movement, number: int, table: int) -> set[str]:
    seating = movement.seating(number, table)
    return {movement.pair(seating.ns).label, movement.pair(seating.ew).label}
