"""The director sets how a section's travellers show while boards are in play."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Section
from tournaments.selectors.director_sections import section_for_director


class TravellerPrivacyForm(forms.ModelForm):
    """The section's ``traveller_privacy`` choice, alone."""

    class Meta:
        model = Section
        fields = ["traveller_privacy"]


@staff_member_required
@require_POST
def section_privacy(request: HttpRequest, pk: int) -> HttpResponse:
    """Hide boards in play from the public (the default), or always show them."""
    section = section_for_director(pk)
    form = TravellerPrivacyForm(request.POST, instance=section)
    if not form.is_valid():
        return HttpResponseBadRequest(
            _("traveller_privacy: choose one of the offered settings.")
        )
    form.save()
    messages.success(request, _("Traveller setting saved."))
    return redirect("director:section", section.pk)
