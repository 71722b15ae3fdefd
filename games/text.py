"""Text read from a file: control characters are refused wherever they are.

A NUL byte in a player's name is refused by PostgreSQL (and the other C0
control characters are never meant in a results file): every reader checks
its text here and names the line at fault.  Tabs, carriage returns and line
feeds are the only C0 control characters a text file may hold.
"""

from __future__ import annotations

import re

__all__ = ["control_fault", "first_control"]

# The C0 controls but tab, LF and CR.  DEL and the C1 controls stay text: the
# PBN standard's own test file reads them as a semantic fault, not a broken
# file, a Windows-1252 file's five undefined bytes are read as C1, and
# PostgreSQL stores them.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def first_control(text: str) -> int | None:
    """The position of the first forbidden control character, or None."""
    found = _CONTROL.search(text)
    return None if found is None else found.start()


def control_fault(text: str) -> str | None:
    """Why ``text`` is refused ("control character U+0000 ..."), or None."""
    position = first_control(text)
    if position is None:
        return None
    return (
        f"control character U+{ord(text[position]):04X} is not allowed in a file's text"
    )
