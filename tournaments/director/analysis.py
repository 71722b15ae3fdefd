"""The director starts the double-dummy analysis of an event's deals."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournaments.selectors.director_events import event_for_director
from tournaments.services.analysis import AnalysisRefused, analysis_start


@staff_member_required
@require_POST
def double_dummy_start(request: HttpRequest, pk: int) -> HttpResponse:
    """Queue the solver over the event's deals; the event page shows its progress."""
    event = event_for_director(pk)
    try:
        analysis = analysis_start(event)
    except AnalysisRefused as refused:
        messages.error(request, str(refused))
    else:
        messages.success(
            request,
            ngettext(
                "Double-dummy analysis of %(count)d deal started.",
                "Double-dummy analysis of %(count)d deals started.",
                analysis.total,
            )
            % {"count": analysis.total},
        )
    return redirect("director:event", pk)
