"""A workbook written in one pass: time linear in rows.

openpyxl's normal workbook made every added row cost a scan of its sheet
(reading ``max_row`` to type the new cells), quadratic on a big section: 343 s
for 1,000 tables.  Here a ``Sheet`` keeps its rows as plain values while the
exporters fill it; ``Book.save`` then works out each column's width and writes
every row once (``xlsx.write_xlsx``, a few microseconds a cell): text is
always text, never a formula (names come from files), the header bold and
frozen, and each column's number format on its cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import IO

from tournaments.exporters.workbook.xlsx import write_xlsx

MAX_WIDTH = 50

# Told (sheets written, sheets in all) after each sheet ``Book.save`` writes:
# the task building a big event's workbook shows it as its progress.
SHEET_PROGRESS: ContextVar[Callable[[int, int], None] | None] = ContextVar(
    "sheet_progress", default=None
)


class Sheet:
    """A sheet being filled: its title, rows (the header first), formats."""

    def __init__(self, title: str = "") -> None:
        self.title = title
        self.rows: list[list[object]] = []
        self.header_frozen = False
        # Column index (from 0) -> number format of its cells below the header.
        self.formats: dict[int, str] = {}

    def append(self, values: Iterable[object]) -> None:
        """Add a row after the last one."""
        self.rows.append(list(values))

    @property
    def header(self) -> list[object]:
        return self.rows[0] if self.rows else []


class Book:
    """The workbook's sheets in order, written out by ``save``.

    Like openpyxl's ``Workbook`` it starts with one sheet, ``active``.
    """

    def __init__(self) -> None:
        self.sheets: list[Sheet] = [Sheet()]

    @property
    def active(self) -> Sheet:
        return self.sheets[0]

    def create_sheet(self, title: str = "") -> Sheet:
        """A new sheet after the others."""
        sheet = Sheet(title)
        self.sheets.append(sheet)
        return sheet

    def save(self, target: str | IO[bytes]) -> None:
        """Write the .xlsx file, every sheet in one pass over its rows."""
        write_xlsx(
            target,
            self.sheets,
            [column_widths(sheet.rows) for sheet in self.sheets],
            SHEET_PROGRESS.get(),
        )


def column_widths(rows: list[list[object]]) -> list[int]:
    """Each column's width: its longest value as shown, plus 2, at most 50."""
    longest: list[int] = []
    for values in rows:
        for column, value in enumerate(values):
            size = len(shown(value))
            if column == len(longest):
                longest.append(size)
            elif size > longest[column]:
                longest[column] = size
    return [min(size + 2, MAX_WIDTH) for size in longest]


def shown(value: object) -> str:
    """A cell's value as its width counts it."""
    if isinstance(value, float):
        return f"{value:.2f}"
    return "" if value is None else str(value)
