"""Table terminal views: sign in with the table's code, then enter results.

Every view below the sign-in works on the table the session's signed token
names, never on a table or section taken from the request.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import access as club_access
from tournaments.models import Board, Result, Source, Table
from tournaments.movements import Movement
from tournaments.registry import card_game, table_game
from tournaments.selectors.line_checks import line_checks_json
from tournaments.selectors.lookups import board_in_section
from tournaments.selectors.movement import section_movement
from tournaments.selectors.table_play import (
    BoardLine,
    TableRound,
    TravellerLine,
    current_round,
    moves_after,
    table_rounds,
    traveller,
)
from tournaments.selectors.tablet_pages import resolved_by_director
from tournaments.services import sign_in_locks as locks
from tournaments.services import tablet_access as access
from tournaments.services.entry import (
    refusal_messages,
    refusal_status,
    round_refusal,
)
from tournaments.services.event_tables import more_to_play
from tournaments.services.privacy import Viewer, board_visible
from tournaments.services.results import result_answer
from tournaments.services.table_rounds import current_round as table_current_round
from tournaments.services.tokens import TokenRefused
from tournaments.terminal import replies
from tournaments.terminal.answer import table_answer
from tournaments.terminal.forms import (
    SignInForm,
    TabletForm,
)
from tournaments.terminal.round_notices import round_notices

TableView = Callable[..., HttpResponse]


def table_required(view: TableView) -> TableView:
    """Run ``view`` with the signed-in table; without one, back to sign-in."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        table = access.signed_in_table(request)
        waiting = access.waiting(request) if table is None else None
        if waiting is not None:
            context = {"message": str(waiting), "event_id": waiting.event_id}
            return render(request, "terminal/waiting.html", context)
        if table is None:
            access.sign_out(request)
            return redirect("terminal:sign-in")
        return view(request, table, *args, **kwargs)

    return wrapped


def sign_in(request: HttpRequest) -> HttpResponse:
    """The table-code form; a right code signs the tablet in for that table.

    Wrong codes count against this device only (``services.sign_in_locks``):
    a locked device reads how long to wait (429 with ``Retry-After``), other
    tablets are not held back; past an address's flood of wrong codes, a
    tablet that never signed in waits its turn (the page sends the code again
    by itself), one that has signed in before does not wait.
    """
    return access.remember_device(request, _sign_in(request))


def _sign_in(request: HttpRequest) -> HttpResponse:
    caller = access.caller(request)
    if request.method != "POST":
        lock = locks.lock_for(caller)
        form = SignInForm(initial={"code": request.GET.get("code", "")[:32]})
        return _sign_in_page(request, form, lock.message() if lock else "")
    lock = locks.admit(caller)
    if lock is not None:
        form = SignInForm(initial={"code": request.POST.get("code", "")[:32]})
        response = _sign_in_page(request, form, lock.message(), status=429, wait=lock)
        response["Retry-After"] = str(lock.seconds_left())
        return response
    form = SignInForm(request.POST)
    if not form.is_valid():
        return _sign_in_page(request, form, status=400)
    table = access.find_table(form.cleaned_data["code"])
    if table is None:
        code = access.normalise_code(form.cleaned_data["code"])
        lock = locks.record_failure(caller, code)
        error = _("There is no table with this code: check the table card.")
        if lock is not None:
            error = f"{error} {lock.message()}"
        return _sign_in_page(request, form, error, status=400)
    if not access.is_playing(table):
        error = _("This table's session is not being played now.")
        return _sign_in_page(request, form, error, status=400)
    try:
        access.sign_in(request, table)
    except TokenRefused as refused:
        return _sign_in_page(request, form, str(refused), status=400)
    return redirect("terminal:play")


def _sign_in_page(
    request: HttpRequest,
    form: SignInForm,
    error: str = "",
    status: int = 200,
    wait: locks.Lock | None = None,
) -> HttpResponse:
    """The form; ``wait``, a turn to come, makes the page send the code
    again by itself when it comes."""
    table = access.signed_in_table(request)
    error = error or access.signed_out_reason(request)
    resend = wait.seconds_left() if wait and wait.scope == locks.TURN else None
    context = {"form": form, "error": error, "table": table, "resend_after": resend}
    return render(request, "terminal/sign_in.html", context, status=status)


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    """Forget the table this tablet was signed in for, and revoke its token."""
    access.sign_out(request)
    return redirect("terminal:sign-in")


@table_required
def play(request: HttpRequest, table: Table) -> HttpResponse:
    """The round at the table, as the table's game shows it."""
    return table_game(table).table_play(request, table)


def pairs_play(request: HttpRequest, table: Table) -> HttpResponse:
    """The round at the table: pairs, boards and their states, moves after."""
    here = _here(table, request.GET.get("round") or None)  # "?round=": the current
    item = here.item
    context = {
        **here.context(),
        "notices": round_notices(table, here.movement, here.rounds, item),
        "watch": sorted({li.elsewhere for li in item.boards if li.elsewhere})
        or _next_holders(here),
        "moves": here.moves() if item.complete or item.sit_out else [],
        "match": table_game(table).table_match(table)
        if club_access.directs_request(request)
        else None,
    }
    return render(request, "terminal/play.html", context)


@table_required
def board(request: HttpRequest, table: Table, round: int, number: int) -> HttpResponse:
    """Enter a board's result, as the table's game takes it."""
    return table_game(table).table_board(request, table, round, number)


def pairs_board(
    request: HttpRequest, table: Table, round: int, number: int
) -> HttpResponse:
    """Enter a board's result (or check its score), then show it to confirm,
    as the event's card game takes it (bridge or Bridgeote)."""
    deals = card_game(table.section.session.event)
    here = _here(table, round)
    item = here.item
    played = board_in_section(table.section, number)
    if item.sit_out:
        raise Http404(_("Nobody plays at this table in this round."))
    line = item.line(number)
    if request.method != "POST":
        if line is None:
            raise Http404(_("This table does not play this board in this round."))
        if line.result is not None:
            return _result_page(request, here, line)
        # Said before the players fill the board in, not after.
        refusal = round_refusal(table, item.number)
        return deals.entry_page(
            request, here, played, deals.entry_form(), [refusal] if refusal else None
        )
    form = deals.entry_form(request.POST)
    if form.is_valid() and "check" in request.POST:
        return deals.entry_check(request, here, played, form)
    return _save(request, here, played, form, deals.entry_page, deals.line_enter)


@require_POST
@table_required
def answer(request: HttpRequest, table: Table, round: int, number: int) -> HttpResponse:
    """The opponents answer the entered result, as the table's game takes it."""
    return table_game(table).table_answer(request, table, round, number)


def pairs_answer(
    request: HttpRequest, table: Table, round: int, number: int
) -> HttpResponse:
    """EW agree with the entered result, or call the director."""
    return table_answer(request, table, round, number, Result, result_answer)


@dataclass
class Here:
    """Where a tablet is: its table, the movement, every round, the one shown."""

    table: Table
    movement: Movement
    rounds: list[TableRound]
    item: TableRound

    def context(self) -> dict[str, object]:
        """What every terminal page shows in its header."""
        last_round = self.item.number == self.movement.rounds
        return {
            "table": self.table,
            "section": self.table.section,
            "event": self.table.section.session.event,
            "rounds": self.rounds,
            "item": self.item,
            "last_round": last_round,
            "more_to_play": last_round
            and self.item.complete
            and more_to_play(self.table),
            "stint": self.stint(),
        }

    def stint(self) -> dict[str, int] | None:
        """A team match's tablet: its "rounds" are the stints between two
        board exchanges, so the header says "round 4 · stint 1 of 2" (the
        match's round, then the stint); None at a pairs table."""
        if not table_game(self.table).team_matches:
            return None
        match = table_game(self.table).table_match(self.table)
        stage = match.stage if match else self.table.section.session.number
        return {"round": stage, "number": self.item.number, "of": self.movement.rounds}

    def moves(self) -> list[str]:
        """Where the pairs (or a game's players) and the boards go after the
        round shown."""
        moves = table_game(self.table).table_moves(self.movement, self.item, self.table)
        if moves is not None:
            return moves
        return moves_after(self.movement, self.item, self.table)


def _next_holders(here: Here) -> list[int]:
    """A sit-out round: the tables still playing the table's next boards."""
    if not here.item.sit_out:
        return []
    later = [r for r in here.rounds if r.number > here.item.number and not r.sit_out]
    if not later:
        return []
    return sorted({li.elsewhere for li in later[0].boards if li.elsewhere})


def _here(table: Table, round: object | None) -> Here:
    """The table at round ``round`` (None: the round it should be playing).

    The round it should be playing is its current round, unless the table
    sits out the round before and the current round's boards are still in
    play at another table: the tablet then shows the sit-out round (the
    players wait for the boards), and goes on when they are entered there.
    """
    movement = section_movement(table.section)
    if movement is None:
        raise Http404(_("This section has no movement to play."))
    rounds = table_rounds(table, movement)
    if round is None:
        number = table_current_round(table)
        if number is None or not 1 <= number <= len(rounds):
            return Here(table, movement, rounds, current_round(rounds))
        item = rounds[number - 1]
        if number > 1 and rounds[number - 2].sit_out and item.waiting:
            item = rounds[number - 2]
        return Here(table, movement, rounds, item)
    index = _int(round)
    if not 1 <= index <= len(rounds):
        raise Http404(_("There is no such round."))
    return Here(table, movement, rounds, rounds[index - 1])


def _int(value: object) -> int:
    try:
        return int(str(value))
    except ValueError:
        return 0


def _save(
    request: HttpRequest,
    here: Here,
    played: Board,
    form: TabletForm,
    page: Callable[..., HttpResponse],
    submit: Callable[..., tuple[Result, bool]],
) -> HttpResponse:
    """Store the tablet's line through ``submit`` (the one write path), seated
    where the movement puts the table in the round shown, then show it; an
    invalid form or a refusal brings ``page`` back with the form (400, the
    status ``refusal_status`` gives, or 403 for a line the table may not write).
    The offline queue's ``fetch`` gets the same outcome as JSON (``replies``)."""
    item = here.item
    fetched = replies.wants_json(request)
    if not form.is_valid():
        if fetched:
            return replies.refused_reply(
                played.number, replies.form_messages(form), 400
            )
        return page(request, here, played, form, status=400)
    try:
        line, created = submit(
            board=played,
            ns_pair=item.ns,
            ew_pair=item.ew,
            round=item.round,
            table=here.table,
            source=Source.TABLE,
            key=form.cleaned_data["key"],
            **form.line(),
        )
    except (ValidationError, PermissionDenied) as error:
        code, messages = refusal_status(error), refusal_messages(error)
        if fetched:
            return replies.refused_reply(played.number, messages, code)
        return page(request, here, played, form, messages, status=code)
    if fetched:
        return replies.stored_reply(played.number, line, created)
    return redirect("terminal:board", round=item.number, number=played.number)


def _made_text(result: Result) -> str:
    """ "=", "+1" for a bridge line; the takers' card points for Bridgeote."""
    if result.is_adjusted:
        return ""
    if result.card_points is not None:
        return _("%(points)d card points") % {"points": result.card_points}
    return result.made


def _traveller_so_far(table: Table, board: Board) -> list[TravellerLine] | None:
    """The board's lines so far, if the section shows them at the table and
    this table may see them (it has played the board: ``services.privacy``)."""
    if not table.section.show_traveller:
        return None
    if not board_visible(board, Viewer(table=table)):
        return None
    return traveller(board)


def _kept_by_director(result: Result) -> bool:
    """The line is agreed because the director resolved it, not by E-W."""
    if not result.confirmed:
        return False
    return resolved_by_director(result)


def _result_page(request: HttpRequest, here: Here, line: BoardLine) -> HttpResponse:
    result = line.result
    item = here.item
    later = [li for li in item.boards if li.result is None]
    context = {
        **here.context(),
        "board": line.board,
        "line": line,
        "result": result,
        "result_text": _made_text(result),
        "kept": _kept_by_director(result),
        "traveller": _traveller_so_far(here.table, line.board),
        "checks": line_checks_json(result),
        "next_line": later[0] if later else None,
        "moves": here.moves() if item.complete else [],
    }
    return render(request, "terminal/result.html", context)
