"""Pages for directors and players: the games Donne scores and their rules."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.catalogue import GAMES, game_info
from games.errors import GameError
from tournaments.pages.rules import bridge_rule_tables, parse_match_length
from tournaments.selectors.club_pages import clubs_with_players, latest_shown_events


def home(request: HttpRequest) -> HttpResponse:
    """The latest results, the games with their scoring, and the clubs."""
    clubs = clubs_with_players()
    events = latest_shown_events()
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
