"""The tablet's bridge board page: the bid-box entry form and the NS score
before saving.

A pairs event played at bridge (``tournaments.terminal.views.pairs_board``
routes its boards here through bridge's card game,
``tournaments.board_games.BridgeCardGame``); "Check the score" computes the
NS score of the entry without saving it, the preview a tablet without
JavaScript shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.models import Board
from tournaments.services.checks import played_fields
from tournaments.terminal.forms import EntryForm

if TYPE_CHECKING:
    from tournaments.terminal.views import Here


def bridge_page(
    request: HttpRequest,
    here: Here,
    played: Board,
    form: EntryForm,
    errors: list[str] | None = None,
    status: int = 200,
    score: int | None = None,
) -> HttpResponse:
    """The board's entry form, with the NS score once checked."""
    context = {
        **here.context(),
        "board": played,
        "form": form,
        "errors": errors or [],
        "score": score,
    }
    return render(request, "terminal/board.html", context, status=status)


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
