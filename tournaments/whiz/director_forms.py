"""The director's Whiz forms: a new tournament, and a board's table results."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.director.game_forms import (
    PlayersEventForm,
    players_field,
    rounds_field,
)
from tournaments.models import Event
from tournaments.whiz.movements import MAX_TABLES as WHIZ_MAX_TABLES

# "A+", "A+/A/A-", "60%": an artificial score for the three players, N/E/S.
MARKS = re.compile(r"^\s*(A[+-]?|\d{1,3}%)(?:\s*/\s*(A[+-]?|\d{1,3}%)){0,2}\s*$", re.I)


class WhizEventForm(PlayersEventForm):
    """A new Whiz tournament: its mark, boards, and players in seating order."""

    mark = forms.ChoiceField(
        label=gettext_lazy("Mark"),
        choices=Event.WhizMark.choices,
        initial=Event.WhizMark.STANDARD,
    )
    exact = forms.BooleanField(
        label=gettext_lazy('No overtricks (super-Whiz, "pas de mieux")'),
        required=False,
    )
    boards_per_round = forms.IntegerField(
        label=gettext_lazy("Boards per round"), min_value=1, max_value=10, initial=3
    )
    rounds = rounds_field(
        gettext_lazy("Rounds"),
        1,
        WHIZ_MAX_TABLES,  # a round a table at most
        help_text=gettext_lazy("Leave empty: one round per table, every board played."),
    )
    players = players_field(
        gettext_lazy(
            "One player a line, 7 to 36: players 1-3 start at table 1 (N, E, S), "
            "4-6 at table 2, and so on."
        )
    )

    field_order = ["name", "date", "club", "mark", "exact", "boards_per_round",
                   "rounds", "players"]  # fmt: skip


@dataclass
class WhizRow:
    """One table's line of a Whiz board, as the director types it."""

    index: int
    table: int
    round: int
    players: list[tuple[str, str]]
    contract: str = ""
    declarer: str = ""
    result: str = ""
    points: str = ""
    result_id: int | None = None
    errors: list[str] = field(default_factory=list)
    disputed: bool = False

    @property
    def adjusted(self) -> list[str] | None:
        """The three players' marks when the contract box holds "A+/A/A-"."""
        if not MARKS.match(self.contract):
            return None
        marks = [part.strip().upper() for part in self.contract.split("/")]
        return (marks * 3)[:3] if len(marks) == 1 else marks
