"""The section page's forms for a running section (a late pair, a withdrawal,
an absent pair, the arrow switch) and what the page shows of its changes.

The forms read and check the input; ``director.running`` posts them.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.director.absent_form import AbsentForm
from tournaments.director.section_form import SectionForm
from tournaments.models import Section, SectionChange
from tournaments.selectors.movement import section_absences

ROUND_LIST = re.compile(r"^[\d\s,]*$")


class LatePairForm(SectionForm):
    """The late pair's two players and the round it joins."""

    player_a = forms.CharField(label=gettext_lazy("Player"), max_length=90)
    player_b = forms.CharField(label=gettext_lazy("Partner"), max_length=90)
    round = forms.IntegerField(label=gettext_lazy("From round"), min_value=1)


class WithdrawForm(SectionForm):
    """The pair that withdraws and the first round it does not play."""

    pair = forms.ChoiceField(label=gettext_lazy("Pair"))
    round = forms.IntegerField(label=gettext_lazy("From round"), min_value=1)
    averages = forms.BooleanField(
        label=gettext_lazy(
            "Score its missed boards: Average-plus to the opponents, "
            "Average-minus to the pair (EBU, after half-way)"
        ),
        required=False,
    )


def parse_rounds(text: str) -> list[int]:
    """Round numbers typed as "3, 5" (refused with a message otherwise)."""
    if not ROUND_LIST.match(text or "") or len(text or "") > 200:
        raise forms.ValidationError(
            _("Give round numbers separated by commas, e.g. 3, 5.")
        )
    return [int(part) for part in re.split(r"[\s,]+", text.strip()) if part]


class ArrowSwitchForm(SectionForm):
    """The rounds in which the Mitchell's pairs swap directions (the
    section's, to begin with)."""

    rounds = forms.CharField(
        label=gettext_lazy("Arrow switch rounds"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Round numbers separated by commas; empty for none."),
    )

    def __init__(self, *args: Any, section: Section, **kwargs: Any) -> None:
        super().__init__(*args, section=section, **kwargs)
        rounds = section.arrow_switch_rounds
        self.fields["rounds"].initial = ", ".join(str(r) for r in rounds)

    def clean_rounds(self) -> list[int]:
        return parse_rounds(self.cleaned_data.get("rounds", ""))


# The section page's forms on a running section: its context key, the form, its prefix.
RUNNING_FORMS: dict[str, tuple[type[SectionForm], str]] = {
    "late_pair_form": (LatePairForm, "late"),
    "withdraw_form": (WithdrawForm, "withdraw"),
    "absent_form": (AbsentForm, "absent"),
    "arrow_form": (ArrowSwitchForm, "arrow"),
}


def running_forms(
    section: Section, data: dict[str, forms.Form] | None = None
) -> dict[str, forms.Form]:
    """The forms of the section page, bound ones in ``data`` for the one posted."""
    return {
        key: form(prefix=prefix, section=section)
        for key, (form, prefix) in RUNNING_FORMS.items()
    } | (data or {})


def running_context(
    section: Section, bound: dict[str, forms.Form] | None = None
) -> dict[str, Any]:
    """What the section page shows of the running section's changes."""
    running = section.movement in (Section.Movement.MITCHELL, Section.Movement.HOWELL)
    return {
        "running": running,
        "running_closed": section.session.status == section.session.Status.CLOSED,
        "absences": section_absences(section),
        "section_changes": SectionChange.objects.filter(section=section)
        .select_related("user")
        .order_by("-at", "-id")[:50],
        **(running_forms(section, bound) if running else {}),
    }
