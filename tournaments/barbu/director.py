"""The director's Barbu pages: a new event (plain or duplicate), the event,
and each manche's score sheet."""

from __future__ import annotations

from functools import partial

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.barbu.duplicate import BARBU_KINDS
from tournaments.barbu.event_form import BarbuEventForm
from tournaments.barbu.selectors import manche_deal_counts
from tournaments.barbu.services import (
    barbu_duplicate_event_create,
    barbu_event_create,
    section_barbu_movement,
    sitting_out,
    table_players,
)
from tournaments.barbu.sheet import read_sheet, save_sheet, sheet_rows
from tournaments.director.console import sheet_audit_rows
from tournaments.director.event_new import event_new_view
from tournaments.director.event_page import seating_rows, section_event_view
from tournaments.models import Section, Source
from tournaments.selectors.lookups import event_of_kinds
from tournaments.selectors.player_games import (
    only_section,
    section_table,
)

# Create a Barbu event.
barbu_event_new = event_new_view(
    BarbuEventForm, barbu_event_create, title=gettext_lazy("New Barbu event")
)


# Create a duplicate Barbu event: the same deals at every table.
barbu_duplicate_event_new = event_new_view(
    BarbuEventForm,
    barbu_duplicate_event_create,
    title=gettext_lazy("New duplicate Barbu event"),
)


def _manches(section: Section) -> dict[str, object]:
    """Each manche with its players and deals in, and who sits out each round."""
    movement = section_barbu_movement(section)
    return {
        "manches": seating_rows(
            movement, partial(table_players, section), manche_deal_counts(section)
        ),
        "sit_outs": [
            (number, players)
            for number in range(1, movement.rounds + 1)
            if (players := sitting_out(section, number))
        ],
    }


# A Barbu event for its director: every manche and how many deals are in.
barbu_event_detail = section_event_view("barbu/director_event.html", _manches)


@staff_member_required
def barbu_manche(request: HttpRequest, pk: int, round: int, table: int) -> HttpResponse:
    """Type or correct a manche's seven contracts; all of them or nothing."""
    event = event_of_kinds(pk, BARBU_KINDS)
    section = only_section(event)
    place = section_table(section, table)
    movement = section_barbu_movement(section)
    if not 1 <= round <= movement.rounds:
        raise Http404(_("There is no such round."))
    seating = movement.seating(round, table)
    rows = sheet_rows(place, round)
    status = 200
    if request.method == "POST":
        read_sheet(rows, request.POST)
        if save_sheet(place, round, rows, request.user, Source.DIRECTOR):
            messages.success(request, _("Manche saved."))
            return redirect("director:barbu-manche", pk, round, table)
        status = 400
    context = {
        "event": event,
        "seating": seating,
        "players": table_players(section, seating),
        "rows": rows,
        "changes": sheet_audit_rows(section, place),
    }
    return render(request, "barbu/director_manche.html", context, status=status)
