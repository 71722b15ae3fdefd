"""A game's own event pages: the route below ``events/<int:pk>/<game>/``
and the name "<game>-<page>", written once by ``game_event_pages``."""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse

from tournaments.urls import game_event_pages


def _page(request, pk):
    return HttpResponse()


def test_each_page_is_below_the_games_part_of_the_event_and_named_after_it():
    patterns = game_event_pages(
        "rubber", ("cards/", _page, "cards"), ("boards/<int:number>/", _page, "board")
    )
    assert [(str(p.pattern), p.name) for p in patterns] == [
        ("events/<int:pk>/rubber/cards/", "rubber-cards"),
        ("events/<int:pk>/rubber/boards/<int:number>/", "rubber-board"),
    ]


def test_a_games_pages_keep_their_addresses_and_names():
    assert reverse("director:barbu-manche", args=[3, 2, 1]) == (
        "/director/events/3/barbu/rounds/2/tables/1/"
    )
    assert reverse("results:chinese-player", args=[4, 5]) == (
        "/events/4/chinese/players/5/"
    )
