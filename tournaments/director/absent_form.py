"""The section page's form to mark a pair absent for some rounds, with the
award its opponents get (``services.absent_awards``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.director.section_form import SectionForm
from tournaments.services.absent_awards import DEFAULT_AWARD

AWARD_CHOICES = [
    ("A+/A-", gettext_lazy("A+ to the opponents, A- to the pair (Law 12C2, EBU)")),
    ("60/40", gettext_lazy("60 % to the opponents, 40 % to the pair (FFB, JFR)")),
    ("60/0", gettext_lazy("60 % to the opponents, 0 % to the pair (JFR walkover)")),
]


class AbsentForm(SectionForm):
    """The absent pair, its rounds (first to last) and the award."""

    pair = forms.ChoiceField(label=gettext_lazy("Pair"))
    first = forms.IntegerField(label=gettext_lazy("From round"), min_value=1)
    last = forms.IntegerField(
        label=gettext_lazy("To round"),
        min_value=1,
        required=False,
        help_text=gettext_lazy("Empty: to the last round."),
    )
    award = forms.ChoiceField(
        label=gettext_lazy("Award"), choices=AWARD_CHOICES, initial=DEFAULT_AWARD
    )
