"""The director's forms for new Barbu and Chinese bridge events."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.models import ChineseSettings, Club
from tournaments.services.whiz import WhizEntry


class PlayersEventForm(forms.Form):
    """An event of players entered one a line, seeded in that order."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=160)
    date = forms.DateField(
        label=gettext_lazy("Date"), widget=forms.DateInput(attrs={"type": "date"})
    )
    club = forms.ModelChoiceField(
        label=gettext_lazy("Club"), queryset=Club.objects.all(), required=False
    )
    players = forms.CharField(
        label=gettext_lazy("Players"),
        widget=forms.Textarea(attrs={"rows": 12}),
        help_text=gettext_lazy("One player a line, in seating or seeding order."),
    )

    def clean_players(self) -> list[WhizEntry]:
        lines = self.cleaned_data["players"].splitlines()
        return [WhizEntry(name=line.strip()) for line in lines if line.strip()]


class BarbuEventForm(PlayersEventForm):
    """A Barbu event: players four a table, a manche a round."""

    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"), min_value=1, max_value=12, initial=4
    )


class ChineseEventForm(PlayersEventForm):
    """A Chinese bridge event: round robin or Swiss, duplicate or not."""

    format = forms.ChoiceField(
        label=gettext_lazy("Format"), choices=ChineseSettings.Format.choices
    )
    hands = forms.IntegerField(
        label=gettext_lazy("Hands a match"), min_value=2, max_value=40, initial=4
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds (Swiss)"),
        min_value=0,
        max_value=60,
        initial=0,
        required=False,
    )
    duplicate = forms.BooleanField(label=gettext_lazy("Duplicate"), required=False)

    def clean_rounds(self) -> int:
        return self.cleaned_data.get("rounds") or 0
