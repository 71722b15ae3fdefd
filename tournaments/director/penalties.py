"""The section page's procedural penalties: give one to a pair, withdraw one.

Thin: the form reads the input, ``services.penalties`` checks and writes, and
the section page lists every penalty of the section (in force or withdrawn,
who gave or withdrew it and when) as its record.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.director.form_errors import form_write
from tournaments.director.penalty_form import PenaltyForm
from tournaments.director.return_to import section_or_console
from tournaments.director.section_page import section_page
from tournaments.models import Section
from tournaments.selectors.director_lines import penalty_with_pair
from tournaments.selectors.director_sections import (
    section_pair,
)
from tournaments.selectors.lookups import section_with_event
from tournaments.services.penalties import (
    penalty_give,
    penalty_withdraw,
)


def _render(request: HttpRequest, section: Section, form: PenaltyForm) -> HttpResponse:
    return section_page(request, section, penalty_form=form, status=400)


@require_POST
@staff_member_required
def penalty_new(request: HttpRequest, pk: int) -> HttpResponse:
    """Give a pair a procedural penalty; the section is scored again."""
    section = section_with_event(pk)
    form = PenaltyForm(request.POST, prefix="penalty", section=section)
    penalty = form_write(
        form,
        lambda data: penalty_give(
            section,
            pair=section_pair(section, data["pair"]),
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
    penalty = penalty_with_pair(pk)
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
