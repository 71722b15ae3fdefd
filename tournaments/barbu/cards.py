"""Printed Barbu table cards (duplicate Barbu's too): the four players by
seat each round, and whose manche it is (the shared layout of
``director.cards``)."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from tournaments.barbu.duplicate import BARBU_KINDS
from tournaments.barbu.services import (
    section_barbu_movement,
    sitting_out,
    table_players,
)
from tournaments.director.cards import Card, CardRow, Seat, render_cards
from tournaments.selectors.lookups import event_of_kinds
from tournaments.selectors.player_games import (
    only_section,
)


@staff_member_required
def barbu_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Barbu: the four players by seat each round, and whose manche it is."""
    event = event_of_kinds(pk, BARBU_KINDS)
    section = only_section(event)
    movement = section_barbu_movement(section)
    cards = {table: Card(table) for table in range(1, movement.tables + 1)}
    for seating in movement.seatings:
        players = table_players(section, seating)
        seats = [Seat(str(p.number), p.display_name) for p in players.values()]
        declarer = players[seating.declarer_seat].display_name
        note = f"{seating.declarer_seat} · {declarer}"
        cards[seating.table].rows.append(CardRow(seating.round, seats, note))
    # Players not a multiple of four: who sits out each round.
    notes = [
        _("Round %(round)d: %(players)s sit(s) out.")
        % {
            "round": number,
            "players": ", ".join(f"{p.number} {p.display_name}" for p in resting),
        }
        for number in range(1, movement.rounds + 1)
        if (resting := sitting_out(section, number))
    ]
    return render_cards(
        request, event, section, list(cards.values()),
        summary="Barbu", columns=["N", "E", "S", "W"], note_column=_("Declarer"),
        notes=notes,
    )  # fmt: skip
