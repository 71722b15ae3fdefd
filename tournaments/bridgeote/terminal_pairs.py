"""The tablet's Bridgeote deal page: the entry form and the marks before saving.

A Bridgeote event is a pairs event (``tournaments.terminal.views.pairs_board``
routes its boards here through its card game, ``card_game``); "Check the
score" marks the deal by the rule book (``checks.bridgeote_marks``, the pure
``games.bridgeote``)
and shows each side's points without saving, as the bridge tablet previews
its NS score.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from tournaments.bridgeote.checks import bridgeote_marks
from tournaments.bridgeote.forms import BridgeoteEntryForm
from tournaments.models import Board
from tournaments.terminal.bridge_board import board_entry_page

if TYPE_CHECKING:
    from tournaments.terminal.views import Here


# The deal's entry form, with the marks once checked.
bridgeote_page = partial(
    board_entry_page, template="bridgeote/terminal_board.html", marks=None
)


def bridgeote_check(
    request: HttpRequest, here: Here, played: Board, form: BridgeoteEntryForm
) -> HttpResponse:
    """Mark the (valid) form's deal and show each side's points, unsaved."""
    try:
        marks = bridgeote_marks(**form.line())
    except ValidationError as error:
        return bridgeote_page(request, here, played, form, error.messages, status=400)
    return bridgeote_page(request, here, played, form, marks=marks)
