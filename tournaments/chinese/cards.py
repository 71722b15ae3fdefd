"""Printed Chinese bridge table cards: the two players of each round's match
at the table (the shared layout of ``director.cards``)."""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from tournaments.chinese.selectors import section_matches
from tournaments.director.cards import Card, CardRow, Seat, render_cards
from tournaments.models import Event
from tournaments.selectors.player_games import (
    event_of_kind,
    only_section,
    section_tables,
)


@staff_member_required
def chinese_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Chinese bridge: the two players of each round's match at the table.

    A Swiss round appears once it is paired: print the cards again then.
    """
    event = event_of_kind(pk, Event.Kind.CHINESE)
    section = only_section(event)
    cards = {table.number: Card(table.number) for table in section_tables(section)}
    matches = section_matches(section)
    for match in matches:
        if match.b is None or match.table not in cards:
            continue
        seats = [Seat("A", match.a.display_name), Seat("B", match.b.display_name)]
        cards[match.table].rows.append(CardRow(match.round, seats))
    notes = []
    if section.chinese.format != "round-robin":
        notes = [_("Each Swiss round shows here once it is paired: print again.")]
    return render_cards(
        request, event, section, list(cards.values()),
        summary=_("Chinese bridge"), columns=["A", "B"], note_column="",
        notes=notes,
    )  # fmt: skip
