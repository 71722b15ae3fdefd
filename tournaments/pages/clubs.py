"""A club's public page: its published events, newest first.

Anybody may read it (the results pages it links to are public once
published); events still in play show only when their live results are not
hidden, and nothing of a player but the names the rankings print.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.selectors.club_pages import (
    club_live_events,
    club_published_events,
    public_club,
)

PAGE_SIZE = 100


def club_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The club, its published events, and its events in play (if shown)."""
    club = public_club(pk)
    published = club_published_events(club, PAGE_SIZE)
    live = club_live_events(club, PAGE_SIZE)
    context = {"club": club, "published": published, "live": live}
    return render(request, "tournaments/club.html", context)
