"""Public results of a Barbu event: ranking, manche sheets, scorecards."""

from __future__ import annotations

from itertools import groupby

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import BarbuDeal, BarbuEntrant, BarbuScore, Event, Section


def barbu_section(event: Event) -> Section:
    return get_object_or_404(Section, session__event=event)


def barbu_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    """The ranking, then every manche sheet (round by round, table by table)."""
    section = barbu_section(event)
    deals = BarbuDeal.objects.filter(table__section=section).select_related(
        "round", "table", "declarer__player", "north__player", "east__player",
        "south__player", "west__player",
    )  # fmt: skip
    sheets = [
        (key, list(group))
        for key, group in groupby(
            deals, key=lambda deal: (deal.round.number, deal.table.number)
        )
    ]
    context = {
        "event": event,
        "section": section,
        "scores": BarbuScore.objects.filter(entrant__section=section).select_related(
            "entrant__player"
        ),
        "sheets": sheets,
        "live": live,
    }
    return render(request, "results/barbu.html", context)


def barbu_player(
    request: HttpRequest, event: Event, entrant_pk: int, live: dict[str, object]
) -> HttpResponse:
    """A player's scorecard: each deal he played and his points."""
    section = barbu_section(event)
    entrant = get_object_or_404(BarbuEntrant, section=section, pk=entrant_pk)
    rows = []
    deals = BarbuDeal.objects.filter(table__section=section).select_related(
        "round", "table", "declarer", "north", "east", "south", "west"
    )
    for deal in deals:
        for seat, player in deal.players().items():
            if player.pk == entrant.pk:
                rows.append((deal, seat, deal.points()[seat]))
    context = {
        "event": event,
        "entrant": entrant,
        "score": BarbuScore.objects.filter(entrant=entrant).first(),
        "rows": rows,
        "live": live,
    }
    return render(request, "results/barbu_player.html", context)
