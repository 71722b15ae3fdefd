"""A results file's traveller lines, checked in memory and stored in bulk.

The one write path (``services.entry.write_line``) stores a line at a time:
about nine queries a line, 83-108 s for a file of 26,000 lines.  An imported
file instead has every line checked here against the rules that path applies
to a director's line, without a query a line:

- the line's values: ``services.results``' own checks (``played_line_fields``,
  ``adjusted_line_fields``, ``weighted_line_fields``: contract, declarer,
  tricks, the NS score; A+/A/A- or a percentage; the weighted parts);
- two different pairs of the board's section (``checks.check_pairs``);
- the movement seats them on that board (at that round and table when the
  file says), from the section's movement read once (``checks.movement_refusal``
  words the refusal as ``check_movement`` does);
- the session is open (``entry.check_open``, read once);
- no line already stored for the board and NS pair ("correct that line
  instead"), and a pair plays a board once, in either direction, counting
  the section's stored lines (read once) and the file's earlier lines.

Every faulty line is named (the caller words where it is in the file) and
nothing is stored unless every line is sound.  Then ``SectionLines.store``
writes them with multi-row inserts (``lines_insert``, 1,000 lines a
statement), keeps one audit entry for the whole file
(``ResultChange.Action.IMPORT``, its line counts by section) and marks each
section changed once
(``services.rescoring.section_changed``: one whole-section rescore after
the commit).  A line correcting a stored one is not an import's business:
the director corrects it on the traveller.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.weighted import WeightedPart
from tournaments.models import (
    Board,
    Pair,
    Result,
    ResultChange,
    Round,
    Section,
    Source,
    Table,
)
from tournaments.selectors.movement import section_movement
from tournaments.services.checks import check_pairs, movement_refusal
from tournaments.services.entry import check_open
from tournaments.services.line_values import LineValues
from tournaments.services.rescoring import section_changed
from tournaments.services.results import (
    adjusted_line_fields,
    played_line_fields,
    weighted_line_fields,
)

# Lines a statement: 1,000 lines of 31 columns is 31,000 parameters, below
# SQLite's 32,766 (3.32 and later) and PostgreSQL's 65,535.
CHUNK = 1000


@dataclass(frozen=True)
class FileLine(LineValues):
    """A traveller line read from a file, its board and pairs found: played
    (contract...), artificial (``adjusted``), or weighted (its parts)."""

    board: Board
    ns_pair: Pair
    ew_pair: Pair
    weighted: Sequence[WeightedPart] | None = None
    round: Round | None = None
    table: Table | None = None
    where: str = ""  # where the line is in the file, for its fault


class SectionLines:
    """One section's lines of a file: what the section holds, read once, and
    the lines checked so far, ready to be stored together."""

    def __init__(
        self,
        section: Section,
        *,
        source: str = Source.IMPORT,
        user: AbstractBaseUser | None = None,
    ) -> None:
        self.section = section
        self.source = source
        self.user = user if user is not None and user.is_authenticated else None
        self.checked: list[Result] = []
        try:
            check_open(section)
            self.closed: ValidationError | None = None
        except ValidationError as error:
            self.closed = error
        self._seats = _seats(section)
        self._rounds = {r.number: r for r in section.round_set.all()}
        self._tables = {t.number: t for t in section.table_set.all()}
        self._played_fields: dict[tuple, dict[str, object]] = {}
        self._slots: set[tuple[int, int]] = set()
        self._played: set[tuple[int, int]] = set()
        stored = Result.objects.filter(board__section=section)
        for board, ns, ew in stored.values_list("board_id", "ns_pair_id", "ew_pair_id"):
            self._slots.add((board, ns))
            self._played.update({(board, ns), (board, ew)})

    def check(self, line: FileLine) -> Result:
        """The line as it will be stored; ``ValidationError`` names its fault
        as the write path would.  A sound line counts as played for the next."""
        board, ns, ew = line.board, line.ns_pair, line.ew_pair
        fields = self._fields(line)
        check_pairs(board, ns, ew)
        round, table = self._placed(line)
        if self.closed is not None:
            raise self.closed
        if (board.pk, ns.pk) in self._slots:
            raise ValidationError(
                _("%(where)s already has a result: correct that line instead.")
                % {"where": _where(line)}
            )
        for pair in (ns, ew):
            if (board.pk, pair.pk) in self._played:
                raise ValidationError(
                    _("Pair %(pair)s already has a result on board %(board)s.")
                    % {"pair": pair.label, "board": board.number}
                )
        self._slots.add((board.pk, ns.pk))
        self._played.update({(board.pk, ns.pk), (board.pk, ew.pk)})
        result = Result(
            board=board,
            ns_pair=ns,
            ew_pair=ew,
            round=round,
            table=table,
            source=self.source,
            entered_by=self.user,
            **fields,
        )
        self.checked.append(result)
        return result

    def _fields(self, line: FileLine) -> dict[str, object]:
        """The line's checked values (``_fields``); a played result already
        checked on this board is not worked out again (a board's lines
        repeat a few contracts)."""
        if line.adjusted or line.weighted:
            return _fields(line)
        key = (line.board.pk, line.contract, line.declarer, line.tricks, line.lead)
        known = self._played_fields.get(key)
        if known is None:
            known = self._played_fields[key] = _fields(line)
        return dict(known)

    def _placed(self, line: FileLine) -> tuple[Round | None, Table | None]:
        """Where the movement seats the line, as ``checks.check_movement``."""
        if self._seats is None:
            return line.round, line.table
        board, round, table = line.board, line.round, line.table
        number = board.number - self.section.first_board + 1
        key = (number, line.ns_pair.label, line.ew_pair.label)
        for round_number, table_number in self._seats.get(key, ()):
            if round is not None and round.number != round_number:
                continue
            if table is not None and table.number != table_number:
                continue
            return (
                round or self._rounds.get(round_number),
                table or self._tables.get(table_number),
            )
        raise movement_refusal(board, line.ns_pair, line.ew_pair, round, table)

    def store(self, start: int = 0, stop: int | None = None) -> int:
        """Store the checked lines ``start:stop`` in bulk (inside the caller's
        transaction) and mark the section changed; returns how many.

        A line entered meanwhile for the same board and pair (a tablet, the
        director) is refused by the database's unique constraints: then
        ``ValidationError``, and the caller's transaction stores nothing.
        """
        lines = self.checked[start:stop]
        if lines:
            try:
                with transaction.atomic():
                    lines_insert(lines)
            except IntegrityError:
                raise ValidationError(
                    _(
                        "A line of this file was entered meanwhile in section "
                        "%(section)s: nothing was stored; send the file again."
                    )
                    % {"section": self.section.letter}
                ) from None
            section_changed(self.section.pk)
        return len(lines)


def lines_checked(
    sections: Sequence[tuple[SectionLines, Sequence[FileLine]]],
    fault: Callable[[FileLine, ValidationError], str],
) -> None:
    """Check every line of every section; raise one ``ValidationError``
    listing each fault, as ``fault`` words it, when any line is refused."""
    faults = []
    for lines, file_lines in sections:
        for line in file_lines:
            try:
                lines.check(line)
            except ValidationError as error:
                faults.append(fault(line, error))
    if faults:
        raise ValidationError(faults)


def import_audit(
    sections: Sequence[SectionLines], *, file_name: str = ""
) -> ResultChange | None:
    """The one audit entry of an imported file: who brought it, from where,
    and how many lines it stored in which section (on the first section, so
    that the event's trail and "changed since published" see it)."""
    stored = [lines for lines in sections if lines.checked]
    if not stored:
        return None
    first = stored[0]
    file_name = "".join(char for char in file_name if char.isprintable())[:255]
    sessions = {lines.section.session_id for lines in stored}
    counts = {_named(lines.section, len(sessions) > 1): len(lines.checked)
              for lines in stored}  # fmt: skip
    total = sum(len(lines.checked) for lines in stored)
    text = _("%(count)d lines imported") % {"count": total}
    if file_name:
        text = f"{file_name}: {text}"
    return ResultChange.objects.create(
        section=first.section,
        board=None,
        line=text[:120],
        result=None,
        action=ResultChange.Action.IMPORT,
        before=None,
        after={"file": file_name, "lines": total, "sections": counts},
        user=first.user,
        table=None,
        source=first.source,
    )


def _named(section: Section, sessions: bool) -> str:
    """A section as the audit entry counts it: "A", or "2A" (session 2)
    when the file holds several sessions (a teams event's rounds)."""
    if not sessions:
        return section.letter
    return f"{section.session.number}{section.letter}"


def fault_text(error: ValidationError) -> str:
    """A refused line's messages in one text."""
    return "; ".join(error.messages)


def _fields(line: FileLine) -> dict[str, object]:
    """The line's checked values, by the write path's own checks."""
    board = line.board
    if line.adjusted:
        ns, ew = line.adjusted
        return adjusted_line_fields(board, ns, ew, line.absent)
    if line.weighted:
        return weighted_line_fields(board, line.weighted)
    return played_line_fields(
        board, line.contract, line.declarer, line.tricks, line.lead
    )


def _where(line: FileLine) -> str:
    """The line as the write path names it: "Board 3, 2NS v 5EW"."""
    return _("Board %(board)d, %(ns)s v %(ew)s") % {
        "board": line.board.number,
        "ns": line.ns_pair.label,
        "ew": line.ew_pair.label,
    }


Seats = dict[tuple[int, str, str], list[tuple[int, int]]]


def _seats(section: Section) -> Seats | None:
    """Where the movement seats each board's pairs: (board, NS, EW) to its
    (round, table) places; None for a section without a movement."""
    movement = section_movement(section)
    if movement is None:
        return None
    seats: Seats = {}
    for seating in movement.seatings:
        if movement.is_sit_out(seating):
            continue
        labels = (movement.pair(seating.ns).label, movement.pair(seating.ew).label)
        for number in seating.boards:
            place = (seating.round, seating.table)
            seats.setdefault((number, *labels), []).append(place)
    return seats


def lines_insert(lines: Sequence[Result]) -> None:
    """Insert new lines, ``CHUNK`` a statement (fewer if the database takes
    fewer parameters), in the caller's transaction.

    ``bulk_create`` does the same work, but prepares every value of every
    row through its field (and Django 5.2 sends SQLite 33 rows a statement,
    its old limit of 999 parameters): half of a 52,000-line import.  Here
    only the columns whose value needs the database's own form (dates,
    JSON) go through their field; ids, numbers and texts are sent as they
    are.  Values are parameters; names are quoted by the connection.
    """
    fields = [field for field in Result._meta.concrete_fields if not field.primary_key]
    now = timezone.now()
    prepared = {
        field.attname
        for field in fields
        if isinstance(field, models.DateTimeField | models.JSONField)
    }
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    marks = "(" + ", ".join(["%s"] * len(fields)) + ")"
    rows = []
    for line in lines:
        line.updated = now  # auto_now, as save() would set it
        rows.append(
            [
                field.get_db_prep_save(getattr(line, field.attname), connection)
                if field.attname in prepared
                else getattr(line, field.attname)
                for field in fields
            ]
        )
    chunk = max(1, min(CHUNK, _parameters() // len(fields)))
    table = quote(Result._meta.db_table)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), chunk):
            part = rows[start : start + chunk]
            cursor.execute(
                f"INSERT INTO {table} ({columns}) VALUES "
                + ", ".join([marks] * len(part)),
                [value for row in part for value in row],
            )


def _parameters() -> int:
    """The parameters a statement may hold: SQLite tells its limit (32,766
    from 3.32 on), PostgreSQL takes 65,535."""
    if connection.vendor != "sqlite":
        return 65_535
    connection.ensure_connection()
    return connection.connection.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER)
