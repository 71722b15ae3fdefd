"""Write games back as PBN 2.1 text that ``read_pbn`` reads to the same games."""

from __future__ import annotations

import re
from collections.abc import Iterable

from games.pbn.model import NOTE_TAG, PbnGame

__all__ = ["write_pbn"]

PBN_HEADER = "% PBN 2.1"
_ESCAPABLE_BACKSLASH = re.compile(r'\\(?=[\\"]|$)')


def write_pbn(games: Iterable[PbnGame]) -> str:
    """Write games as PBN 2.1 text; ``read_pbn`` gives the same games back.

    Each game starts with its commentary, then its tags in order, each followed
    by its section lines and the notes that follow it.
    """
    blocks = ["\n".join(_game_lines(game)) for game in games]
    return "\n\n".join([PBN_HEADER, *blocks]) + "\n"


def _game_lines(game: PbnGame) -> list[str]:
    """The lines of one game as ``write_pbn`` writes them."""
    lines = [_format_comment(text) for text in game.commentary]
    lines += [_format_tag(NOTE_TAG, note) for note in game.notes.get("", [])]
    for name, value in game.tags.items():
        lines.append(_format_tag(name, value))
        lines += [_format_section_line(text) for text in game.sections.get(name, [])]
        lines += [_format_tag(NOTE_TAG, note) for note in game.notes.get(name, [])]
    return lines


def _format_tag(name: str, value: str) -> str:
    """A tag pair; backslashes are doubled only where they would be read as escapes."""
    value = _ESCAPABLE_BACKSLASH.sub(r"\\\\", value).replace('"', '\\"')
    return f'[{name} "{value}"]'


def _format_section_line(text: str) -> str:
    """A section line, indented if it starts with "%" (an escape line in PBN)."""
    return f" {text}" if text.startswith("%") else text


def _format_comment(text: str) -> str:
    """A comment in braces, or after ";" if it holds a "}" (then one line long)."""
    return f"; {text}" if "}" in text else f"{{{text}}}"
