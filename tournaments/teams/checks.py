"""What a teams match's lines may hold beyond the checks every line goes through.

A teams match is adjusted in marks only (Law 86A gives average-plus and
average-minus in IMPs): the teams game's ``check_adjusted``.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.services.checks import ARTIFICIAL_MARKS


def check_team_marks(fields: dict[str, object]) -> None:
    """A teams match is adjusted in marks only: A+ / A / A- are +3 / 0 / -3 IMPs.

    Law 86A gives average-plus and average-minus in IMPs; a matchpoint
    percentage has no meaning in a match between two teams.
    """
    if fields.get("absent"):
        raise ValidationError(
            {"absent": _("A teams match has no award against an absent pair.")}
        )
    for field in ("adjusted_ns", "adjusted_ew"):
        if fields[field] not in ARTIFICIAL_MARKS:
            raise ValidationError(
                {field: _("In a teams match write A+, A or A- (3, 0 or -3 IMPs).")}
            )
