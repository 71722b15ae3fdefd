"""The table terminal for Barbu: the round's four players and the manche's sheet.

The tablet shows who sits where and who declares this round, and takes the
seven contracts as the score sheet's lines (the same typed lines as the
director's page); the whole manche saves or nothing.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.barbu.selectors import table_round_deal_count
from tournaments.barbu.services import (
    DEALS_PER_MANCHE,
    section_barbu_movement,
    sitting_out,
    table_players,
)
from tournaments.barbu.sheet import read_sheet, save_sheet, sheet_rows
from tournaments.models import Source, Table


def barbu_play(request: HttpRequest, table: Table) -> HttpResponse:
    """The manche at the table this round: players, declarer, the sheet."""
    section = table.section
    movement = section_barbu_movement(section)
    done = {
        number: count
        for number in range(1, movement.rounds + 1)
        if (count := table_round_deal_count(table, number))
    }
    asked = request.GET.get("round") or request.POST.get("round")
    if asked:
        try:
            number = int(asked)
        except ValueError:
            number = 0
        if not 1 <= number <= movement.rounds:
            raise Http404(_("There is no such round."))
    else:
        number = next(
            (n for n in range(1, movement.rounds + 1)
             if done.get(n, 0) < DEALS_PER_MANCHE),
            movement.rounds,
        )  # fmt: skip
    seating = movement.seating(number, table.number)
    rows = sheet_rows(table, number)
    status = 200
    if request.method == "POST":
        read_sheet(rows, request.POST)
        if save_sheet(table, number, rows, None, Source.TABLE):
            return redirect(f"{request.path}?round={number}")
        status = 400
    context = {
        "table": table,
        "section": section,
        "event": section.session.event,
        "round": number,
        "rounds": [(n, done.get(n, 0)) for n in range(1, movement.rounds + 1)],
        "seating": seating,
        "players": table_players(section, seating),
        "sitting_out": sitting_out(section, number),
        "rows": rows,
    }
    return render(request, "barbu/terminal_play.html", context, status=status)
