"""Pages for directors and players: the games Donne scores and their rules."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.catalogue import GAMES, game_info
from games.errors import GameError
from tournaments.models import Club, Event
from tournaments.pages.rules import bridge_rule_tables, parse_match_length


def home(request: HttpRequest) -> HttpResponse:
    """The latest results, the games with their scoring, and the clubs."""
    clubs = Club.objects.order_by("name").prefetch_related("players")
    events = Event.objects.filter(sessions__sections__isnull=False)
    events = events.exclude(published=False, results_hidden=True).distinct()[:10]
    context = {"games": GAMES, "clubs": clubs, "events": events}
    return render(request, "tournaments/home.html", context)


def game_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show one game's scoring rules; for bridge, the live scoring tables."""
    try:
        game = game_info(slug)
    except GameError:
        message = _("There is no game called “%(slug)s”.") % {"slug": slug}
        raise Http404(message) from None
    context: dict[str, object] = {"game": game}
    status = 200
    if game.slug == "bridge":
        boards, error = parse_match_length(request.GET.get("boards"))
        if error:
            status = 400
        context.update(bridge_rule_tables(boards), boards_error=error)
    return render(request, "tournaments/game_detail.html", context, status=status)
