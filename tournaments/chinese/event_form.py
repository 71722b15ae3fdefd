"""The director's form for a new Chinese bridge event."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.director.game_forms import PlayersEventForm, rounds_field
from tournaments.models import ChineseSettings


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
        """Left empty: 0, the format's own number of rounds."""
        return self.cleaned_data.get("rounds") or 0

    def clean_target(self) -> int:
        """Left empty: 0, a match is its number of hands."""
        return self.cleaned_data.get("target") or 0
