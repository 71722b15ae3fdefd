"""The director's forms for new events: what they share, Barbu and Chinese bridge."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from tournaments.barbu.movement import MAX_ROUNDS
from tournaments.models import ChineseSettings, Club
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


class BarbuEventForm(PlayersEventForm):
    """A Barbu event: players four a table, a manche a round."""

    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"), min_value=1, max_value=MAX_ROUNDS, initial=4
    )
    # Issue 22: a duplicate Barbu (the same deals at every table, compared).
    duplicate = forms.BooleanField(
        label=gettext_lazy("Duplicate (the same deals at every table)"),
        required=False,
    )
    compulsory_doubles = forms.IntegerField(
        label=gettext_lazy("Compulsory doubles of the declarer a manche"),
        min_value=0,
        max_value=7,
        initial=2,
        required=False,
    )

    def clean_compulsory_doubles(self) -> int:
        """Left empty: the usual two."""
        value = self.cleaned_data.get("compulsory_doubles")
        return 2 if value is None else value


class ChineseEventForm(PlayersEventForm):
    """A Chinese bridge event: round robin or Swiss, duplicate or not."""

    format = forms.ChoiceField(
        label=gettext_lazy("Format"), choices=ChineseSettings.Format.choices
    )
    hands = forms.IntegerField(
        label=gettext_lazy("Hands a match"), min_value=2, max_value=40, initial=4
    )
    target = forms.IntegerField(
        label=gettext_lazy("Points to win a match"),
        help_text=gettext_lazy("Empty: a match is the number of hands above."),
        min_value=0,
        max_value=500,
        required=False,
    )
    rounds = rounds_field(gettext_lazy("Rounds (Swiss)"), 0, 60, initial=0)
    duplicate = forms.BooleanField(label=gettext_lazy("Duplicate"), required=False)

    def clean_rounds(self) -> int:
        return self.cleaned_data.get("rounds") or 0

    def clean_target(self) -> int:
        return self.cleaned_data.get("target") or 0
