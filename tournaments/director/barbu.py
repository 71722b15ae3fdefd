"""The director's Barbu pages: the event, and each manche's score sheet."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games.barbu import Contract
from tournaments.director.barbu_forms import (
    doubles_text,
    parse_doubles,
    parse_record,
    record_text,
)
from tournaments.models import BarbuDeal, Event, Section
from tournaments.services.barbu import (
    barbu_deal_submit,
    queue_section,
    section_barbu_movement,
    table_players,
)


def barbu_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """A Barbu event for its director: every manche and how many deals are in."""
    section = Section.objects.get(session__event=event)
    movement = section_barbu_movement(section)
    counts: dict[tuple[int, int], int] = {}
    for round_number, table in BarbuDeal.objects.filter(
        table__section=section
    ).values_list("round__number", "table__number"):
        counts[(round_number, table)] = counts.get((round_number, table), 0) + 1
    manches = [
        (
            seating,
            table_players(section, seating),
            counts.get((seating.round, seating.table), 0),
        )
        for seating in movement.seatings
    ]
    context = {"event": event, "section": section, "manches": manches}
    return render(request, "director/barbu_event.html", context)


@dataclass
class SheetRow:
    """One contract of the manche as typed: the record and the doubles."""

    contract: Contract
    record: str = ""
    doubles: str = ""
    points: dict[str, int] | None = None
    errors: list[str] = field(default_factory=list)


@staff_member_required
def barbu_manche(request: HttpRequest, pk: int, round: int, table: int) -> HttpResponse:
    """Type or correct a manche's seven contracts; all of them or nothing."""
    event = get_object_or_404(Event, pk=pk, kind=Event.Kind.BARBU)
    section = Section.objects.get(session__event=event)
    place = get_object_or_404(section.table_set, number=table)
    movement = section_barbu_movement(section)
    if not 1 <= round <= movement.rounds:
        raise Http404(_("There is no such round."))
    seating = movement.seating(round, table)
    stored = {
        deal.contract: deal
        for deal in BarbuDeal.objects.filter(table=place, round__number=round)
    }
    rows = []
    for contract in Contract:
        deal = stored.get(contract.value)
        row = SheetRow(contract)
        if deal is not None:
            row.record = record_text(contract, deal.record)
            row.doubles = doubles_text(deal.doubles)
            row.points = deal.points()
        rows.append(row)
    status = 200
    if request.method == "POST":
        for row in rows:
            row.record = request.POST.get(f"r-{row.contract.value}", "").strip()
            row.doubles = request.POST.get(f"d-{row.contract.value}", "").strip()
        if _save(place, round, rows, request.user):
            messages.success(request, _("Manche saved."))
            return redirect("director:barbu-manche", pk, round, table)
        status = 400
    context = {
        "event": event,
        "seating": seating,
        "players": table_players(section, seating),
        "rows": rows,
    }
    return render(request, "director/barbu_manche.html", context, status=status)


def _save(table, round: int, rows: list[SheetRow], user) -> bool:
    ok = True
    with transaction.atomic():
        for row in rows:
            if not row.record:
                continue
            try:
                barbu_deal_submit(
                    table=table,
                    round=round,
                    contract=row.contract,
                    record=parse_record(row.contract, row.record),
                    doubles=parse_doubles(row.doubles),
                    user=user,
                    rescore=False,
                )
            except ValidationError as error:
                row.errors = error.messages
                ok = False
        if ok:
            queue_section(table.section)
        else:
            transaction.set_rollback(True)
    return ok
