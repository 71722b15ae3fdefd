"""The section page's penalty form and what the page shows of the section's
procedural penalties (``director.penalties`` posts the form)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy

from tournaments.models import Penalty, Section
from tournaments.registry import section_game
from tournaments.selectors.director_sections import real_pairs_in_order
from tournaments.services.penalties import REASON_MAX, applies, section_penalties


class PenaltyForm(forms.Form):
    """The pair, the amount and its unit, and why."""

    pair = forms.TypedChoiceField(label=gettext_lazy("Pair"), coerce=int)
    amount = forms.DecimalField(
        label=gettext_lazy("Amount"), max_digits=5, decimal_places=2, min_value=0.01
    )
    unit = forms.ChoiceField(label=gettext_lazy("Unit"), choices=Penalty.Unit.choices)
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=REASON_MAX)

    def __init__(self, *args: Any, section: Section, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = [
            (pair.pk, f"{pair.label} {pair.names}".strip())
            for pair in real_pairs_in_order(section)
        ]
        method = section.session.event.method
        self.fields["unit"].choices = [
            (value, label)
            for value, label in Penalty.Unit.choices
            if applies(value, method)
        ]


def penalty_context(
    section: Section, form: PenaltyForm | None = None
) -> dict[str, Any]:
    """What the section page shows of the section's penalties."""
    if not section_game(section).ranks_pairs:
        return {}
    method = section.session.event.method
    penalties = [(p, applies(p.unit, method)) for p in section_penalties(section)]
    return {
        "penalties": penalties,
        "penalty_form": form or PenaltyForm(prefix="penalty", section=section),
        "penalties_closed": section.session.status == section.session.Status.CLOSED,
    }
