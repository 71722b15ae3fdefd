"""The director's Whiz pages: create a tournament, follow it, type its boards."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.director.console import audit_rows
from tournaments.director.event_new import event_new_view
from tournaments.director.event_page import section_event_view
from tournaments.models import Board, Section, Session
from tournaments.services.closing import open_disputes
from tournaments.services.sheet_rows import sheet_rows_saved
from tournaments.whiz.director_forms import WhizEventForm, WhizRow
from tournaments.whiz.selectors import (
    board_numbers,
    entered_counts,
    lines_by_north,
    next_board_number,
    ordered_boards,
    section_board,
    table_line,
    tables_by_number,
    whiz_event,
    whiz_section,
)
from tournaments.whiz.services import (
    POSITIONS,
    seat_order,
    seated_players,
    section_whiz_movement,
    whiz_event_create,
    whiz_result_adjust,
    whiz_result_submit,
)

# Create a Whiz tournament: the players seated, boards and movement laid out.
whiz_event_new = event_new_view(
    WhizEventForm, whiz_event_create, "whiz/director_event_new.html"
)


def _boards(section: Section) -> dict[str, object]:
    """The players in seat order, each board with its lines entered and the
    times it is played, and the open disputes."""
    movement = section_whiz_movement(section)
    entered = entered_counts(section)
    return {
        "entrants": seat_order(section),
        "boards": [
            (board, entered.get(board.number, 0), movement.times_played(board.number))
            for board in ordered_boards(section)
        ],
        "disputes": open_disputes(section),
    }


# A Whiz tournament for its director: players, boards entered, links.
whiz_event_detail = section_event_view("whiz/director_event.html", _boards)


def whiz_rows(section: Section, board: Board) -> list[WhizRow]:
    """A row for each table that plays ``board``, with what is stored."""
    movement = section_whiz_movement(section)
    stored = lines_by_north(board)
    rows = []
    playing = sorted(
        (s for s in movement.seatings if board.number in s.boards and not s.sits_out),
        key=lambda seating: seating.table,
    )
    for seating in playing:
        players = seated_players(section, seating)
        row = WhizRow(
            index=len(rows),
            table=seating.table,
            round=seating.round,
            players=[(p, f"{e.label} {e.display_name}") for p, e in players.items()],
        )
        result = stored.get(players["N"].pk)
        if result is not None:
            row.result_id = result.pk
            row.disputed = result.disputed
            if result.is_adjusted:
                row.contract = "/".join(result.adjusted().values())
            else:
                row.contract = result.contract
                row.declarer = result.declarer
                row.result = str(result.tricks)
            row.points = " / ".join(
                str(value) for value in result.points().values() if value is not None
            )
        rows.append(row)
    return rows


def read_whiz_rows(rows: list[WhizRow], data: QueryDict) -> None:
    """Copy the submitted boxes into the rows."""
    for row in rows:
        row.contract = data.get(f"c{row.index}", "").strip()
        row.declarer = data.get(f"d{row.index}", "").strip().upper()
        row.result = data.get(f"r{row.index}", "").strip()


def save_whiz_rows(section: Section, board: Board, rows: list[WhizRow], user) -> bool:
    """Save every typed row in one transaction; on any error keep nothing.

    Only the lines that really change are audited and rescored."""
    tables = tables_by_number(section)
    return sheet_rows_saved(
        rows,
        lambda row: row.contract,
        lambda row: _save_row(row, board, tables[row.table], user),
    )


def _save_row(row: WhizRow, board: Board, table, user) -> None:
    """Enter the row, or correct the table's stored line (the director's)."""
    stored = table_line(board, table)
    marks = row.adjusted
    if marks is not None:
        whiz_result_adjust(
            board=board,
            table=table,
            marks=dict(zip(POSITIONS, marks, strict=True)),
            user=user,
            result=stored,
        )
        return
    whiz_result_submit(
        board=board,
        table=table,
        contract=row.contract,
        declarer=row.declarer,
        tricks=_tricks(row),
        user=user,
        result=stored,
    )


def _tricks(row: WhizRow) -> int | None:
    """Tricks from "=", "+1", "-2" against the level, or the number taken."""
    text = row.result.strip()
    level = "".join(ch for ch in row.contract if ch.isdigit())
    if not text or not level:
        return None
    try:
        if text == "=":
            return int(level)
        if text[0] not in "+-":
            return int(text)
        tricks = int(level) + int(text)
    except ValueError:
        raise ValidationError(
            {"result": _('Write the result as "=", "+1", "-2" or the tricks taken.')}
        ) from None
    if not 0 <= tricks <= 13:
        # At most 13 - bid over the bid, at most the bid under it.
        raise ValidationError(
            {"result": _("%(result)s is not possible in %(contract)s.")
             % {"result": text, "contract": "".join(row.contract.split()).upper()}}
        )  # fmt: skip
    return tricks


@staff_member_required
def whiz_traveller(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Type or correct a Whiz board, table by table; the whole board or nothing."""
    event = whiz_event(pk)
    section = whiz_section(event)
    board = section_board(section, number)
    rows = whiz_rows(section, board)
    closed = section.session.status == Session.Status.CLOSED
    status = 200
    if request.method == "POST" and not closed:
        read_whiz_rows(rows, request.POST)
        if save_whiz_rows(section, board, rows, request.user):
            messages.success(request, _("Board %(n)d saved.") % {"n": board.number})
            following = (
                next_board_number(section, number) if "next" in request.POST else None
            )
            if following is not None:
                return redirect("director:whiz-traveller", pk, following)
            return redirect("director:whiz-traveller", pk, number)
        status = 400
    context = {
        "event": event,
        "section": section,
        "board": board,
        "rows": rows,
        "numbers": board_numbers(section),
        "closed": closed,
        "changes": audit_rows(board),
    }
    return render(request, "whiz/director_traveller.html", context, status=status)
