"""Travellers typed into a spreadsheet: CSV or Excel, one line per traveller.

Clubs that score from paper travellers type them into a spreadsheet with the
columns ``board, ns, ew, contract, declarer, result`` (pairs by their label,
"3NS" or "7", or in a Mitchell by their number alone; ``result`` as "=",
"+1", "-2" or the tricks taken) and optionally ``lead``, ``round``,
``table``; an adjusted score is written in the contract column ("A+/A-",
"60%/40%"), an award against an absent pair as "60/0" or "60/40 EW absent".
A row with no contract and no result ("-" or empty) was not played and is
skipped.  Every line is checked by the one write path's rules (in memory,
``services.bulk_lines``) and the file stored in bulk with one audit entry;
every faulty line is reported with its number and board (a pair against
itself, or twice on a board in the file, among them), and nothing is stored
unless the whole file is valid.
"""

from __future__ import annotations

import csv
import io
import re
import struct
import zipfile
import zlib
from collections.abc import Iterable

from defusedxml.ElementTree import fromstring as safe_xml
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from lxml.etree import LxmlError
from openpyxl import load_workbook
from openpyxl.utils.exceptions import InvalidFileException

from games.bridge import parse_contract, tricks_from_result
from games.errors import GameError
from games.text import control_fault
from tournaments.importers.awards import award_of, parse_award
from tournaments.importers.limits import MAX_ROUND, MAX_TABLE
from tournaments.models import Section, Source
from tournaments.services.bulk_lines import FileLine, SectionLines, import_audit

REQUIRED = ("board", "ns", "ew", "contract")
# What a damaged or hostile workbook raises while openpyxl reads it: a bad or
# cut zip, a part compressed or encrypted in a way zipfile cannot read, a
# missing part, XML that is not well-formed (lxml's XMLSyntaxError and
# ElementTree's ParseError are SyntaxErrors) or declares entities
# (defusedxml's errors are ValueErrors), cells of the wrong type.
WORKBOOK_ERRORS = (
    InvalidFileException,
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    struct.error,
    NotImplementedError,
    RuntimeError,
    KeyError,
    IndexError,
    TypeError,
    AttributeError,
    ValueError,
    OverflowError,
    SyntaxError,
    LxmlError,
)
# How zipfile says a part the workbook names is not in the file.
MISSING_PART = re.compile(r"no item named '([^']{1,100})'")


class TravellerFileError(ValueError):
    """A traveller file with faulty lines: every message names its line."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("; ".join(errors))
        self.errors = errors


def read_rows(data: bytes, filename: str) -> list[dict[str, str]]:
    """The file's rows as dicts of lower-cased column names (CSV or .xlsx)."""
    values = _xlsx_values(data) if filename.lower().endswith(".xlsx") else _csv(data)
    if not values:
        raise TravellerFileError([_("Line 1: the file is empty")])
    header = [name.strip().lower() for name in values[0]]
    missing = [name for name in REQUIRED if name not in header]
    if missing:
        raise TravellerFileError(
            [
                _("Line 1: missing column(s) %(columns)s")
                % {"columns": ", ".join(missing)}
            ]
        )
    return [
        dict(zip(header, row, strict=False))
        for row in values[1:]
        if any(cell.strip() for cell in row)
    ]


def _xlsx_values(data: bytes) -> list[list[str]]:
    """The first sheet's cells as text; a file that is not a workbook, or a
    damaged one, is refused naming the part that cannot be read."""
    try:
        sheet = load_workbook(io.BytesIO(data), read_only=True).active
        if sheet is None:
            raise TravellerFileError(
                [_("The workbook has no sheet: save it again from Excel")]
            )
        return [
            ["" if cell is None else _cell(cell) for cell in row]
            for row in sheet.iter_rows(values_only=True)
        ]
    except TravellerFileError:
        raise
    except WORKBOOK_ERRORS as error:
        raise TravellerFileError([_workbook_fault(data, error)]) from None


def _workbook_fault(data: bytes, error: Exception) -> str:
    """What is wrong with a workbook openpyxl could not read: a part missing,
    a part damaged (named), or no workbook at all."""
    missing = MISSING_PART.search(str(error))
    if missing is not None:
        return _(
            "The file is a damaged Excel workbook (.xlsx): its part %(part)s "
            "is missing. Save it again from Excel"
        ) % {"part": missing.group(1)}
    part = damaged_part(data)
    if part is None:
        return _("The file is not an Excel workbook (.xlsx): save it again from Excel")
    return _(
        "The file is a damaged Excel workbook (.xlsx): its part %(part)s "
        "cannot be read. Save it again from Excel"
    ) % {"part": part}


def damaged_part(data: bytes) -> str | None:
    """The name of the first part of a zip that cannot be read: its data cut
    or altered (a wrong checksum), or XML that is not well-formed; None when
    the file is no zip at all, or each part reads."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except WORKBOOK_ERRORS:
        return None
    with archive:
        for member in archive.infolist():
            name = member.filename[:100]
            try:
                content = archive.read(member)
                if name.endswith((".xml", ".rels")):
                    safe_xml(content)
            except WORKBOOK_ERRORS:
                return name
    return None


def _cell(value: object) -> str:
    """A cell as typed: a whole number stored as 3.0 reads "3"."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _csv(data: bytes) -> list[list[str]]:
    """CSV rows, the delimiter (comma, semicolon or tab) read off the header."""
    text = _decoded(data)
    header = text.splitlines()[0] if text.strip() else ""
    delimiter = max(",;\t", key=header.count) if header else ","
    try:
        return list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error:
        raise TravellerFileError(
            [_("The file is not a CSV text file: save it as CSV or .xlsx")]
        ) from None


def _decoded(data: bytes) -> str:
    """The file's text: UTF-16 with its mark (Excel's "Unicode text"), UTF-8,
    else Windows-1252 (what French and other Excel versions save CSV as)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


@transaction.atomic
def import_travellers(
    section: Section,
    rows: Iterable[dict[str, str]],
    *,
    user: AbstractBaseUser | None = None,
    file_name: str = "",
) -> int:
    """Check every row by the write path's rules, then store them all in bulk,
    or nothing; returns the count.

    A row with no contract and no result ("-" or empty) was not played: it
    is skipped, not stored.  A pair meeting itself or playing a board twice
    in the file is refused on that line, naming the board.  The rows are
    checked in memory (``services.bulk_lines``): a few queries a file, one
    audit entry for it, one rescore of the section after the commit.
    """
    section = Section.objects.select_related("session__event").get(pk=section.pk)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    for board in boards.values():
        board.section = section
    rounds = {r.number: r for r in section.round_set.all()}
    tables = {t.number: t for t in section.table_set.all()}
    lines = SectionLines(section, source=Source.DIRECTOR, user=user)
    errors: list[str] = []
    seen: dict[tuple[int, int], int] = {}
    for number, row in enumerate(rows, start=2):
        if not _played(row):
            continue
        try:
            board, ns, ew = _placed(row, pairs, boards)
            _once(board, ns, ew, number, seen)
            _check(lines, row, board, ns, ew, rounds, tables)
        except (ValidationError, GameError, ValueError, KeyError) as error:
            messages = getattr(error, "messages", None) or [str(error)]
            errors.append(
                _("Line %(line)d: %(errors)s")
                % {"line": number, "errors": "; ".join(messages)}
            )
    if errors:
        raise TravellerFileError(errors)
    try:
        stored = lines.store()
    except ValidationError as error:  # a line entered meanwhile
        raise TravellerFileError(error.messages) from None
    import_audit([lines], file_name=file_name)
    return stored


def _played(row: dict[str, str]) -> bool:
    """Whether the row is a result: a contract or a result ("12 1 - N -",
    a table that did not play the board, is none)."""
    return any(
        (row.get(column) or "").strip() not in ("", "-")
        for column in ("contract", "result")
    )


def _placed(row: dict[str, str], pairs: dict, boards: dict) -> tuple:
    """The row's board and pairs; a faulty cell raises ValueError naming it."""
    for cell in row.values():
        fault = control_fault(cell or "")
        if fault:
            raise ValueError(fault)
    text = (row.get("board") or "").strip()
    board = boards.get(int(text)) if text.isdigit() else None
    if board is None:
        raise ValueError(
            _("board: no board %(board)r in this section") % {"board": text}
        )
    ns, ew = (_pair(pairs, row, side) for side in ("ns", "ew"))
    return board, ns, ew


def _once(board, ns, ew, line: int, seen: dict[tuple[int, int], int]) -> None:
    """Refuse a pair against itself, or a second line of a pair on a board
    in the file (the write path would take it as a correction of the first)."""
    where = _("board %(board)d (%(ns)s v %(ew)s)") % {
        "board": board.number,
        "ns": ns.label,
        "ew": ew.label,
    }
    if ns.pk == ew.pk:
        raise ValueError(
            _("%(where)s: a pair cannot play against itself") % {"where": where}
        )
    for pair in (ns, ew):
        other = seen.get((board.number, pair.pk))
        if other is not None:
            raise ValueError(
                _(
                    "%(where)s: pair %(pair)s plays this board twice "
                    "(also line %(line)d)"
                )
                % {"where": where, "pair": pair.label, "line": other}
            )
    for pair in (ns, ew):
        seen[(board.number, pair.pk)] = line


def _check(
    lines: SectionLines, row: dict[str, str], board, ns, ew, rounds, tables
) -> None:
    """Check the row as the write path would (``SectionLines.check``)."""
    where = {
        "round": _numbered(rounds, row.get("round"), "round", MAX_ROUND),
        "table": _numbered(tables, row.get("table"), "table", MAX_TABLE),
    }
    try:
        lines.check(_line(row, board, ns, ew, where))
    except (ValidationError, GameError, ValueError) as error:
        messages = getattr(error, "messages", None) or [str(error)]
        raise ValueError(
            _("board %(board)d (%(ns)s v %(ew)s): %(problem)s")
            % {
                "board": board.number,
                "ns": ns.label,
                "ew": ew.label,
                "problem": "; ".join(messages),
            }
        ) from None


def _line(row: dict[str, str], board, ns, ew, where: dict) -> FileLine:
    """The row as a line to check: an adjusted score or a played contract."""
    contract = (row.get("contract") or "").strip()
    award = parse_award(contract)
    if award is None and (
        contract[:1].upper() == "A" or (contract[:1].isdigit() and "%" in contract)
    ):
        ns_mark, _slash, ew_mark = contract.partition("/")
        award = award_of(ns_mark, ew_mark or ns_mark)
    if award is not None:
        return FileLine(
            board=board, ns_pair=ns, ew_pair=ew, adjusted=(award.ns, award.ew),
            absent=award.absent, **where,
        )  # fmt: skip
    parsed = parse_contract(contract)
    text = (row.get("result") or "").strip()
    tricks = None if parsed.is_pass else tricks_from_result(parsed, text)
    return FileLine(
        board=board, ns_pair=ns, ew_pair=ew, contract=contract,
        declarer=(row.get("declarer") or "").strip(), tricks=tricks,
        lead=(row.get("lead") or "").strip(), **where,
    )  # fmt: skip


def _pair(pairs: dict, row: dict[str, str], column: str):
    """The pair of the ``ns`` or ``ew`` column: its label ("3NS", "7"), or in a
    Mitchell its number alone, as a paper traveller gives it ("3")."""
    text = (row.get(column) or "").strip().upper()
    pair = pairs.get(text) or pairs.get(f"{text}{column.upper()}")
    if pair is None:
        raise ValueError(
            _("%(column)s: no pair %(pair)r in this section")
            % {"column": column, "pair": text}
        )
    return pair


def _numbered(numbered: dict, value: str | None, column: str, high: int):
    """The section's round or table of that number; None when not given."""
    text = (value or "").strip()
    if not text.isdigit():
        return None
    if not 1 <= int(text) <= high:
        raise ValueError(
            _("%(column)s: %(number)s is not a number from 1 to %(high)d")
            % {"column": column, "number": text[:12], "high": high}
        )
    return numbered.get(int(text))
