"""The tablet's Bridgeote deal page: the entry form and the marks before saving.

A Bridgeote event is a pairs event (``tournaments.terminal.views.pairs_board``
routes its boards here through its card game, ``card_game``); "Check the
score" marks the deal by the rule book (``checks.bridgeote_marks``, the pure
``games.bridgeote``)
and shows each side's points without saving, as the bridge tablet previews
its NS score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.bridgeote.checks import BridgeoteMarks, bridgeote_marks
from tournaments.bridgeote.forms import BridgeoteEntryForm
from tournaments.models import Board

if TYPE_CHECKING:
    from tournaments.terminal.views import Here


def bridgeote_page(
    request: HttpRequest,
    here: Here,
    played: Board,
    form: BridgeoteEntryForm,
    errors: list[str] | None = None,
    status: int = 200,
    marks: BridgeoteMarks | None = None,
) -> HttpResponse:
    """The deal's entry form, with the marks once checked."""
    context = {
        **here.context(),
        "board": played,
        "form": form,
        "errors": errors,
        "marks": marks,
    }
    return render(request, "bridgeote/terminal_board.html", context, status=status)


def bridgeote_check(
    request: HttpRequest, here: Here, played: Board, form: BridgeoteEntryForm
) -> HttpResponse:
    """Mark the (valid) form's deal and show each side's points, unsaved."""
    try:
        marks = bridgeote_marks(**form.line())
    except ValidationError as error:
        return bridgeote_page(request, here, played, form, error.messages, status=400)
    return bridgeote_page(request, here, played, form, marks=marks)
