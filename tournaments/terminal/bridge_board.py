"""The tablet's bridge board page: the bid-box entry form and the NS score
before saving.

A pairs event played at bridge (``tournaments.terminal.views.pairs_board``
routes its boards here through bridge's card game,
``tournaments.board_games.BridgeCardGame``); "Check the score" computes the
NS score of the entry without saving it, the preview a tablet without
JavaScript shows.  ``board_entry_page`` is every card game's entry page, in
the card game's template (Bridgeote's ``terminal_pairs`` uses it too).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Board
from tournaments.services.checks import played_fields
from tournaments.terminal.forms import EntryForm

if TYPE_CHECKING:
    from django.forms import Form

    from tournaments.terminal.views import Here


def board_entry_page(
    request: HttpRequest,
    here: Here,
    played: Board,
    form: Form,
    errors: list[str] | None = None,
    status: int = 200,
    *,
    template: str,
    **shown: object,
) -> HttpResponse:
    """A board's entry page on the tablet, whatever its card game: the form
    and its errors in the card game's ``template``, with what "Check the
    score" computed (``shown``: bridge's NS score, Bridgeote's marks)."""
    context = {
        **here.context(),
        "board": played,
        "form": form,
        "errors": errors or [],
        **shown,
    }
    return render(request, template, context, status=status)


# The bid box's board, with the NS score once checked.
bridge_page = partial(board_entry_page, template="terminal/board.html", score=None)


def bridge_check(
    request: HttpRequest, here: Here, played: Board, form: EntryForm
) -> HttpResponse:
    """Show the NS score of the entry without saving it (the no-JS preview)."""
    data = form.cleaned_data
    try:
        fields = played_fields(
            played, data["contract"], data["declarer"], data["tricks"]
        )
    except ValidationError as error:
        return bridge_page(request, here, played, form, error.messages, status=400)
    return bridge_page(request, here, played, form, score=fields["score_ns"])
