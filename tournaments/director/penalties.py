"""The section page's procedural penalties: give one to a pair, withdraw one.

Thin: the form reads the input, ``services.penalties`` checks and writes, and
the section page lists every penalty of the section (in force or withdrawn,
who gave or withdrew it and when) as its record.
"""

from __future__ import annotations

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

from tournaments.director.form_errors import form_write
from tournaments.director.return_to import section_or_console
from tournaments.models import Penalty, Section
from tournaments.registry import section_game
from tournaments.services.penalties import (
    REASON_MAX,
    applies,
    penalty_give,
    penalty_withdraw,
    section_penalties,
)


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
            for pair in section.pairs.filter(phantom=False).order_by(
                "-direction", "number"
            )
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


def _render(request: HttpRequest, section: Section, form: PenaltyForm) -> HttpResponse:
    from tournaments.director.views import section_page

    return section_page(request, section, penalty_form=form, status=400)


@require_POST
@staff_member_required
def penalty_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Give a pair a procedural penalty; the section is scored again."""
    section = get_object_or_404(Section.objects.select_related("session__event"), pk=pk)
    form = PenaltyForm(request.POST, prefix="penalty", section=section)
    penalty = form_write(
        form,
        lambda data: penalty_give(
            section,
            pair=section.pairs.get(pk=data["pair"]),
            unit=data["unit"],
            amount=data["amount"],
            reason=data["reason"],
            user=request.user,
        ),
    )
    if penalty is None:
        return _render(request, section, form)
    said = _("Pair %(pair)s penalised: %(amount)s %(unit)s.")
    amount, unit = penalty.amount.normalize(), penalty.get_unit_display()
    messages.success(
        request, said % {"pair": penalty.pair.label, "amount": amount, "unit": unit}
    )
    return section_or_console(request, section.pk)


@require_POST
@staff_member_required
def penalty_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Withdraw a penalty: it stays on the record, no longer applied."""
    penalty = get_object_or_404(Penalty.objects.select_related("pair"), pk=pk)
    try:
        penalty_withdraw(penalty, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            _("The penalty on pair %(pair)s is withdrawn.")
            % {"pair": penalty.pair.label},
        )
    return redirect("director:section", penalty.pair.section_id)
