"""The director's live console: a tables x rounds grid, and a board's audit trail.

The page itself is ``console_page``; this module reads its grid."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from games.bridge import result_text
from games.errors import GameError
from games.weighted import weighted_text
from tournaments.director.console_states import (
    CONFIRMED,
    DISPUTED,
    ENTERED,
    LATE,
    MISSING,
    SIT_OUT,
)
from tournaments.models import (
    Board,
    Result,
    ResultChange,
    Section,
    Source,
    Table,
)
from tournaments.registry import section_game
from tournaments.selectors.director_lines import board_changes, sheet_changes
from tournaments.selectors.director_sections import table_at
from tournaments.selectors.movement import section_movement
from tournaments.services.seating_lines import seating_lines
from tournaments.services.table_rounds import pairs_current_rounds, table_move_on

LEGEND = (
    (CONFIRMED, gettext_lazy("Confirmed: every line confirmed by the opponents")),
    (ENTERED, gettext_lazy("Entered: every board has its result")),
    (MISSING, gettext_lazy("Missing: some boards have no result yet")),
    (LATE, gettext_lazy("Late: still missing while later rounds are in")),
    (
        DISPUTED,
        gettext_lazy(
            "Disputed: a second, different entry was refused, or the opponents "
            "did not agree; the director resolves it"
        ),
    ),
    (SIT_OUT, gettext_lazy("Sit-out")),
)


@dataclass
class Cell:
    """One table in one round: who plays, which boards, how far the entry is."""

    round: int
    table: int
    state: str
    boards: tuple[int, ...] = ()
    entered: int = 0
    ns: str = ""
    ew: str = ""
    board: int | None = None  # the board to open: the first concerned one
    missing: tuple[int, ...] = ()  # the boards without a line yet


@dataclass
class ConsoleRow:
    """A table's cells, one per round, and the round its tablet writes now."""

    table: int
    cells: list[Cell] = field(default_factory=list)
    tablet_round: int | None = None
    tablet: object = None  # its tablet's last contact (``console_room``)


def console_grid(section: Section) -> list[ConsoleRow]:
    """Every table's seatings, round by round, with the state of their boards.

    A seating is *disputed* if any of its lines is, *late* if a board is still
    missing while a later round of the section has results, *missing* if a
    board has no line yet, *confirmed* if every line is confirmed, else
    *entered*.  An imported section (no movement) has no grid.
    """
    movement = section_movement(section)
    if movement is None:
        return []
    found = seating_lines(section, movement)
    offset = section.first_board - 1
    current = max(
        (rnd for (rnd, _table), lines in found.items() if any(lines)), default=0
    )
    rows = {t: ConsoleRow(table=t) for t in range(1, movement.tables + 1)}
    for seating in movement.seatings:
        boards = tuple(number + offset for number in seating.boards)
        cell = Cell(
            round=seating.round,
            table=seating.table,
            state=SIT_OUT,
            boards=boards,
            ns=movement.pair(seating.ns).label,
            ew=movement.pair(seating.ew).label,
            board=boards[0] if boards else None,
        )
        lines = found.get((seating.round, seating.table))
        if lines is not None:
            _judge(cell, lines, late=seating.round < current)
        rows.setdefault(seating.table, ConsoleRow(table=seating.table))
        rows[seating.table].cells.append(cell)
    tablet_rounds = pairs_current_rounds(section)
    for row in rows.values():
        row.cells.sort(key=lambda cell: cell.round)
        if row.table in tablet_rounds:
            row.tablet_round = tablet_rounds[row.table]
    return [rows[t] for t in sorted(rows)]


def _judge(cell: Cell, lines: list[Result | None], *, late: bool) -> None:
    """Set the cell's state and the board a click should open."""
    cell.entered = sum(line is not None for line in lines)
    pairs = list(zip(cell.boards, lines, strict=True))
    disputed = [board for board, line in pairs if line and line.disputed]
    missing = [board for board, line in pairs if line is None]
    cell.missing = tuple(missing)
    if disputed:
        cell.state, cell.board = DISPUTED, disputed[0]
    elif missing:
        cell.state, cell.board = (LATE if late else MISSING), missing[0]
    elif all(line.confirmed for line in lines if line is not None):
        cell.state = CONFIRMED
    else:
        cell.state = ENTERED


@staff_member_required
@require_POST
def table_move(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Move a table's tablet on to a round (its earlier rounds become the
    director's), then back to the console."""
    table = table_at(pk, number)
    try:
        round = int(request.POST.get("round", ""))
        table_move_on(table, round)
    except (ValueError, ValidationError):
        messages.error(request, _("Choose a round of this section's movement."))
    else:
        messages.success(
            request,
            _("Table %(table)d now enters round %(round)d.")
            % {"table": number, "round": round},
        )
    return redirect("director:console", pk=pk)


# -- the audit trail of a board ------------------------------------------------


def line_text(snapshot: dict[str, object] | None, labels: dict[int, str]) -> str:
    """A snapshot of a line as travellers read it: "1NS v 1EW: 4S= by N, +420"."""
    if not snapshot:
        return "—"
    ns_label = labels.get(snapshot.get("ns_pair_id"), "?")
    ew_label = labels.get(snapshot.get("ew_pair_id"), "?")
    pairs = f"{ns_label} v {ew_label}"
    adjusted_ns = snapshot.get("adjusted_ns") or ""
    adjusted_ew = snapshot.get("adjusted_ew") or ""
    if adjusted_ns:
        ns, ew = adjusted_mark(str(adjusted_ns)), adjusted_mark(str(adjusted_ew))
        return f"{pairs}: {ns if ns == ew else f'{ns}/{ew}'}"
    if snapshot.get("weighted"):
        parts = weighted_text(snapshot["weighted"])
        return f"{pairs}: {parts}, {snapshot.get('score_ns')}"
    contract = str(snapshot.get("contract") or "")
    tricks = snapshot.get("tricks")
    try:
        made = result_text(contract, int(tricks)) if tricks is not None else ""
    except (GameError, ValueError):
        made = ""
    text = f"{contract}{made}"
    declarer = snapshot.get("declarer")
    if declarer and made:
        text = _("%(contract)s by %(declarer)s") % {
            "contract": text,
            "declarer": declarer,
        }
    score = snapshot.get("score_ns")
    if isinstance(score, int):
        text = f"{text}, {score:+d}" if score else f"{text}, 0"
    return f"{pairs}: {text}"


def adjusted_mark(mark: str) -> str:
    """An adjusted mark as a line's text shows it: a percentage with its sign
    ("60 %"), an average as typed ("A+")."""
    return f"{mark} %" if mark.replace(".", "", 1).isdigit() else mark


@dataclass(frozen=True)
class AuditRow:
    """A change of a board's traveller, as the director reads it."""

    at: object
    who: str
    action: str
    before: str
    after: str


def audit_rows(board: Board) -> list[AuditRow]:
    """The board's changes, newest first: when, who, what, before -> after."""
    section = board.section
    labels = {e.pk: e.label for e in section_game(section).entrants(section)}
    text = section_game(section).audit_text
    changes = board_changes(board)
    return [
        AuditRow(
            at=change.at,
            who=_who(change),
            action=change.get_action_display(),
            before=text(change.before, labels),
            after=text(change.after, labels),
        )
        for change in changes
    ]


def _who(change: ResultChange) -> str:
    if change.user is not None:
        return change.user.get_username()
    if change.source == Source.TABLE and change.table is not None:
        return _("table %(number)d") % {"number": change.table.number}
    return str(change.get_source_display())


def sheet_audit_rows(section: Section, table: Table | None = None) -> list[AuditRow]:
    """The changes of lines without a board (Barbu deals, Chinese hands),
    newest first, for one table or the whole section."""
    changes = sheet_changes(section, table)
    return [
        AuditRow(
            at=change.at,
            who=_who(change),
            action=change.get_action_display(),
            before=sheet_line_text(change.line, change.before),
            after=sheet_line_text(change.line, change.after),
        )
        for change in changes
    ]


def sheet_line_text(where: str, snapshot: dict[str, object] | None) -> str:
    """A Barbu deal's points ("Table 1, round 2, Hearts: N -8, E 0, ...") or a
    Chinese hand's tricks ("Round 1, table 2, hand 3: 15-11")."""
    if not snapshot:
        return "—"
    points = [
        f"{seat} {snapshot[f'points_{seat.lower()}']}"
        for seat in "NESW"
        if f"points_{seat.lower()}" in snapshot
    ]
    if points:
        return f"{where}: {', '.join(points)}"
    return f"{where}: {snapshot.get('tricks_a')}–{snapshot.get('tricks_b')}"
