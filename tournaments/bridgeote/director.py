"""The director's pages of a Bridgeote individual event: creating one, and
every table's round.

The event page lists, round by round, who sits in each seat of each table, the deals
the round plays and how many are entered; the tablets' codes; the session's
closing and the publication, as every single-section game's page.
"""

from __future__ import annotations

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy

from games.bridgeote.individual import INDIVIDUAL_TABLES
from tournaments.bridgeote.movement import MAX_DEALS_PER_ROUND, MAX_ROUNDS
from tournaments.bridgeote.selectors import entered_counts
from tournaments.bridgeote.services import (
    bridgeote_event_create,
    seated_players,
    section_bridgeote_movement,
)
from tournaments.director.event_new import event_new_page
from tournaments.director.event_page import director_event_page
from tournaments.director.game_forms import PlayersEventForm, players_field
from tournaments.models import Event
from tournaments.selectors.player_games import only_section, section_tables


class BridgeoteEventForm(PlayersEventForm):
    """A Bridgeote individual event: players 3, 5, 6 or 7 a table."""

    players = players_field(
        gettext_lazy(
            "One player a line, table by table as they sit in round 1: the "
            "first table's players seat 1 first, then the second table's..."
        )
    )
    size = forms.TypedChoiceField(
        label=gettext_lazy("Players a table"),
        choices=[(n, n) for n in INDIVIDUAL_TABLES],
        coerce=int,
        initial=5,
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=3
    )
    deals_per_round = forms.IntegerField(
        label=gettext_lazy("Deals a round"),
        min_value=1,
        max_value=MAX_DEALS_PER_ROUND,
        initial=4,
    )


@staff_member_required
def bridgeote_event_new(request: HttpRequest) -> HttpResponse:
    """Create a Bridgeote individual event."""
    return event_new_page(
        request,
        BridgeoteEventForm,
        bridgeote_event_create,
        "director/game_event_new.html",
        title=gettext_lazy("New Bridgeote individual event"),
    )


def bridgeote_event_detail(request: HttpRequest, event: Event) -> HttpResponse:
    """Every round's tables, their players, deals and entries so far."""
    section = only_section(event)
    movement = section_bridgeote_movement(section)
    entered = entered_counts(section)
    seatings = [
        (
            seating,
            seated_players(section, seating),
            entered[seating.round, seating.table],
        )
        for seating in movement.seatings
    ]
    return director_event_page(
        request,
        "bridgeote/director_event.html",
        event,
        section=section,
        movement=movement,
        seatings=seatings,
        tables=section_tables(section),
    )
