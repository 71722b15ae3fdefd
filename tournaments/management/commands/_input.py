"""What the import and export commands read from their arguments: the row an
id names and the bytes of a file, each refused as a ``CommandError`` (a
message and exit status 1, no traceback) when it is not there.

The leading underscore keeps Django from listing this module as a command.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from django.core.management.base import CommandError
from django.db.models import Model

Row = TypeVar("Row", bound=Model)


def named_row(model: type[Row], pk: object, what: str) -> Row:
    """The ``model`` row ``pk`` (``what`` names it in the error): the event
    or section a command works on."""
    row = model._default_manager.filter(pk=pk).first()
    if row is None:
        raise CommandError(f"{what} {pk}: no such {what}")
    return row


def file_bytes(path: Path) -> bytes:
    """The content of the file a command was given, or the system's reason
    it cannot be read ("No such file or directory") after its path."""
    try:
        return path.read_bytes()
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror}") from None
