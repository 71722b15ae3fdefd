"""Printed Whiz-Bridge table cards: who holds N, E and S each round, and
which boards the table plays (the shared layout of ``director.cards``)."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from tournaments.director.cards import Card, CardRow, Seat, render_cards
from tournaments.whiz.selectors import whiz_event, whiz_section
from tournaments.whiz.services import seated_players, section_whiz_movement


@staff_member_required
def whiz_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Whiz-Bridge: who holds N, E and S each round, and which boards."""
    event = whiz_event(pk)
    section = whiz_section(event)
    movement = section_whiz_movement(section)
    offset = section.first_board - 1
    cards = []
    for table in range(1, movement.tables + 1):
        card = Card(table)
        for number in range(1, movement.rounds + 1):
            seating = movement.seating(number, table)
            first, last = seating.boards[0] + offset, seating.boards[-1] + offset
            boards = str(first) if first == last else f"{first}-{last}"
            seats = []
            if not seating.sits_out:
                players = seated_players(section, seating).values()
                seats = [Seat(p.label, p.display_name) for p in players]
            card.rows.append(CardRow(number, seats, boards))
        cards.append(card)
    return render_cards(
        request, event, section, cards,
        summary=f"Whiz-Bridge · {_('Domy: West')}", columns=["N", "E", "S"],
        note_column=_("Boards"), notes=movement.notes,
    )  # fmt: skip
