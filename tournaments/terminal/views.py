"""Table terminal views: sign in with the table's code, then enter results.

Every view below the sign-in works on the table the session's signed token
names, never on a table or section taken from the request.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.bridge import result_text
from tournaments.models import Board, Result, Source, Table
from tournaments.services.checks import played_fields
from tournaments.services.results import result_submit
from tournaments.terminal import access
from tournaments.terminal.forms import EntryForm, SignInForm
from tournaments.terminal.play import (
    BoardLine,
    TableRound,
    current_round,
    moves_after,
    table_rounds,
    traveller,
)

TableView = Callable[..., HttpResponse]


def table_required(view: TableView) -> TableView:
    """Run ``view`` with the signed-in table; without one, back to sign-in."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        table = access.signed_in_table(request)
        if table is None:
            access.sign_out(request)
            return redirect("terminal:sign-in")
        return view(request, table, *args, **kwargs)

    return wrapped


def sign_in(request: HttpRequest) -> HttpResponse:
    """The table-code form; a right code signs the tablet in for that table."""
    ip = access.client_ip(request)
    if request.method != "POST":
        form = SignInForm(initial={"code": request.GET.get("code", "")})
        return _sign_in_page(request, form)
    if access.is_locked_out(ip):
        error = _("Too many wrong codes: wait five minutes, or call the director.")
        return _sign_in_page(request, SignInForm(), error, status=429)
    form = SignInForm(request.POST)
    if not form.is_valid():
        return _sign_in_page(request, form, status=400)
    table = access.find_table(form.cleaned_data["code"])
    if table is None:
        access.record_failure(ip, form.cleaned_data["code"])
        error = _("There is no table with this code: check the table card.")
        return _sign_in_page(request, form, error, status=400)
    if not access.is_playing(table):
        error = _("This table's session is not being played now.")
        return _sign_in_page(request, form, error, status=400)
    access.sign_in(request, table)
    return redirect("terminal:play")


def _sign_in_page(
    request: HttpRequest, form: SignInForm, error: str = "", status: int = 200
) -> HttpResponse:
    context = {"form": form, "error": error, "table": access.signed_in_table(request)}
    return render(request, "terminal/sign_in.html", context, status=status)


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    """Forget the table this tablet was signed in for."""
    access.sign_out(request)
    return redirect("terminal:sign-in")


@table_required
def play(request: HttpRequest, table: Table) -> HttpResponse:
    """The round at the table: pairs, boards and their states, moves after."""
    movement, rounds = _rounds(table)
    if "round" in request.GET:
        item = _round(rounds, request.GET["round"])
    else:
        item = current_round(rounds)
    context = {
        **_context(table, rounds, item),
        "moves": moves_after(movement, item, table)
        if item.complete or item.sit_out
        else [],
        "last_round": item.number == movement.rounds,
    }
    return render(request, "terminal/play.html", context)


@table_required
def board(request: HttpRequest, table: Table, round: int, number: int) -> HttpResponse:
    """Enter a board's result (or check its score), then show it to confirm."""
    movement, rounds = _rounds(table)
    item = _round(rounds, round)
    played = get_object_or_404(Board, section=table.section, number=number)
    if item.sit_out:
        raise Http404(_("Nobody plays at this table in this round."))
    line = item.line(number)
    if request.method != "POST":
        if line is None:
            raise Http404(_("This table does not play this board in this round."))
        if line.result is not None:
            return _result_page(request, table, movement, rounds, item, line)
        return _entry_page(request, table, rounds, item, played, EntryForm())
    form = EntryForm(request.POST)
    if not form.is_valid():
        return _entry_page(request, table, rounds, item, played, form, status=400)
    data = form.cleaned_data
    if "check" in request.POST:
        return _check(request, table, rounds, item, played, form)
    try:
        result_submit(
            board=played,
            ns_pair=item.ns,
            ew_pair=item.ew,
            contract=data["contract"],
            declarer=data["declarer"],
            tricks=data["tricks"],
            lead=data["lead"],
            round=item.round,
            table=table,
            source=Source.TABLE,
            key=data["key"],
        )
    except ValidationError as error:
        return _entry_page(
            request, table, rounds, item, played, form, error.messages, status=400
        )
    return redirect("terminal:board", round=item.number, number=number)


@require_POST
@table_required
def answer(request: HttpRequest, table: Table, round: int, number: int) -> HttpResponse:
    """EW agree with the entered result, or call the director."""
    changes: dict[str, object]
    if request.POST.get("answer") == "agree":
        changes = {"confirmed": timezone.now()}
    elif request.POST.get("answer") == "dispute":
        changes = {"disputed": True}
    else:
        return HttpResponse(_("Agree or call the director."), status=400)
    updated = Result.objects.filter(
        pk=_int(request.POST.get("result", "")),
        board__section=table.section,
        board__number=number,
        table=table,
    ).update(**changes)
    if not updated:
        raise Http404(_("This table has no such result."))
    return redirect("terminal:board", round=round, number=number)


def _rounds(table: Table) -> tuple[Any, list[TableRound]]:
    movement = table.section.movement_plan()
    if movement is None:
        raise Http404(_("This section has no movement to play."))
    return movement, table_rounds(table, movement)


def _round(rounds: list[TableRound], number: object) -> TableRound:
    index = _int(number)
    if not 1 <= index <= len(rounds):
        raise Http404(_("There is no such round."))
    return rounds[index - 1]


def _int(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return 0


def _context(table: Table, rounds: list[TableRound], item: TableRound) -> dict:
    return {
        "table": table,
        "section": table.section,
        "event": table.section.session.event,
        "rounds": rounds,
        "item": item,
    }


def _entry_page(
    request: HttpRequest,
    table: Table,
    rounds: list[TableRound],
    item: TableRound,
    played: Board,
    form: EntryForm,
    errors: list[str] | None = None,
    status: int = 200,
    score: int | None = None,
) -> HttpResponse:
    context = {
        **_context(table, rounds, item),
        "board": played,
        "form": form,
        "errors": errors or [],
        "score": score,
    }
    return render(request, "terminal/board.html", context, status=status)


def _check(
    request: HttpRequest,
    table: Table,
    rounds: list[TableRound],
    item: TableRound,
    played: Board,
    form: EntryForm,
) -> HttpResponse:
    """Show the NS score of the entry without saving it (the no-JS preview)."""
    data = form.cleaned_data
    try:
        fields = played_fields(
            played, data["contract"], data["declarer"], data["tricks"]
        )
    except ValidationError as error:
        return _entry_page(
            request, table, rounds, item, played, form, error.messages, status=400
        )
    return _entry_page(
        request, table, rounds, item, played, form, score=fields["score_ns"]
    )


def _result_page(
    request: HttpRequest,
    table: Table,
    movement: Any,
    rounds: list[TableRound],
    item: TableRound,
    line: BoardLine,
) -> HttpResponse:
    result = line.result
    later = [li for li in item.boards if li.result is None]
    context = {
        **_context(table, rounds, item),
        "board": line.board,
        "line": line,
        "result": result,
        "result_text": result_text(result.contract, result.tricks or 0)
        if not result.is_adjusted
        else "",
        "traveller": traveller(line.board) if table.section.show_traveller else None,
        "next_line": later[0] if later else None,
        "moves": moves_after(movement, item, table) if item.complete else [],
        "last_round": item.number == movement.rounds,
    }
    return render(request, "terminal/result.html", context)
