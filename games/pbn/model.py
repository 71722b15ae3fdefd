"""The games, tables and columns that ``read_pbn`` returns.

A ``PbnGame`` keeps what the file says as text: its tags in file order and the
lines of its supplemental sections. Its properties parse on demand what Donne
needs (board, deal, dealer, vulnerability, contract, tables) and raise
GameError naming the tag's line when the text is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

from games.bridge import (
    Contract,
    board_dealer,
    board_vulnerability,
    parse_contract,
    parse_vulnerability,
)
from games.deal import Deal
from games.errors import GameError

__all__ = [
    "EMPTY_ELEMENT",
    "MANDATORY_TAGS",
    "NOTE_TAG",
    "PbnColumn",
    "PbnGame",
    "PbnTable",
    "unescape",
]

# The Mandatory Tag Set, in export order (standard section 3.4).
MANDATORY_TAGS: tuple[str, ...] = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South",
    "Dealer", "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
NOTE_TAG = "Note"  # the one tag a game may repeat
TABLE_SUFFIX = "Table"  # ScoreTable, TotalScoreTable, OptimumResultTable...
UNKNOWN_VALUES = frozenset({"", "?"})  # "?" unknown, "" not applicable (3.4)
EMPTY_ELEMENT = "-"  # an empty element in a table row
SEATS = "NESW"

_T = TypeVar("_T")
_ESCAPED = re.compile(r'\\([\\"])')
_FIELD = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_COLUMN = re.compile(r"^(?P<order>[+-]?)(?P<name>[^\\]*)(?:\\(?P<width>.*))?$", re.S)
_WIDTH = re.compile(r"^(?P<width>\d+)(?P<align>[LRlr]?)$")


def unescape(value: str) -> str:
    """A PBN string without its escapes: \\" is a quote, \\\\ a backslash."""
    return _ESCAPED.sub(r"\1", value)


@dataclass(frozen=True)
class PbnColumn:
    """One column of a PBN table header such as ``-Rank\\3R``.

    ``order`` is "+" or "-" when the rows are sorted on this column, ``width``
    the minimum width of its data and ``alignment`` "L" or "R" when given.
    """

    name: str
    width: int | None = None
    alignment: str | None = None
    order: str | None = None


@dataclass(frozen=True)
class PbnTable:
    """A PBN table: its columns and one dict per row, column name -> value.

    An element written "-" is empty and read as None.
    """

    columns: list[PbnColumn]
    rows: list[dict[str, str | None]]


@dataclass
class PbnGame:
    """One PBN game: tags in file order, section lines, notes and commentary.

    ``sections`` maps a tag name to the lines that follow it, comments removed;
    ``notes`` maps the tag a ``[Note]`` follows ("Auction", "Play"; "" before
    any tag) to the note values; ``line`` is where the game starts in the file.
    """

    tags: dict[str, str] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)
    commentary: list[str] = field(default_factory=list)
    notes: dict[str, list[str]] = field(default_factory=dict)
    line: int = field(default=1, compare=False)
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    section_lines: dict[str, list[int]] = field(
        default_factory=dict, compare=False, repr=False
    )

    @property
    def board(self) -> int | None:
        """The board number; None when the tag is absent, "?" or empty."""
        value = self._known("Board")
        if value is None:
            return None
        if not value.isdigit() or int(value) < 1:
            raise GameError(
                f'{self._where("Board")}: "{value}" is not a board number (1, 2...)'
            )
        return int(value)

    @cached_property
    def deal(self) -> Deal | None:
        """The hands of the ``[Deal]`` tag, parsed once; None when absent or "?"."""
        value = self._known("Deal")
        return None if value is None else self._parsed("Deal", Deal.from_pbn, value)

    @property
    def dealer(self) -> str | None:
        """The dealer, N, E, S or W, from the tag or else from the board number."""
        value = self._known("Dealer")
        if value is None:
            return None if self.board is None else board_dealer(self.board)
        if len(value) != 1 or value.upper() not in SEATS:
            raise GameError(
                f'{self._where("Dealer")}: dealer "{value}" must be N, E, S or W'
            )
        return value.upper()

    @property
    def vulnerability(self) -> str | None:
        """The vulnerability ("None", "NS", "EW", "All"), from the tag or the board."""
        value = self._known("Vulnerable")
        if value is None:
            return None if self.board is None else board_vulnerability(self.board)
        return self._parsed("Vulnerable", parse_vulnerability, value)

    @property
    def contract(self) -> Contract | None:
        """The ``[Contract]`` tag parsed; None when absent, "?" or empty."""
        value = self._known("Contract")
        if value is None:
            return None
        return self._parsed("Contract", parse_contract, value)

    def table(self, name: str) -> PbnTable | None:
        """The table of a ``...Table`` tag (ScoreTable...); None if the game has none.

        Raises GameError, naming the line, for a malformed header or a row whose
        number of elements differs from the number of columns.
        """
        if not name.endswith(TABLE_SUFFIX):
            raise GameError(f"{name} is not a PBN table: table tags end in 'Table'")
        if name not in self.tags:
            return None
        columns = _parse_columns(self.tags[name], self._where(name))
        names = [column.name for column in columns]
        texts = self.sections.get(name, [])
        tag_line = self.tag_lines.get(name, self.line)
        numbers = self.section_lines.get(name) or [tag_line] * len(texts)
        rows = []
        for text, number in zip(texts, numbers, strict=False):
            elements = [_element(match) for match in _FIELD.finditer(text)]
            if len(elements) != len(columns):
                raise GameError(
                    f"{name} row at line {number} has {len(elements)} elements, but "
                    f'the header "{self.tags[name]}" has {len(columns)} columns'
                )
            rows.append(dict(zip(names, elements, strict=True)))
        return PbnTable(columns, rows)

    def _known(self, name: str) -> str | None:
        value = self.tags.get(name, "").strip()
        return None if value in UNKNOWN_VALUES else value

    def _where(self, name: str) -> str:
        return f"{name} tag at line {self.tag_lines.get(name, self.line)}"

    def _parsed(self, name: str, parse: Callable[[str], _T], value: str) -> _T:
        try:
            return parse(value)
        except GameError as error:
            raise GameError(f"{self._where(name)}: {error}") from error


def _parse_columns(header: str, where: str) -> list[PbnColumn]:
    """The columns of a table header "Name\\2R;-Other;..."; none for ""."""
    columns = []
    for spec in header.split(";") if header.strip() else []:
        match = _COLUMN.match(spec.strip())
        width = None if match.group("width") is None else _WIDTH.match(match["width"])
        if match.group("width") is not None and width is None:
            raise GameError(
                f'{where}: column "{spec}" must give its width as a number, '
                'optionally followed by L or R, e.g. "Contract\\5L"'
            )
        columns.append(
            PbnColumn(
                name=match.group("name"),
                width=int(width["width"]) if width else None,
                alignment=(width["align"].upper() or None) if width else None,
                order=match.group("order") or None,
            )
        )
    return columns


def _element(match: re.Match[str]) -> str | None:
    """One table element: a quoted string unescaped, "-" as None, else the text."""
    if match.group(1) is not None:
        return unescape(match.group(1))
    return None if match.group(2) == EMPTY_ELEMENT else match.group(2)
