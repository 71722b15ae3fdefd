"""The section page's forms for a running section: a late pair, a withdrawal
and the arrow switch.  Thin: the forms read the input, ``services.running``
checks it against the movement and the results, and writes."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial, wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.director.absent_form import AbsentForm
from tournaments.director.form_errors import form_write
from tournaments.director.return_to import section_or_console
from tournaments.director.section_form import SectionForm
from tournaments.models import Section, SectionChange
from tournaments.selectors.movement import section_absences
from tournaments.services.entry import StateConflict
from tournaments.services.running import (
    arrow_switch_change,
    late_pair_join,
    pair_withdraw,
)

View = Callable[[HttpRequest, int], HttpResponse]
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
    request: HttpRequest, section: Section, key: str, form: forms.Form, status: int
) -> HttpResponse:
    from tournaments.director.views import section_page

    return section_page(request, section, running={key: form}, status=status)


def running_section(pk: int) -> Section:
    """The section a section-page action changes, 404 if none."""
    return get_object_or_404(Section.objects.select_related("session"), pk=pk)


Change = Callable[[HttpRequest, Section, dict[str, Any]], str]


def running_action(key: str) -> Callable[[Change], View]:
    """The one shape of a section-page action on a running section, as a
    decorator of its change: POST by staff only, on the section ``pk`` (404
    if none), the form ``key`` of ``RUNNING_FORMS`` bound to the post.  A
    valid form's data goes to the change, which writes through a service and
    says what it did (the success message); the service's refusal goes on
    the form's fields and the page comes back with the form and a 400, or a
    409 when what is stored refuses it (``StateConflict``: results already
    in the round, a tablet's line stored meanwhile)."""

    def action(change: Change) -> View:
        @require_POST
        @staff_member_required
        @wraps(change)
        def view(request: HttpRequest, pk: int) -> HttpResponse:
            section = running_section(pk)
            form_class, prefix = RUNNING_FORMS[key]
            form = form_class(request.POST, prefix=prefix, section=section)
            conflicts: list[bool] = []

            def refuse(form: forms.Form, error: ValidationError) -> None:
                conflicts.append(isinstance(error, StateConflict))
                _refused(form, error)

            done = form_write(form, partial(change, request, section), refuse)
            if done is None:
                status = 409 if any(conflicts) else 400
                return _render(request, section, key, form, status)
            messages.success(request, done)
            return section_or_console(request, section.pk)

        return view

    return action


@running_action("late_pair_form")
def late_pair(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    """A late pair takes the phantom's seat from a round."""
    names = [data["player_a"], data["player_b"]]
    pair = late_pair_join(section, names=names, round=data["round"], user=request.user)
    said = _("Pair %(pair)s joins from round %(round)d.")
    return said % {"pair": pair.label, "round": data["round"]}


@running_action("withdraw_form")
def withdraw(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    """A pair withdraws: its opponents sit out from a round."""
    pair = pair_withdraw(section, user=request.user, **data)
    said = _("Pair %(pair)s withdrew: its opponents sit out from round %(round)d.")
    return said % {"pair": pair.label, "round": data["round"]}


@running_action("arrow_form")
def arrow_switch(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    """Set the rounds of the arrow switch."""
    arrow_switch_change(section, rounds=data["rounds"], user=request.user)
    return _("Arrow switch saved.")
