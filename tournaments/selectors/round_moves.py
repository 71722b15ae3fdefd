"""What the room is told when a round ends: the general move of a movement.

A Mitchell's NS pairs stay (the tables are numbered by them), the EW pairs
move up and the boards down; the move is read from the movement itself,
round to round, so a skip round ("EW up two tables") and a relay's bye
stand come out of it, and so does the arrow switch: before an arrow-switch
round the pairs are told to swap directions, after it to take their own
seats again.  A Howell's pairs each follow their table card.  The tablet's
own moves (this table's pairs and boards) are ``selectors.table_play.moves_after``.
"""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments.movements import Movement
from tournaments.movements.model import EW, MITCHELL, NS


def round_move(movement: Movement | None, round: int) -> list[str]:
    """The move after ``round`` as the room page says it, one sentence a
    line: ["NS stay, EW up one table, boards down one table."].  After the
    last round: the session is over."""
    if movement is None:
        return []
    if round >= movement.rounds:
        return [_("Last round played: the session is over.")]
    lines = []
    if movement.kind == MITCHELL:
        lines.append(_mitchell_move(movement, round))
    else:
        lines.append(_("Pairs and boards move as the table cards say."))
    following = round + 1
    if following in movement.arrow_switch_rounds and (
        round not in movement.arrow_switch_rounds
    ):
        lines.append(
            _(
                "Round %(round)d is an arrow-switch round: "
                "NS pairs sit E-W, EW pairs sit N-S."
            )
            % {"round": following}
        )
    elif round in movement.arrow_switch_rounds and (
        following not in movement.arrow_switch_rounds
    ):
        lines.append(_("Arrow switch over: every pair takes its own direction again."))
    return lines


def _mitchell_move(movement: Movement, round: int) -> str:
    """ "NS stay, EW up one table, boards down one table." for a Mitchell."""
    tables = movement.tables
    ns_steps, ew_steps = Counter(), Counter()
    for pair in movement.pairs:
        here = movement.position(pair.id, round)
        there = movement.position(pair.id, round + 1)
        if here is None or there is None:
            continue
        steps = (there[0] - here[0]) % tables
        (ns_steps if pair.direction == NS else ew_steps)[steps] += 1
    board_steps = Counter()
    for seating in movement.seatings_of_round(round):
        for later in movement.seatings_of_round(round + 1):
            if later.board_set == seating.board_set:
                board_steps[(seating.table - later.table) % tables] += 1
    parts = [_side(NS, ns_steps, tables), _side(EW, ew_steps, tables)]
    parts.append(_boards(board_steps, movement))
    return _("%(ns)s, %(ew)s, %(boards)s.") % {
        "ns": parts[0],
        "ew": parts[1],
        "boards": parts[2],
    }


def _count(number: int) -> str:
    """A count of tables as the room is told it: "one", "two" (French
    "d'une", "de deux": the context carries the preposition)."""
    words = {
        1: pgettext("tables moved", "one"),
        2: pgettext("tables moved", "two"),
        3: pgettext("tables moved", "three"),
    }
    if number in words:
        return words[number]
    return pgettext("tables moved", "%(number)d") % {"number": number}


def _side(direction: str, steps: Counter, tables: int) -> str:
    """ "NS stay", "EW up one table", "EW up two tables (the skip)"."""
    name = _("NS") if direction == NS else _("EW")
    step = steps.most_common(1)[0][0] if steps else 0
    if step == 0:
        return _("%(pairs)s stay") % {"pairs": name}
    if step > tables // 2:
        down = tables - step
        return ngettext(
            "%(pairs)s down %(count)s table",
            "%(pairs)s down %(count)s tables",
            down,
        ) % {"pairs": name, "count": _count(down)}
    text = ngettext(
        "%(pairs)s up %(count)s table",
        "%(pairs)s up %(count)s tables",
        step,
    ) % {"pairs": name, "count": _count(step)}
    if direction == EW and step == 2:
        text = _("%(move)s (the skip)") % {"move": text}
    return text


def _boards(steps: Counter, movement: Movement) -> str:
    """ "boards down one table", with the relay's bye stand when there is one."""
    if not steps:
        return _("boards stay")
    down = steps.most_common(1)[0][0]
    if down == 0:
        return _("boards stay")
    text = ngettext(
        "boards down %(count)s table", "boards down %(count)s tables", down
    ) % {"count": _count(down)}
    if movement.variant == "relay":
        text = _("%(move)s, through the relay and the bye stand") % {"move": text}
    return text
