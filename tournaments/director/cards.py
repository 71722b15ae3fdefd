"""Printable table cards of the individual games: who sits where each round.

One card a table, left on it for the evening: a row a round with the players
by seat (and the boards or the declarer), and the tablet's sign-in code with
its QR code.  Whiz-Bridge, Barbu, Chinese bridge and Bridgeote share the
layout drawn here; each game's package fills the rows (its ``cards``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Event, Section


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
    """One table's card: its rounds in order."""

    table: int
    rows: list[CardRow] = field(default_factory=list)


def render_cards(
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
    """The printable page of the section's cards: ``summary`` names the game,
    ``columns`` the seats, ``note_column`` each row's note (none if blank)
    and ``notes`` are printed under the cards."""
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
