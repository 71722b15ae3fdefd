"""The director keeps a disputed Whiz line as entered ("Keep as entered" on
the console, the session's close and the Whiz event's page).

The Whiz counterpart of ``director.disputes.result_keep``: the line is
resolved through the Whiz write path, and the director goes back to the
page the button was on (else to the board's Whiz traveller).
"""

from __future__ import annotations

from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments.director.disputes import back_to, kept_message, settle_line
from tournaments.whiz.selectors import line_to_keep
from tournaments.whiz.services import whiz_result_resolve


@staff_member_required
@require_POST
def whiz_result_keep(request: HttpRequest, pk: int) -> HttpResponse:
    """Keep a disputed Whiz line as entered: the dispute is resolved."""
    line = line_to_keep(pk)
    board = line.board
    settle_line(request, whiz_result_resolve, line, kept_message(board.number))
    event = board.section.session.event_id
    default = reverse("director:whiz-traveller", args=[event, board.number])
    return back_to(request, default)
