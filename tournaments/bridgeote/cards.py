"""Printed Bridgeote table cards: the players seat by seat each round (3, 5,
6 or 7 a table), and the deals played (the shared layout of
``director.cards``)."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from tournaments.bridgeote.services import seated_players, section_bridgeote_movement
from tournaments.director.cards import Card, CardRow, Seat, render_cards
from tournaments.models import Event
from tournaments.selectors.player_games import event_of_kind, only_section


@staff_member_required
def bridgeote_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Bridgeote: the players seat by seat each round, and the deals played."""
    event = event_of_kind(pk, Event.Kind.BRIDGEOTE)
    section = only_section(event)
    movement = section_bridgeote_movement(section)
    cards = {table: Card(table) for table in range(1, movement.tables + 1)}
    for seating in movement.seatings:
        players = seated_players(section, seating)
        seats = [Seat(str(p.number), p.display_name) for p in players]
        first, last = seating.deals[0], seating.deals[-1]
        deals = str(first) if first == last else f"{first}-{last}"
        cards[seating.table].rows.append(CardRow(seating.round, seats, deals))
    return render_cards(
        request, event, section, list(cards.values()),
        summary="Bridgeote", columns=[str(n) for n in range(1, movement.size + 1)],
        note_column=_("Deals"),
    )  # fmt: skip
