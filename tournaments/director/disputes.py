"""The director settles disputes and closes a session knowingly.

"Keep as entered" clears a disputed line's flag without changing it (a
correction through the traveller clears it too); closing a session with
missing results or open disputes first shows them and asks to confirm.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.models import Session
from tournaments.selectors.director_lines import result_with_board
from tournaments.services.closing import close_session
from tournaments.services.dispute_take import result_take_other
from tournaments.services.results import result_resolve


def back_to(request: HttpRequest, default: str) -> HttpResponse:
    """Back to the page the director came from (``back``, this site only)."""
    back = request.POST.get("back", "")
    safe = url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return redirect(back if back and safe else default)


def settle_line(
    request: HttpRequest, settle: Callable[..., object], line: object, done: str
) -> None:
    """Settle a disputed line as this director with ``settle``; the outcome
    (``done``, or why it was refused) as a message on the next page."""
    try:
        settle(line, user=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, done)


def kept_message(board: int) -> str:
    """What the director reads once a disputed line of ``board`` is kept."""
    return _("Board %(board)d: kept as entered, the dispute is closed.") % {
        "board": board
    }


def keep_view(
    resolve: Callable[..., object],
    line_of: Callable[[int], Any],
    traveller: Callable[[Any], str],
) -> Callable[[HttpRequest, int], HttpResponse]:
    """A game's "Keep as entered" view (a director's POST): the disputed
    line ``line_of`` finds by pk is kept as entered through the game's
    ``resolve``, then back to the page the button was on, else to the
    address ``traveller`` gives for the line's board (the game's
    traveller)."""

    @staff_member_required
    @require_POST
    def keep(request: HttpRequest, pk: int) -> HttpResponse:
        line = line_of(pk)
        board = line.board
        settle_line(request, resolve, line, kept_message(board.number))
        return back_to(request, traveller(board))

    return keep


# Keep a disputed traveller line as entered: the dispute is resolved.
result_keep = keep_view(
    result_resolve,
    result_with_board,
    lambda board: reverse("director:traveller", args=[board.section_id, board.number]),
)


@staff_member_required
@require_POST
def result_take(request: HttpRequest, pk: int) -> HttpResponse:
    """Settle a disputed traveller line by taking the entry it refused."""
    line = result_with_board(pk)
    board = line.board
    taken = _("Board %(board)d: the other entry is taken, the dispute is closed.")
    settle_line(request, result_take_other, line, taken % {"board": board.number})
    default = reverse("director:traveller", args=[board.section_id, board.number])
    return back_to(request, default)


def session_close_confirmed(request: HttpRequest, session: Session) -> HttpResponse:
    """Close the session, or list its missing results and open disputes and
    ask the director to confirm (``confirm`` ticked) before closing anyway."""
    confirmed = request.POST.get("confirm") in ("1", "on", "true")
    check = close_session(session, confirmed=confirmed)
    if check.closed:
        messages.success(request, _("Session %(n)d closed.") % {"n": session.number})
        return redirect("director:event", session.event_id)
    context = {"session": session, "check": check}
    return render(request, "director/session_close.html", context, status=409)
