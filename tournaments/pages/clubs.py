"""A club's public page: its published events, newest first.

Anybody may read it (the results pages it links to are public once
published); events still in play show only when their live results are not
hidden, and nothing of a player but the names the rankings print.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Club

PAGE_SIZE = 100


def club_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The club, its published events, and its events in play (if shown)."""
    club = get_object_or_404(Club, pk=pk)
    events = club.events.order_by("-date", "-pk")
    published = events.filter(published=True)[:PAGE_SIZE]
    live = events.filter(
        Q(published=False, results_hidden=False, sessions__sections__isnull=False)
    ).distinct()[:PAGE_SIZE]
    context = {"club": club, "published": published, "live": live}
    return render(request, "tournaments/club.html", context)
