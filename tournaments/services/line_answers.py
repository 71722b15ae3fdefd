"""The answers a stored line gets after it is entered, for any game's lines.

The opponents agree with a line entered on the tablet (locking it) or call
the director (``entry.answer_line``); the director keeps a disputed line as
entered (``disputes.resolve_line``).  Both go through the one write path
with the line as that path takes it: a game declares how its stored line
becomes an ``Entry`` and gets both answers, with the same keywords in every
game (``LineAnswers``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db import models

from tournaments.models import Source, Table
from tournaments.services.disputes import resolve_line
from tournaments.services.entry import Entry, Writer, answer_line

Line = TypeVar("Line", bound=models.Model)


@dataclass(frozen=True)
class LineAnswers(Generic[Line]):
    """Answer and resolve a game's stored lines; ``entry_of`` gives a stored
    line as the write path takes it (its section, slot, table, audited
    fields), to answer or resolve."""

    entry_of: Callable[[Line], Entry]

    def answer(
        self,
        line: Line,
        *,
        agree: bool,
        source: str = Source.DIRECTOR,
        user: AbstractBaseUser | None = None,
        table: Table | None = None,
    ) -> Line:
        """The opponents agree with ``line`` (it is then locked for tablets),
        or call the director.  ``table`` is the answering tablet's table."""
        writer = Writer(source=source, user=user, table=table)
        return answer_line(writer, self.entry_of(line), agree=agree)

    def resolve(
        self,
        line: Line,
        *,
        user: AbstractBaseUser | None = None,
        source: str = Source.DIRECTOR,
    ) -> Line:
        """The director keeps a disputed ``line`` as entered: the dispute is
        closed, audited, and the line (and so the scores) stays as it is."""
        return resolve_line(Writer(source=source, user=user), self.entry_of(line))
