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

from tournaments.director.disputes import line_kept
from tournaments.whiz.selectors import line_to_keep
from tournaments.whiz.services import whiz_result_resolve


@staff_member_required
@require_POST
def whiz_result_keep(request: HttpRequest, pk: int) -> HttpResponse:
    """Keep a disputed Whiz line as entered: the dispute is resolved."""
    return line_kept(
        request,
        whiz_result_resolve,
        line_to_keep(pk),
        lambda board: reverse(
            "director:whiz-traveller",
            args=[board.section.session.event_id, board.number],
        ),
    )
