"""Split PBN text into games: comments, tags, sections and "#" inheritance.

The reader follows the import format of PBN 2.1 (chapter 3): tag pairs may
share a line or span several, ``%`` lines are escapes, ``;`` and ``{...}`` are
comments, and a semi-empty line ends a game, except inside a brace comment.
"""

from __future__ import annotations

import codecs
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator
from typing import NamedTuple

from games.errors import GameError
from games.pbn.model import NOTE_TAG, PbnGame, unescape
from games.text import control_fault, first_control

__all__ = ["read_pbn"]

DOS_EOF = "\x1a"  # the Ctrl-Z some DOS programs end a file with
INHERIT = "#"  # "the value of the previous game"
INHERIT_ONWARD = "##"  # "##text": text in this and every later game (4.8)
# Tags whose value a game must give itself (standard section 4.8).
NOT_INHERITABLE = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"}
)

_SURROGATE_TO_LATIN1 = {0xDC00 + byte: byte for byte in range(0x80, 0x100)}
_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_TAG_HEAD = re.compile(r"\[\s*([A-Za-z0-9_]*)\s*")
_STRING = re.compile(r'"((?:[^"\\\n]|\\[^\n])*)"')
_TAG_TAIL = re.compile(r"\s*\]")
# Section text up to the next newline, tag, comment or stray bracket; quoted
# strings are skipped whole so that they may hold any of those characters.
_DATA = re.compile(r'(?:[^\n\[\]{};"]|"(?:[^"\\\n]|\\[^\n])*")+')


class _Token(NamedTuple):
    """A lexical unit of a PBN file: a game break, comment, tag or section line."""

    kind: str  # "break", "comment", "tag" or "data"
    line: int
    text: str = ""  # the comment, the tag value or the section line
    name: str = ""  # the tag name


def read_pbn(data: bytes | str) -> list[PbnGame]:
    """Read every game of a PBN file given as bytes (encoding detected) or text.

    Raises GameError, naming the line, for what cannot be read: a control
    character (but tab, CR and LF; a DOS end-of-file mark is dropped), a tag
    that is not closed, a malformed tag, an unterminated string or ``{`` comment, a
    stray "]" or "}", text before the first tag of a game, a ``"#"`` with no
    previous value or on a tag that must give its own value.
    """
    builder = _Builder()
    for token in _tokens(_decode(data)):
        builder.add(token)
    builder.end_game()
    return builder.games


def _decode(data: bytes | str) -> str:
    """The text of a PBN file, with a single "\\n" ending each line."""
    if isinstance(data, bytes):
        data = data.removeprefix(codecs.BOM_UTF8)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("cp1252", "surrogateescape")
            text = text.translate(_SURROGATE_TO_LATIN1)
    elif isinstance(data, str):
        text = data.removeprefix("\ufeff")
    else:
        raise GameError(f"A PBN file must be bytes or text, got {type(data).__name__}")
    text = text.replace("\r\n", "\n").replace("\r", "\n").removesuffix(DOS_EOF)
    position = first_control(text)
    if position is not None:
        line = text.count("\n", 0, position) + 1
        raise GameError(f"Line {line}: {control_fault(text[position])}")
    return text


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _tokens(text: str) -> Iterator[_Token]:
    """Split PBN text into tokens; section lines come without their comments."""
    newlines = [index for index, char in enumerate(text) if char == "\n"]

    def line_at(position: int) -> int:
        return bisect_left(newlines, position) + 1

    pos, pieces, at_line_start = 0, [], True
    while pos < len(text):
        if at_line_start:
            end, at_line_start = _line_end(text, pos), False
            if text.startswith("%", pos):  # an escape line: ignored
                pos = end
                continue
            if not text[pos:end].strip():  # a semi-empty line ends the game
                yield _Token("break", line_at(pos))
                pos, at_line_start = end + 1, True
                continue
        char = text[pos]
        if char in "\n[":  # the section text of the line ends here
            data, pieces = "".join(pieces).strip(), []
            yield from [_Token("data", line_at(pos), data)] if data else []
        if char == "\n":
            pos, at_line_start = pos + 1, True
        elif char == "[":
            name, value, end = _read_tag(text, pos, line_at)
            yield _Token("tag", line_at(pos), value, name)
            pos = end
        elif char == "{":
            close = text.find("}", pos + 1)
            if close < 0:
                raise GameError(f"Line {line_at(pos)}: '{{' comment is never closed")
            yield _Token("comment", line_at(pos), text[pos + 1 : close])
            pos = close + 1
        elif char == ";":
            end = _line_end(text, pos)
            yield _Token("comment", line_at(pos), text[pos + 1 : end])
            pos = end
        elif char in "]}":
            raise GameError(
                f"Line {line_at(pos)}: '{char}' without a matching opening bracket"
            )
        elif match := _DATA.match(text, pos):
            pieces.append(match.group())
            pos = match.end()
        else:  # only an unterminated '"' matches nothing
            raise GameError(f"Line {line_at(pos)}: quoted text is never closed")
    if data := "".join(pieces).strip():
        yield _Token("data", len(newlines) + 1, data)


def _read_tag(
    text: str, pos: int, line_at: Callable[[int], int]
) -> tuple[str, str, int]:
    """Read the tag pair at ``pos``: its name, unescaped value and end position."""
    line = line_at(pos)
    head = _TAG_HEAD.match(text, pos)
    name, after_name = head.group(1), head.end()
    if after_name >= len(text) or _BLANK_LINE.search(head.group()):
        raise GameError(f"Line {line}: tag is never closed by ']'")
    if not name:
        raise GameError(f"Line {line}: '[' must be followed by a tag name")
    value = _STRING.match(text, after_name)
    if value is None and text.startswith('"', after_name):
        raise GameError(
            f"Line {line_at(after_name)}: the value of tag {name} is never closed "
            "by a '\"' on its line"
        )
    if value is None:
        raise GameError(
            f"Line {line}: malformed tag {name}: write its value in double quotes, "
            f'[{name} "value"]'
        )
    tail = _TAG_TAIL.match(text, value.end())
    if tail is None or _BLANK_LINE.search(tail.group()):
        raise GameError(f"Line {line}: tag {name} is never closed by ']'")
    return name, unescape(value.group(1)), tail.end()


class _Builder:
    """Assemble tokens into games, resolving "#" and "##" across games."""

    def __init__(self) -> None:
        self.games: list[PbnGame] = []
        self.previous: dict[str, str] = {}  # the last value of each tag, for "#"
        self.onward: dict[str, str] = {}  # values set by "##" for later games
        self.game: PbnGame | None = None
        self.section: str | None = None  # the tag whose section is being read
        self.skipping = False  # in the section of an ignored repeated tag
        self.pending: list[str] = []  # commentary before the first tag
        self.start = 0  # the line of the first token of the game

    def add(self, token: _Token) -> None:
        """Take the next token of the file."""
        self.start = self.start or token.line
        if token.kind == "break":
            self.end_game()
        elif token.kind == "comment":
            text = _clean_comment(token.text)
            target = self.pending if self.game is None else self.game.commentary
            target.extend([text] if text else [])
        elif token.kind == "tag":
            self._add_tag(token.line, token.name, token.text)
        elif self.section is None:
            raise GameError(
                f'Line {token.line}: "{token.text}" is outside any tag section; a '
                'game is made of [Tag "value"] pairs and the lines after them'
            )
        elif not self.skipping:
            self.game.sections.setdefault(self.section, []).append(token.text)
            self.game.section_lines.setdefault(self.section, []).append(token.line)

    def _add_tag(self, line: int, name: str, value: str) -> None:
        if self.game is None:
            self.game = PbnGame(commentary=self.pending, line=self.start)
        game, value = self.game, self._resolved(line, name, value)
        if name == NOTE_TAG:
            game.notes.setdefault(self.section or "", []).append(value)
            return
        if game.tags.get(name, value) != value:
            raise GameError(
                f'Line {line}: tag {name} "{value}" repeats the one at line '
                f"{game.tag_lines[name]} with another value; is a blank line "
                "missing between two games?"
            )
        self.section, self.skipping = name, name in game.tags
        if not self.skipping:
            game.tags[name], game.tag_lines[name] = value, line
            if name in self.onward:
                self.onward[name] = value

    def _resolved(self, line: int, name: str, value: str) -> str:
        """The value of a tag once "#" and "##" are resolved."""
        onward = value.startswith(INHERIT_ONWARD)
        if value != INHERIT and not onward:
            return value
        if name in NOT_INHERITABLE:
            raise GameError(
                f'Line {line}: tag {name} cannot be "{value}": PBN 2.1 (section '
                "4.8) makes each game give its own dealer, vulnerability, deal, "
                "declarer, contract, auction, play and notes"
            )
        if onward:
            self.onward[name] = value.removeprefix(INHERIT_ONWARD)
            return self.onward[name]
        if name not in self.previous:
            raise GameError(
                f'Line {line}: tag {name} "#" copies the previous game\'s value, '
                "but no previous game has this tag"
            )
        return self.previous[name]

    def end_game(self) -> None:
        """Close the current game, if it has a tag, and get ready for the next."""
        if self.game is not None:
            for name, value in self.onward.items():
                self.game.tags.setdefault(name, value)
            self.previous.update(self.game.tags)
            self.games.append(self.game)
        self.game, self.section, self.skipping = None, None, False
        self.pending, self.start = [], 0


def _clean_comment(text: str) -> str:
    """A comment without its blank first and last lines, stripped if one line."""
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    return lines[0].strip() if len(lines) == 1 else "\n".join(lines)
