"""The opponents' answer to a line entered at their table, in every game.

The players who did not enter the board agree with the line or call the
director; only a line of this table, this board and this section is answered.
The offline queue's ``fetch`` gets the outcome as JSON (``replies``).
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from tournaments.models import Source, Table
from tournaments.selectors.tablet_pages import table_line
from tournaments.services.entry import refusal_messages
from tournaments.terminal.replies import refused_reply, stored_reply, wants_json


def table_answer(
    request: HttpRequest,
    table: Table,
    round: int,
    number: int,
    model: type[models.Model],
    answer_line: Callable[..., object],
) -> HttpResponse:
    """Agree or dispute ``model``'s line named by the form, through ``answer_line``."""
    fetched = wants_json(request)
    answer = request.POST.get("answer")
    if answer not in ("agree", "dispute"):
        message = _("Agree or call the director.")
        if fetched:
            return refused_reply(number, [message], 400)
        return HttpResponse(message, status=400)
    try:
        pk = int(request.POST.get("result", ""))
    except ValueError:
        pk = 0
    line = table_line(model, table, number, pk)
    if line is None:
        message = _("This table has no such result.")
        if fetched:
            return refused_reply(number, [message], 404)
        raise Http404(message)
    try:
        line = answer_line(
            line, agree=answer == "agree", source=Source.TABLE, table=table
        )
    except (ValidationError, PermissionDenied) as error:
        if fetched:
            return refused_reply(number, refusal_messages(error), 403)
        return HttpResponse(" ".join(refusal_messages(error)), status=403)
    if fetched:
        return stored_reply(number, line)
    return redirect("terminal:board", round=round, number=number)
