"""Write a ``Book`` as an .xlsx file directly: SpreadsheetML parts in a zip.

openpyxl's write-only mode still builds a cell object, types it and styles
it for every value, and opens a temporary file for every sheet: about 70 µs
a cell, 50 s for a 2,000-table event.  A ``Book`` needs little of the
format (text, numbers, a bold frozen header, a number format per column,
column widths), so its parts are written here as strings, a few
microseconds a cell.  Text is always an inline string (never a formula nor
an error code, whatever it starts with), stripped of the control characters
XML cannot hold; numbers that are not finite are left empty.  The parts are
those every spreadsheet program reads (ECMA-376 part 1, the minimal package:
content types, relationships, workbook, styles, worksheets).
"""

from __future__ import annotations

import math
import re
import zipfile
from collections.abc import Iterable, Sequence
from typing import IO, Protocol
from xml.sax.saxutils import escape, quoteattr

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
# Number formats every spreadsheet program knows by number (ECMA-376 18.8.30).
BUILTIN_FORMATS = {"General": 0, "0": 1, "0.00": 2, "0%": 9, "0.00%": 10}
FIRST_CUSTOM_FORMAT = 164
# Characters XML 1.0 cannot hold.
ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# What Excel refuses in a sheet's name (at most 31 characters).
FORBIDDEN_IN_TITLE = re.compile(r"[\[\]:*?/\\]")
# Style indexes in ``cellXfs``: 0 plain, 1 bold, then one per number format.
BOLD = 1


class WrittenSheet(Protocol):
    """What is written of a sheet (``book.Sheet``)."""

    title: str
    rows: list[list[object]]
    header_frozen: bool
    formats: dict[int, str]


def write_xlsx(
    target: str | IO[bytes],
    sheets: Sequence[WrittenSheet],
    widths: Sequence[Sequence[int]],
    written: object = None,
) -> None:
    """Write ``sheets`` (their columns ``widths``) as an .xlsx file to
    ``target``; ``written(done, count)`` is told after each sheet."""
    styles = _Styles(fmt for sheet in sheets for fmt in sheet.formats.values())
    titles = _titles(sheet.title for sheet in sheets)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as package:
        package.writestr("[Content_Types].xml", _content_types(len(sheets)))
        package.writestr("_rels/.rels", _package_relations())
        package.writestr("xl/workbook.xml", _workbook(titles))
        package.writestr("xl/_rels/workbook.xml.rels", _workbook_relations(len(sheets)))
        package.writestr("xl/styles.xml", styles.xml())
        pairs = zip(sheets, widths, strict=True)
        for number, (sheet, sizes) in enumerate(pairs, start=1):
            with package.open(f"xl/worksheets/sheet{number}.xml", "w") as part:
                for chunk in _worksheet(sheet, sizes, styles, first=number == 1):
                    part.write(chunk.encode("utf-8"))
            if written is not None:
                written(number, len(sheets))


def column_letter(index: int) -> str:
    """The letters of the column at ``index`` (from 0): A, ..., Z, AA, ..."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


class _Styles:
    """The cell formats the book uses: plain, bold, and one per number format."""

    def __init__(self, formats: Iterable[str]) -> None:
        self.custom: dict[str, int] = {}
        self.index: dict[str, int] = {}
        for fmt in formats:
            if fmt in self.index:
                continue
            if fmt not in BUILTIN_FORMATS and fmt not in self.custom:
                self.custom[fmt] = FIRST_CUSTOM_FORMAT + len(self.custom)
            self.index[fmt] = BOLD + 1 + len(self.index)

    def number_format_id(self, fmt: str) -> int:
        return BUILTIN_FORMATS.get(fmt) or self.custom[fmt]

    def xml(self) -> str:
        xfs = [
            '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
            '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" '
            'applyFont="1"/>',
            *(
                f'<xf numFmtId="{self.number_format_id(fmt)}" fontId="0" fillId="0" '
                'borderId="0" xfId="0" applyNumberFormat="1"/>'
                for fmt in self.index
            ),
        ]
        formats = ""
        if self.custom:
            formats = (
                f'<numFmts count="{len(self.custom)}">'
                + "".join(
                    f'<numFmt numFmtId="{number}" formatCode={quoteattr(fmt)}/>'
                    for fmt, number in self.custom.items()
                )
                + "</numFmts>"
            )
        return (
            f'{HEAD}<styleSheet xmlns="{MAIN}">{formats}'
            '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
            '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
            '<fills count="2"><fill><patternFill patternType="none"/></fill>'
            '<fill><patternFill patternType="gray125"/></fill></fills>'
            '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/>'
            "</border></borders>"
            '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" '
            'borderId="0"/></cellStyleXfs>'
            f'<cellXfs count="{len(xfs)}">{"".join(xfs)}</cellXfs>'
            '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>'
            "</cellStyles></styleSheet>"
        )


def _titles(titles: Iterable[str]) -> list[str]:
    """Each sheet's name: its title as Excel takes it, or "Sheet", "Sheet1",
    ... as openpyxl names untitled sheets; a name already taken (in any case)
    gets a number."""
    used: set[str] = set()
    names = []
    for title in titles:
        base = FORBIDDEN_IN_TITLE.sub("-", ILLEGAL.sub("", title))[:31] or "Sheet"
        name, n = base, 1
        while name.casefold() in used:
            name = f"{base[:28]}{n}"
            n += 1
        used.add(name.casefold())
        names.append(name)
    return names


def _worksheet(
    sheet: WrittenSheet, widths: Sequence[int], styles: _Styles, *, first: bool
) -> Iterable[str]:
    """The worksheet part, in chunks of rows."""
    selected = ' tabSelected="1"' if first else ""
    view = f'<sheetView workbookViewId="0"{selected}/>'
    if sheet.header_frozen:
        view = (
            f'<sheetView workbookViewId="0"{selected}>'
            '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" '
            'state="frozen"/><selection pane="bottomLeft"/></sheetView>'
        )
    cols = "".join(
        f'<col min="{n}" max="{n}" width="{width}" customWidth="1"/>'
        for n, width in enumerate(widths, start=1)
    )
    yield (
        f'{HEAD}<worksheet xmlns="{MAIN}" xmlns:r="{RELATIONS}">'
        f"<sheetViews>{view}</sheetViews>"
        '<sheetFormatPr defaultRowHeight="15"/>'
        + (f"<cols>{cols}</cols>" if cols else "")
        + "<sheetData>"
    )
    width = max((len(values) for values in sheet.rows), default=0)
    letters = [column_letter(index) for index in range(width)]
    column_styles = {column: styles.index[fmt] for column, fmt in sheet.formats.items()}
    chunk: list[str] = []
    for number, values in enumerate(sheet.rows, start=1):
        bold = number == 1 and sheet.header_frozen
        cells = []
        for column, value in enumerate(values):
            style = (
                BOLD if bold else (column_styles.get(column, 0) if number > 1 else 0)
            )
            cell = _cell(f"{letters[column]}{number}", value, style)
            if cell:
                cells.append(cell)
        chunk.append(f'<row r="{number}">{"".join(cells)}</row>')
        if len(chunk) == 1000:
            yield "".join(chunk)
            chunk = []
    yield "".join(chunk) + "</sheetData></worksheet>"


def _cell(ref: str, value: object, style: int) -> str:
    """One ``<c>``: text as an inline string, a number, a boolean; for an
    empty value or a number that is not finite, only its style if it has
    one."""
    styled = f' s="{style}"' if style else ""
    if value is None or value == "":
        # An empty cell keeps its column's format or the header's bold.
        return f'<c r="{ref}"{styled}/>' if style else ""
    if isinstance(value, bool):
        return f'<c r="{ref}"{styled} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, int):
        return f'<c r="{ref}"{styled}><v>{value}</v></c>'
    if isinstance(value, float):
        if not math.isfinite(value):
            return f'<c r="{ref}"{styled}/>' if style else ""
        return f'<c r="{ref}"{styled}><v>{value!r}</v></c>'
    text = escape(ILLEGAL.sub("", str(value)))
    return (
        f'<c r="{ref}"{styled} t="inlineStr"><is>'
        f'<t xml:space="preserve">{text}</t></is></c>'
    )


def _content_types(sheets: int) -> str:
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n}.xml" '
        f'ContentType="{SHEET_TYPE}.worksheet+xml"/>'
        for n in range(1, sheets + 1)
    )
    return (
        f"{HEAD}<Types "
        'xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        f'ContentType="{SHEET_TYPE}.sheet.main+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        f'ContentType="{SHEET_TYPE}.styles+xml"/>'
        f"{overrides}</Types>"
    )


def _relationships(parts: list[tuple[str, str]]) -> str:
    """A relationships part: each ``(type, target)`` of ``parts`` in turn,
    numbered from rId1 (the package's and the workbook's write the same
    XML)."""
    links = "".join(
        f'<Relationship Id="rId{n}" Type="{RELATIONS}/{kind}" Target="{target}"/>'
        for n, (kind, target) in enumerate(parts, start=1)
    )
    return f'{HEAD}<Relationships xmlns="{PACKAGE}">{links}</Relationships>'


def _package_relations() -> str:
    return _relationships([("officeDocument", "xl/workbook.xml")])


def _workbook(titles: list[str]) -> str:
    sheets = "".join(
        f'<sheet name={quoteattr(title)} sheetId="{n}" r:id="rId{n}"/>'
        for n, title in enumerate(titles, start=1)
    )
    return (
        f'{HEAD}<workbook xmlns="{MAIN}" xmlns:r="{RELATIONS}">'
        '<bookViews><workbookView activeTab="0"/></bookViews>'
        f"<sheets>{sheets}</sheets></workbook>"
    )


def _workbook_relations(sheets: int) -> str:
    return _relationships(
        [("worksheet", f"worksheets/sheet{n}.xml") for n in range(1, sheets + 1)]
        + [("styles", "styles.xml")]
    )
