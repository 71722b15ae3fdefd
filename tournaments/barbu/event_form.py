"""The director's form for a new Barbu event, plain or duplicate."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.barbu.movement import MAX_ROUNDS
from tournaments.director.game_forms import PlayersEventForm


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
