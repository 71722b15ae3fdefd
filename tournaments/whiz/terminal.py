"""The table terminal for Whiz-Bridge: three players, the Domy in West.

A Whiz table's tablet shows its round (the three players, the boards and
their states), takes each board from the bid box (7 to 13 tricks, the
declarer one of the three players), shows the three players' points before
the other two agree, and says where everyone goes after the round.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.models import Board, Source, Table, WhizEntrant, WhizResult
from tournaments.services.entry import refusal_messages, refusal_status
from tournaments.services.table_rounds import current_round
from tournaments.terminal.answer import table_answer
from tournaments.terminal.replies import (
    form_messages,
    refused_reply,
    stored_reply,
    wants_json,
)
from tournaments.whiz.movements import WhizMovement, WhizSeating
from tournaments.whiz.selectors import (
    boards_by_number,
    section_board,
    table_lines_by_board,
)
from tournaments.whiz.services import (
    played_points,
    seated_players,
    section_whiz_movement,
    whiz_result_answer,
    whiz_result_submit,
)
from tournaments.whiz.terminal_forms import WhizEntryForm


@dataclass
class WhizRound:
    """A round at the table: its seating, players and the boards' results."""

    number: int
    seating: WhizSeating
    players: dict[str, WhizEntrant] = field(default_factory=dict)
    boards: list[tuple[Board, WhizResult | None]] = field(default_factory=list)

    @property
    def sit_out(self) -> bool:
        return self.seating.sits_out

    @property
    def complete(self) -> bool:
        return all(result is not None for _board, result in self.boards)


def whiz_rounds(table: Table, movement: WhizMovement) -> list[WhizRound]:
    """Every round at the table with its players and what is entered."""
    section = table.section
    boards = boards_by_number(section)
    results = table_lines_by_board(section, table)
    offset = section.first_board - 1
    found = []
    for number in range(1, movement.rounds + 1):
        seating = movement.seating(number, table.number)
        item = WhizRound(number, seating)
        if not seating.sits_out:
            item.players = seated_players(section, seating)
            for n in seating.boards:
                board = boards[n + offset]
                item.boards.append((board, results.get(board.pk)))
        found.append(item)
    return found


def _round(table: Table, number: object | None) -> tuple[list[WhizRound], WhizRound]:
    rounds = whiz_rounds(table, section_whiz_movement(table.section))
    if number is None:
        now = current_round(table)
        if now is not None and 1 <= now <= len(rounds):
            return rounds, rounds[now - 1]
        for item in rounds:
            if not item.sit_out and not item.complete:
                return rounds, item
        return rounds, rounds[-1]
    try:
        index = int(str(number))
    except ValueError:
        index = 0
    if not 1 <= index <= len(rounds):
        raise Http404(_("There is no such round."))
    return rounds, rounds[index - 1]


def next_places(table: Table, item: WhizRound) -> list[str]:
    """Where the three players and the boards go after the round."""
    movement = section_whiz_movement(table.section)
    if item.number >= movement.rounds or item.sit_out:
        return []
    later = [
        movement.seating(item.number + 1, t) for t in range(1, movement.tables + 1)
    ]
    moves = []
    ids = {"N": item.seating.north, "E": item.seating.east, "S": item.seating.south}
    for position, player_id in ids.items():
        going = next(s.table for s in later if player_id in (s.north, s.east, s.south))
        moves.append(
            _("%(player)s (%(hand)s): table %(table)d")
            % {
                "player": item.players[position].display_name,
                "hand": position,
                "table": going,
            }
        )
    going = next(s.table for s in later if s.board_set == item.seating.board_set)
    moves.append(_("Boards: to table %(table)d") % {"table": going})
    return moves


def _context(table: Table, rounds: list[WhizRound], item: WhizRound) -> dict:
    return {
        "table": table,
        "section": table.section,
        "event": table.section.session.event,
        "rounds": rounds,
        "item": item,
    }


def whiz_play(request: HttpRequest, table: Table) -> HttpResponse:
    """The round at a Whiz table: its three players and boards."""
    rounds, item = _round(table, request.GET.get("round"))
    context = {
        **_context(table, rounds, item),
        "moves": next_places(table, item) if item.complete else [],
    }
    return render(request, "whiz/terminal_play.html", context)


def whiz_board(
    request: HttpRequest, table: Table, round: int, number: int
) -> HttpResponse:
    """Enter a Whiz board (or check the points), then show it to the other two."""
    rounds, item = _round(table, round)
    board = section_board(table.section, number)
    if item.sit_out or all(b.pk != board.pk for b, _r in item.boards):
        raise Http404(_("This table does not play this board in this round."))
    stored = next(r for b, r in item.boards if b.pk == board.pk)
    context = _context(table, rounds, item) | {"board": board}
    if request.method != "POST":
        if stored is not None:
            return _result_page(request, table, rounds, item, stored)
        form = WhizEntryForm(players=item.players)
        return render(request, "whiz/terminal_board.html", context | {"form": form})
    form = WhizEntryForm(request.POST, players=item.players)
    fetched = wants_json(request) and "check" not in request.POST
    if not form.is_valid():
        if fetched:
            return refused_reply(number, form_messages(form), 400)
        return render(
            request, "whiz/terminal_board.html", context | {"form": form}, status=400
        )
    data = form.cleaned_data
    try:
        if "check" in request.POST:
            _c, _d, points = played_points(
                table.section.session.event,
                data["contract"],
                data["declarer"],
                data["tricks"],
            )
            context |= {"form": form, "points": _points(item, points)}
            return render(request, "whiz/terminal_board.html", context)
        line, created = whiz_result_submit(
            board=board,
            table=table,
            contract=data["contract"],
            declarer=data["declarer"],
            tricks=data["tricks"],
            source=Source.TABLE,
            key=data["key"],
        )
    except (ValidationError, PermissionDenied) as error:
        code = refusal_status(error)
        if fetched:
            return refused_reply(number, refusal_messages(error), code)
        context |= {"form": form, "errors": refusal_messages(error)}
        return render(request, "whiz/terminal_board.html", context, status=code)
    if fetched:
        return stored_reply(number, line, created)
    return redirect("terminal:board", round=item.number, number=number)


def _points(item: WhizRound, points: dict[str, int]) -> list[tuple[str, str, int]]:
    return [
        (position, item.players[position].display_name, points[position])
        for position in ("N", "E", "S")
    ]


def _result_page(
    request: HttpRequest,
    table: Table,
    rounds: list[WhizRound],
    item: WhizRound,
    result: WhizResult,
) -> HttpResponse:
    later = [b for b, r in item.boards if r is None]
    context = _context(table, rounds, item) | {
        "board": result.board,
        "result": result,
        "points": _points(item, result.points()) if not result.is_adjusted else [],
        "next_board": later[0] if later else None,
        "moves": next_places(table, item) if item.complete else [],
    }
    return render(request, "whiz/terminal_result.html", context)


def whiz_answer(
    request: HttpRequest, table: Table, round: int, number: int
) -> HttpResponse:
    """The two players who did not enter the board agree, or call the director."""
    return table_answer(request, table, round, number, WhizResult, whiz_result_answer)
