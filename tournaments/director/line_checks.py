"""The console's "unusual results": the lines the live checks flag, each
with its reasons and a one-click fix where there is one.

Thin: ``selectors.line_checks`` finds and words them, ``services.line_checks``
applies a fix through the one write path (audited, rescored); a refusal
comes back as a message on the console.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.bridge import result_text
from games.errors import GameError
from tournaments.models import Result, Section
from tournaments.selectors.director_lines import flagged_lines, section_line
from tournaments.selectors.line_checks import (
    finding_message,
    fix_label,
    section_findings,
)
from tournaments.services.entry import refusal_messages
from tournaments.services.line_checks import line_check_fix


@dataclass(frozen=True)
class CheckRow:
    """One reason a line looks wrong, and its fix's button text ("" if none)."""

    code: str
    message: str
    fix: str


@dataclass(frozen=True)
class UnusualLine:
    """A flagged line as the console lists it."""

    pk: int
    board: int
    text: str
    checks: list[CheckRow]


def unusual_lines(section: Section) -> list[UnusualLine]:
    """The section's flagged lines, by board then NS pair."""
    found = section_findings(section)
    if not found:
        return []
    lines = flagged_lines(found)
    return [
        UnusualLine(
            pk=line.pk,
            board=line.board.number,
            text=line_summary(line),
            checks=[
                CheckRow(f.code, finding_message(f), fix_label(f))
                for f in found[line.pk]
            ],
        )
        for line in lines
    ]


def line_summary(line: Result) -> str:
    """ "Board 3, 1NS v 2EW: 4S by N =, NS +420" (a score alone: its score)."""
    where = _("Board %(board)d, %(ns)s v %(ew)s") % {
        "board": line.board.number,
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
    }
    played = ""
    if line.contract and line.tricks is not None:
        try:
            made = result_text(line.contract, line.tricks)
        except GameError:
            made = ""
        played = _("%(contract)s by %(declarer)s") % {
            "contract": f"{line.contract}{made}",
            "declarer": line.declarer,
        }
    score = _("NS %(score)+d") % {"score": line.score_ns or 0}
    return f"{where}: {played}, {score}" if played else f"{where}: {score}"


@staff_member_required
@require_POST
def line_check_fix_view(request: HttpRequest, pk: int, result_pk: int) -> HttpResponse:
    """Apply the fix a flagged line's check proposes, then back to the console."""
    result = section_line(pk, result_pk)
    code = request.POST.get("code", "")
    try:
        line = line_check_fix(result, code, user=request.user)
    except ValidationError as error:
        for message in refusal_messages(error):
            messages.error(request, message)
    else:
        messages.success(
            request, _("Corrected: %(line)s.") % {"line": line_summary(line)}
        )
    return redirect("director:console", pk=pk)
