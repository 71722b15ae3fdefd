"""The section page's forms for a running section: a late pair, a withdrawal
and the arrow switch.  Thin: the forms read the input, ``services.running``
checks it against the movement and the results, and writes."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.director.absent_form import AbsentForm
from tournaments.models import Section, SectionChange
from tournaments.selectors.movement import section_absences
from tournaments.services.running import (
    arrow_switch_change,
    late_pair_join,
    pair_withdraw,
)

ROUND_LIST = re.compile(r"^[\d\s,]*$")


class LatePairForm(forms.Form):
    """The late pair's two players and the round it joins."""

    player_a = forms.CharField(label=gettext_lazy("Player"), max_length=90)
    player_b = forms.CharField(label=gettext_lazy("Partner"), max_length=90)
    round = forms.IntegerField(label=gettext_lazy("From round"), min_value=1)


class WithdrawForm(forms.Form):
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

    def __init__(self, *args: Any, section: Section, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pair"].choices = [
            (pair.label, f"{pair.label} {pair.names}".strip())
            for pair in section.pairs.order_by("-direction", "number")
        ]


def parse_rounds(text: str) -> list[int]:
    """Round numbers typed as "3, 5" (refused with a message otherwise)."""
    if not ROUND_LIST.match(text or "") or len(text or "") > 200:
        raise forms.ValidationError(
            _("Give round numbers separated by commas, e.g. 3, 5.")
        )
    return [int(part) for part in re.split(r"[\s,]+", text.strip()) if part]


class ArrowSwitchForm(forms.Form):
    """The rounds in which the Mitchell's pairs swap directions."""

    rounds = forms.CharField(
        label=gettext_lazy("Arrow switch rounds"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Round numbers separated by commas; empty for none."),
    )

    def clean_rounds(self) -> list[int]:
        return parse_rounds(self.cleaned_data.get("rounds", ""))


def running_forms(
    section: Section, data: dict[str, Any] | None = None
) -> dict[str, forms.Form]:
    """The three forms of the section page, bound to ``data`` for the one posted."""
    return {
        "late_pair_form": LatePairForm(prefix="late"),
        "withdraw_form": WithdrawForm(prefix="withdraw", section=section),
        "absent_form": AbsentForm(prefix="absent", section=section),
        "arrow_form": ArrowSwitchForm(
            prefix="arrow",
            initial={"rounds": ", ".join(str(r) for r in section.arrow_switch_rounds)},
        ),
        **(data or {}),
    }


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


# The services' field names, as the section page's forms name them.
FORM_FIELDS = {"names": "player_a", "arrow_switch_rounds": "rounds"}


def _refused(form: forms.Form, error: ValidationError) -> None:
    """Put the service's refusal on the form's field it names."""
    for field, messages_ in error.message_dict.items():
        target = FORM_FIELDS.get(field, field)
        for message in messages_:
            if target in form.fields:
                form.add_error(target, message)
            else:
                form.add_error(None, f"{field}: {message}")


def _render(
    request: HttpRequest, section: Section, key: str, form: forms.Form
) -> HttpResponse:
    from tournaments.director.views import section_page

    return section_page(request, section, running={key: form}, status=400)


def running_section(pk: int) -> Section:
    """The section a section-page action changes, 404 if none."""
    return get_object_or_404(Section.objects.select_related("session"), pk=pk)


def section_action(
    request: HttpRequest,
    section: Section,
    key: str,
    form: forms.Form,
    change: Callable[[dict[str, Any]], str],
) -> HttpResponse:
    """The one shape of a section-page action on a running section: a valid
    form's data goes to ``change``, which writes through a service and says
    what it did (the success message); the service's refusal goes on the
    form's fields and the page comes back with the form (``key``) and a 400."""
    if form.is_valid():
        try:
            done = change(form.cleaned_data)
        except ValidationError as error:
            _refused(form, error)
        else:
            messages.success(request, done)
            return redirect("director:section", section.pk)
    return _render(request, section, key, form)


@require_POST
@staff_member_required
def late_pair(request: HttpRequest, pk: int) -> HttpResponse:
    """A late pair takes the phantom's seat from a round."""
    section = running_section(pk)

    def join(data: dict[str, Any]) -> str:
        pair = late_pair_join(
            section,
            names=[data["player_a"], data["player_b"]],
            round=data["round"],
            user=request.user,
        )
        return _("Pair %(pair)s joins from round %(round)d.") % {
            "pair": pair.label,
            "round": data["round"],
        }

    form = LatePairForm(request.POST, prefix="late")
    return section_action(request, section, "late_pair_form", form, join)


@require_POST
@staff_member_required
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    """A pair withdraws: its opponents sit out from a round."""
    section = running_section(pk)

    def leave(data: dict[str, Any]) -> str:
        pair = pair_withdraw(
            section,
            pair=data["pair"],
            round=data["round"],
            averages=data["averages"],
            user=request.user,
        )
        said = _("Pair %(pair)s withdrew: its opponents sit out from round %(round)d.")
        return said % {"pair": pair.label, "round": data["round"]}

    form = WithdrawForm(request.POST, prefix="withdraw", section=section)
    return section_action(request, section, "withdraw_form", form, leave)


@require_POST
@staff_member_required
def arrow_switch(request: HttpRequest, pk: int) -> HttpResponse:
    """Set the rounds of the arrow switch."""
    section = running_section(pk)

    def switch(data: dict[str, Any]) -> str:
        arrow_switch_change(section, rounds=data["rounds"], user=request.user)
        return _("Arrow switch saved.")

    form = ArrowSwitchForm(request.POST, prefix="arrow")
    return section_action(request, section, "arrow_form", form, switch)
