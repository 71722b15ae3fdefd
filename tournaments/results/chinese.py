"""Public results of a Chinese bridge event: the ranking and every round's matches."""

from __future__ import annotations

from itertools import groupby

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Event, Section


def chinese_results(
    request: HttpRequest, event: Event, live: dict[str, object]
) -> HttpResponse:
    section = get_object_or_404(Section, session__event=event)
    matches = section.chinese_matches.select_related("a__player", "b__player")
    context = {
        "event": event,
        "section": section,
        "settings": section.chinese,
        "players": section.chinese_players.select_related("player").order_by(
            "position", "number"
        ),
        "rounds": [
            (number, list(group))
            for number, group in groupby(matches, key=lambda m: m.round)
        ],
        "live": live,
    }
    return render(request, "results/chinese.html", context)
