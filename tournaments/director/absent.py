"""The section page's action: a pair absent for some rounds, its opponents
awarded a score.  Thin: ``services.absent_awards`` checks and writes."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _

from tournaments.director.running import running_action
from tournaments.models import Section
from tournaments.services.absent_awards import pair_absent


@running_action("absent_form")
def absent(request: HttpRequest, section: Section, data: dict[str, Any]) -> str:
    """Score a pair absent from a round to a round with the chosen award."""
    lines = pair_absent(section, user=request.user, **data)
    said = _("Pair %(pair)s absent: %(lines)d boards awarded %(award)s.")
    return said % {"pair": data["pair"], "lines": lines, "award": data["award"]}
