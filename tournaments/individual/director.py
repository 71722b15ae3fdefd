"""The director's individual bridge pages: create an event, and see it.

The event page lists each round's tables with the four players by seat, the
partnerships the tablets enter under, who sits out, and the tables' codes.
Boards are then corrected as in pairs bridge (the section's traveller pages).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.director.event_new import event_new_view
from tournaments.director.event_page import section_event_view
from tournaments.director.game_forms import PlayersEventForm
from tournaments.individual.movement import (
    DEFAULT_ROUNDS,
    MAX_ROUNDS,
    MIN_ROUNDS,
)
from tournaments.individual.selectors import entrants_by_number
from tournaments.individual.services import individual_event_create, section_schedule
from tournaments.models import Section
from tournaments.selectors.player_games import section_tables


class IndividualEventForm(PlayersEventForm):
    """An individual: 8 to 28 players, a new partner every round."""

    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"),
        min_value=MIN_ROUNDS,
        max_value=MAX_ROUNDS,
        initial=DEFAULT_ROUNDS,
    )
    boards_per_round = forms.IntegerField(
        label=gettext_lazy("Boards per round"), min_value=1, max_value=8, initial=3
    )


# Create an individual bridge event.
individual_event_new = event_new_view(
    IndividualEventForm,
    individual_event_create,
    title=gettext_lazy("New individual event"),
)


def seated_rounds(section: Section) -> list[tuple[int, list[dict], list[object]]]:
    """Each round: its tables (number, boards, partnerships, players by seat)
    and the players sitting out."""
    schedule = section_schedule(section)
    players = entrants_by_number(section)
    offset = section.first_board - 1
    rounds = []
    for number in range(1, schedule.rounds + 1):
        tables = [
            {
                "table": s.table,
                "boards": f"{s.boards[0] + offset}-{s.boards[-1] + offset}",
                "ns": schedule.partnership_id(number, s.table, "NS"),
                "ew": schedule.partnership_id(number, s.table, "EW"),
                "seats": list(
                    zip("NESW", (players[p] for p in s.players), strict=True)
                ),
            }
            for s in schedule.seatings
            if s.round == number
        ]
        out = [players[p] for p in schedule.sit_outs[number - 1]]
        rounds.append((number, tables, out))
    return rounds


# An individual event for its director: the movement, player by seat.
individual_event_detail = section_event_view(
    "individual/director_event.html",
    lambda section: {
        "rounds": seated_rounds(section),
        "tables": section_tables(section),
    },
)
