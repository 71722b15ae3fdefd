"""The director's forms for new events: what every game's form shares (each
game's own form is in its package)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from tournaments.models import Club
from tournaments.services.single_section import PlayerEntry


class EventForm(forms.Form):
    """What every new event is given: its name, date and club."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=160)
    date = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    club = forms.ModelChoiceField(
        label=gettext_lazy("Club"), queryset=Club.objects.all(), required=False
    )


def rounds_field(
    label: Promise, low: int, high: int, **options: Any
) -> forms.IntegerField:
    """A number of rounds the director may leave empty: the game then plays
    its whole movement (or, at 0, its own default)."""
    return forms.IntegerField(
        label=label, min_value=low, max_value=high, required=False, **options
    )


def players_field(help_text: Promise) -> forms.CharField:
    """The box of players, one a line."""
    return forms.CharField(
        label=gettext_lazy("Players"),
        widget=forms.Textarea(attrs={"rows": 12}),
        help_text=help_text,
    )


class PlayersEventForm(EventForm):
    """An event of players entered one a line, seeded in that order.

    The players reach the service creating the event as ``entries``.
    """

    players = players_field(
        gettext_lazy("One player a line, in seating or seeding order.")
    )

    def clean_players(self) -> list[PlayerEntry]:
        lines = self.cleaned_data["players"].splitlines()
        return [PlayerEntry(name=line.strip()) for line in lines if line.strip()]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if "players" in data:
            data["entries"] = data.pop("players")
        return data
