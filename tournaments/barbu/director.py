"""The director's Barbu pages: a new event (plain or duplicate), the event,
and each manche's score sheet."""

from __future__ import annotations

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
from tournaments.director.event_new import event_new_page
from tournaments.director.event_page import director_event_page
from tournaments.models import Event, Source
from tournaments.selectors.lookups import event_of_kinds
from tournaments.selectors.player_games import (
    only_section,
    section_table,
)


@staff_member_required
def barbu_event_new(request: HttpRequest) -> HttpResponse:
    """Create a Barbu event."""
    return event_new_page(
        request,
        BarbuEventForm,
        barbu_event_create,
        "director/game_event_new.html",
        title=gettext_lazy("New Barbu event"),
    )


@staff_member_required
def barbu_duplicate_event_new(request: HttpRequest) -> HttpResponse:
    """Create a duplicate Barbu event: the same deals at every table."""
    return event_new_page(
        request,
        BarbuEventForm,
        barbu_duplicate_event_create,
        "director/game_event_new.html",
        title=gettext_lazy("New duplicate Barbu event"),
    )


def barbu_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """A Barbu event for its director: every manche and how many deals are in."""
    section = only_section(event)
    movement = section_barbu_movement(section)
    counts = manche_deal_counts(section)
    manches = [
        (
            seating,
            table_players(section, seating),
            counts.get((seating.round, seating.table), 0),
        )
        for seating in movement.seatings
    ]
    sit_outs = [
        (number, players)
        for number in range(1, movement.rounds + 1)
        if (players := sitting_out(section, number))
    ]
    return director_event_page(
        request,
        "barbu/director_event.html",
        event,
        section=section,
        manches=manches,
        sit_outs=sit_outs,
    )


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
