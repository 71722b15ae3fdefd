"""Printable movement documents for the director: the sheet and the guide cards.

The views only load the section and its movement; the ``*_context`` functions
turn the pure movement data (:func:`table_card`, :func:`pair_card`) into rows
ready to print, with the section's real board numbers and the pairs' names.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.models import Section
from tournaments.movements import (
    Movement,
    format_boards,
    pair_card,
    table_card,
)
from tournaments.registry import section_game
from tournaments.selectors.movement import section_movement
from tournaments.selectors.movement_sheets import printable_section, section_pairs

Context = dict[str, Any]
DIRECTIONS = {"NS": gettext_lazy("N-S"), "EW": gettext_lazy("E-W")}


def _render(
    request: HttpRequest,
    section_id: int,
    template: str,
    build: Callable[[Section, Movement], Context],
) -> HttpResponse:
    """Render a movement document, or a 404 page saying why there is none."""
    section = printable_section(section_id)
    if section is None:
        message = _("There is no section %(id)d.") % {"id": section_id}
        return _unavailable(request, message)
    movement = section_movement(section)
    if movement is None:
        message = _(
            "Section %(letter)s holds imported results: it has no movement to print."
        ) % {"letter": section.letter}
        return _unavailable(request, message, section)
    context = {
        "section": section,
        "movement": movement,
        # A teams round's "rounds" are the stints between board exchanges.
        "stints": section_game(section).team_matches,
        **build(section, movement),
    }
    return render(request, template, context)


def _unavailable(
    request: HttpRequest, message: str, section: Section | None = None
) -> HttpResponse:
    """Render the "no movement to print" page with status 404."""
    context = {"message": message, "section": section}
    return render(request, "movement/unavailable.html", context, status=404)


@login_required
@staff_member_required
def sheet(request: HttpRequest, section_id: int) -> HttpResponse:
    """The movement sheet: every table of every round, with the notes."""
    return _render(request, section_id, "movement/sheet.html", sheet_context)


@login_required
@staff_member_required
def table_cards(request: HttpRequest, section_id: int) -> HttpResponse:
    """One guide card per table, to leave on the table."""
    return _render(request, section_id, "movement/table_cards.html", table_context)


@login_required
@staff_member_required
def pair_cards(request: HttpRequest, section_id: int) -> HttpResponse:
    """One guide card per pair: where it plays each round and where it goes next."""
    return _render(request, section_id, "movement/pair_cards.html", pair_context)


def sheet_context(section: Section, movement: Movement) -> Context:
    """Return the grid (rounds x tables), the board counts and the summary."""
    names = _names(section)
    offset = section.first_board - 1
    cards = [table_card(movement, t) for t in range(1, movement.tables + 1)]
    rounds = [
        {
            "number": r,
            "arrow_switch": r in movement.arrow_switch_rounds,
            "cells": [
                _sheet_cell(table, card[r - 1], names, movement, offset)
                for table, card in enumerate(cards, start=1)
            ],
        }
        for r in range(1, movement.rounds + 1)
    ]
    return {
        "summary": _summary(section, movement),
        "table_numbers": range(1, movement.tables + 1),
        "rounds": rounds,
        "board_count": len(movement.boards),
        "plays": _plays(movement, offset),
        "notes": movement.notes,
    }


def _sheet_cell(
    table: int,
    row: dict[str, Any],
    names: dict[str, str],
    movement: Movement,
    offset: int,
) -> Context:
    """Return one cell of the sheet from the table card's row of the round.

    ``sitting_out`` is the real pair facing the phantom, None if both play.
    """
    ns, ew = _entrant(row["ns"], names), _entrant(row["ew"], names)
    return {
        "table": table,
        "ns": ns,
        "ew": ew,
        "sitting_out": (ns or ew) if row["sit_out"] else None,
        "empty": row["sit_out"] and not (ns or ew),
        "boards": _boards(row, offset),
        "shared_with": _numbers(row["shared_with"]),
        "shared_count": len(row["shared_with"]),
    }


def table_context(section: Section, movement: Movement) -> Context:
    """Return one card per table: its rounds and where its boards go next."""
    names = _names(section)
    offset = section.first_board - 1
    cards = []
    for table in range(1, movement.tables + 1):
        rows = [
            {
                **row,
                "ns": _entrant(row["ns"], names),
                "ew": _entrant(row["ew"], names),
                "boards": _boards(row, offset),
                "shared_with": _numbers(row["shared_with"]),
                "shared_count": len(row["shared_with"]),
                "boards_go": _boards_go(movement, row["round"], row["board_set"]),
            }
            for row in table_card(movement, table)
        ]
        cards.append({"table": table, "rows": rows})
    return {"summary": _summary(section, movement), "cards": cards}


def pair_context(section: Section, movement: Movement) -> Context:
    """Return one card per real pair, in the movement's order."""
    names = _names(section)
    offset = section.first_board - 1
    cards = []
    for pair in movement.pairs:
        if pair.phantom:
            continue
        rows = [
            {
                **row,
                "direction": DIRECTIONS[row["direction"]],
                "opponents": _entrant(row["opponents"], names),
                "boards": _boards(row, offset),
                "next_direction": DIRECTIONS.get(row["next_direction"], ""),
            }
            for row in pair_card(movement, pair.id)
        ]
        cards.append({"pair": _entrant(pair.label, names), "rows": rows})
    return {"summary": _summary(section, movement), "cards": cards}


def _names(section: Section) -> dict[str, str]:
    """Return the players' names of the section's pairs, by pair label."""
    return {
        pair.label: pair.names
        for pair in section_pairs(section)
        if pair.names and not pair.phantom
    }


def _entrant(label: str | None, names: dict[str, str]) -> dict[str, str] | None:
    """Return a pair as printed, label and names; None for the phantom."""
    if label is None:
        return None
    return {"label": label, "names": names.get(label, "")}


def _boards(row: dict[str, Any], offset: int) -> str:
    """Write a card row's boards as numbered in the section: ``"4-6"``.

    The boards are the seating's own, as the tablets play them, never worked
    out from the board set's number: a team round's sets are copies (match
    2's sets 3 and 4 hold the same boards as match 1's 1 and 2).
    """
    return format_boards([number + offset for number in row["board_numbers"]])


def _numbers(numbers: Iterable[int]) -> str:
    """Write table numbers as ``"1, 8"``."""
    return ", ".join(str(number) for number in numbers)


def _boards_go(movement: Movement, round: int, board_set: int) -> str:
    """Say where a set goes after ``round``: tables, a stand, or nowhere more.

    Empty after the last round.  A set that no table plays in the next round
    waits on the bye stand (relay Mitchell) or a relay stand (Howell).
    """
    if round >= movement.rounds:
        return ""
    for later in range(round + 1, movement.rounds + 1):
        tables = [
            s.table
            for s in movement.seatings_of_round(later)
            if s.board_set == board_set
        ]
        if tables:
            break
    else:
        return _("finished")
    if later > round + 1:
        return _("bye stand") if movement.variant == "relay" else _("relay stand")
    return ngettext("table %(tables)s", "tables %(tables)s", len(tables)) % {
        "tables": _numbers(tables)
    }


def _plays(movement: Movement, offset: int) -> list[dict[str, Any]]:
    """Group the boards by how many times real pairs play them, most first."""
    groups: dict[int, list[int]] = defaultdict(list)
    for board in movement.boards:
        groups[movement.times_played(board)].append(board + offset)
    return [
        {"times": times, "boards": format_boards(boards)}
        for times, boards in sorted(groups.items(), reverse=True)
    ]


def _summary(section: Section, movement: Movement) -> str:
    """Describe the movement in the reader's language."""
    kind = section.get_movement_display()
    if movement.variant in Section.EvenTables.values:
        kind = f"{kind} ({section.get_even_tables_display()})"
    size = _("Tables: %(tables)d · Rounds: %(rounds)d · Boards a round: %(boards)d") % {
        "tables": movement.tables,
        "rounds": movement.rounds,
        "boards": movement.boards_per_round,
    }
    return f"{kind} · {size}"
