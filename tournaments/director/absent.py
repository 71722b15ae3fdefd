"""The section page's action: a pair absent for some rounds, its opponents
awarded a score.  Thin: ``services.absent_awards`` checks and writes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.director.absent_form import AbsentForm
from tournaments.director.running import _refused, _render
from tournaments.models import Section
from tournaments.services.absent_awards import pair_absent


@require_POST
@staff_member_required
def absent(request: HttpRequest, pk: int) -> HttpResponse:
    """Score a pair absent from a round to a round with the chosen award."""
    section = get_object_or_404(Section.objects.select_related("session"), pk=pk)
    form = AbsentForm(request.POST, prefix="absent", section=section)
    if form.is_valid():
        data = form.cleaned_data
        try:
            lines = pair_absent(
                section,
                pair=data["pair"],
                first=data["first"],
                last=data["last"],
                award=data["award"],
                user=request.user,
            )
        except ValidationError as error:
            _refused(form, error)
        else:
            messages.success(
                request,
                _("Pair %(pair)s absent: %(lines)d boards awarded %(award)s.")
                % {"pair": data["pair"], "lines": lines, "award": data["award"]},
            )
            return redirect("director:section", section.pk)
    return _render(request, section, "absent_form", form)
