"""The director's one-click fixes of a line the live checks flag.

``selectors.line_checks`` says what is unusual and the fix; this applies it
through the one write path (``services.results`` -> ``services.entry``), so
the change is audited and the section rescored: the declarer put across the
table (``direction``), the sign reversed (``sign``), the line moved to the
board of the round it fits (``board``).  A director only; refused (naming
``code``) when the line is not, or no longer, flagged for that fix.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.checks import BOARD, DIRECTION, SIGN
from tournaments.models import Board, Result, Source
from tournaments.selectors.line_checks import line_findings
from tournaments.services.results import (
    result_enter,
    result_move,
    result_sign_reverse,
)

FIXES = (DIRECTION, SIGN, BOARD)


def line_check_fix(
    result: Result,
    code: str,
    *,
    user: AbstractBaseUser | None = None,
    source: str = Source.DIRECTOR,
) -> Result:
    """Apply the fix the ``code`` finding of ``result`` proposes."""
    finding = next((f for f in line_findings(result) if f.code == code), None)
    if code not in FIXES or finding is None or not finding.fix:
        raise ValidationError(
            {"code": _("Board %(board)d, %(ns)s v %(ew)s has no \"%(code)s\" "
                       "fix to make now.")
             % {"board": result.board.number, "ns": result.ns_pair.label,
                "ew": result.ew_pair.label, "code": code}}
        )  # fmt: skip
    if code == DIRECTION:
        line, _created = result_enter(
            board=result.board,
            ns_pair=result.ns_pair,
            ew_pair=result.ew_pair,
            contract=result.contract,
            declarer=str(finding.fix["declarer"]),
            tricks=result.tricks,
            lead=result.lead,
            round=result.round,
            table=result.table,
            user=user,
            result=result,
            source=source,
        )
        return line
    if code == SIGN:
        return result_sign_reverse(result, user=user, source=source)
    board = Board.objects.get(
        section_id=result.board.section_id, number=finding.fix["board"]
    )
    return result_move(result, board, user=user, source=source)
