"""The director's pages of a Bridgeote individual event: creating one, and
every table's round.

The event page lists, round by round, who sits in each seat of each table, the deals
the round plays and how many are entered; the tablets' codes; the session's
closing and the publication, as every single-section game's page.
"""

from __future__ import annotations

from functools import partial

from django import forms
from django.utils.translation import gettext_lazy

from games.bridgeote.individual import INDIVIDUAL_TABLES
from tournaments.bridgeote.movement import MAX_DEALS_PER_ROUND, MAX_ROUNDS
from tournaments.bridgeote.selectors import entered_counts
from tournaments.bridgeote.services import (
    bridgeote_event_create,
    seated_players,
    section_bridgeote_movement,
)
from tournaments.director.event_new import event_new_view
from tournaments.director.event_page import seating_rows, section_event_view
from tournaments.director.game_forms import PlayersEventForm, players_field
from tournaments.models import Section
from tournaments.selectors.player_games import section_tables


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


# Create a Bridgeote individual event.
bridgeote_event_new = event_new_view(
    BridgeoteEventForm,
    bridgeote_event_create,
    title=gettext_lazy("New Bridgeote individual event"),
)


def _seatings(section: Section) -> dict[str, object]:
    """The movement, each table of each round with its players and deals
    entered, and the tables' codes."""
    movement = section_bridgeote_movement(section)
    return {
        "movement": movement,
        "seatings": seating_rows(
            movement, partial(seated_players, section), entered_counts(section)
        ),
        "tables": section_tables(section),
    }


# A Bridgeote event for its director: every round's tables, their players,
# deals and entries so far.
bridgeote_event_detail = section_event_view("bridgeote/director_event.html", _seatings)
