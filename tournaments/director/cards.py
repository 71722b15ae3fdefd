"""Printable table cards of the individual games: who sits where each round.

One card a table, left on it for the evening: a row a round with the players
by seat (and the boards or the declarer), and the tablet's sign-in code with
its QR code.  Whiz-Bridge, Barbu and Chinese bridge share the layout; only
their rows differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from tournaments.barbu.duplicate import BARBU_KINDS
from tournaments.barbu.services import (
    section_barbu_movement,
    sitting_out,
    table_players,
)
from tournaments.bridgeote.services import (
    seated_players as bridgeote_seated,
)
from tournaments.bridgeote.services import section_bridgeote_movement
from tournaments.models import Event, Section
from tournaments.whiz.services import seated_players, section_whiz_movement


@dataclass(frozen=True)
class Seat:
    """A player on a card: a short label (a number) and the name."""

    label: str
    name: str


@dataclass
class CardRow:
    """One round at the table; ``seats`` empty when the table sits out."""

    round: int
    seats: list[Seat]
    note: str = ""


@dataclass
class Card:
    table: int
    rows: list[CardRow] = field(default_factory=list)


def _render(
    request: HttpRequest,
    event: Event,
    section: Section,
    cards: list[Card],
    *,
    summary: str,
    columns: list[str],
    note_column: str,
    notes: list[str] | tuple[str, ...] = (),
) -> HttpResponse:
    context = {
        "event": event,
        "section": section,
        "cards": cards,
        "summary": summary,
        "columns": columns,
        "note_column": note_column,
        "notes": notes,
    }
    return render(request, "director/game_cards.html", context)


@staff_member_required
def whiz_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Whiz-Bridge: who holds N, E and S each round, and which boards."""
    event = get_object_or_404(Event, pk=pk, kind=Event.Kind.WHIZ)
    section = Section.objects.get(session__event=event)
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
    return _render(
        request, event, section, cards,
        summary=f"Whiz-Bridge · {_('Domy: West')}", columns=["N", "E", "S"],
        note_column=_("Boards"), notes=movement.notes,
    )  # fmt: skip


@staff_member_required
def barbu_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Barbu: the four players by seat each round, and whose manche it is."""
    event = get_object_or_404(Event, pk=pk, kind__in=BARBU_KINDS)
    section = Section.objects.get(session__event=event)
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
    return _render(
        request, event, section, list(cards.values()),
        summary="Barbu", columns=["N", "E", "S", "W"], note_column=_("Declarer"),
        notes=notes,
    )  # fmt: skip


@staff_member_required
def chinese_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Chinese bridge: the two players of each round's match at the table.

    A Swiss round appears once it is paired: print the cards again then.
    """
    event = get_object_or_404(Event, pk=pk, kind=Event.Kind.CHINESE)
    section = Section.objects.get(session__event=event)
    cards = {table.number: Card(table.number) for table in section.table_set.all()}
    matches = section.chinese_matches.select_related("a__player", "b__player")
    for match in matches:
        if match.b is None or match.table not in cards:
            continue
        seats = [Seat("A", match.a.display_name), Seat("B", match.b.display_name)]
        cards[match.table].rows.append(CardRow(match.round, seats))
    notes = []
    if section.chinese.format != "round-robin":
        notes = [_("Each Swiss round shows here once it is paired: print again.")]
    return _render(
        request, event, section, list(cards.values()),
        summary=_("Chinese bridge"), columns=["A", "B"], note_column="",
        notes=notes,
    )  # fmt: skip


# Bridgeote individual events: 3, 5, 6 or 7 seats, the round's deals.
@staff_member_required
def bridgeote_cards(request: HttpRequest, pk: int) -> HttpResponse:
    """Bridgeote: the players seat by seat each round, and the deals played."""
    event = get_object_or_404(Event, pk=pk, kind=Event.Kind.BRIDGEOTE)
    section = Section.objects.get(session__event=event)
    movement = section_bridgeote_movement(section)
    cards = {table: Card(table) for table in range(1, movement.tables + 1)}
    for seating in movement.seatings:
        players = bridgeote_seated(section, seating)
        seats = [Seat(str(p.number), p.display_name) for p in players]
        first, last = seating.deals[0], seating.deals[-1]
        deals = str(first) if first == last else f"{first}-{last}"
        cards[seating.table].rows.append(CardRow(seating.round, seats, deals))
    return _render(
        request, event, section, list(cards.values()),
        summary="Bridgeote", columns=[str(n) for n in range(1, movement.size + 1)],
        note_column=_("Deals"),
    )  # fmt: skip
