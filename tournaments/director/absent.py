"""The section page's action: a pair absent for some rounds, its opponents
awarded a score.  Thin: ``services.absent_awards`` checks and writes."""

from __future__ import annotations

from typing import Any

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.director.absent_form import AbsentForm
from tournaments.director.running import running_section, section_action
from tournaments.services.absent_awards import pair_absent


@require_POST
@staff_member_required
def absent(request: HttpRequest, pk: int) -> HttpResponse:
    """Score a pair absent from a round to a round with the chosen award."""
    section = running_section(pk)

    def award(data: dict[str, Any]) -> str:
        lines = pair_absent(
            section,
            pair=data["pair"],
            first=data["first"],
            last=data["last"],
            award=data["award"],
            user=request.user,
        )
        return _("Pair %(pair)s absent: %(lines)d boards awarded %(award)s.") % {
            "pair": data["pair"],
            "lines": lines,
            "award": data["award"],
        }

    form = AbsentForm(request.POST, prefix="absent", section=section)
    return section_action(request, section, "absent_form", form, award)
