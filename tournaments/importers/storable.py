"""What an imported event must respect to be stored on any database.

SQLite keeps any integer and any text; PostgreSQL refuses a number beyond
its column's range (a pair's number is a smallint: at most 32767) and a NUL
character in text, with a ``DataError`` that would surface as a 500.  An
imported section is checked here before anything is stored, so such a file
is refused with a ``ValidationError`` naming the number or the text, the
same way on both databases.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext as _

from tournaments.importers.pbn import ImportedSession
from tournaments.importers.usebio import ImportedTeams
from tournaments.models import Board, Match, Pair, Team


def largest(model: type[models.Model], name: str) -> int:
    """The largest value an integer field holds on every supported database."""
    kind = model._meta.get_field(name).get_internal_type()
    return BaseDatabaseOperations.integer_field_ranges[kind][1]


def session_texts(imported: ImportedSession) -> Iterator[str]:
    """Every text of an imported section that is stored."""
    yield imported.name
    yield imported.section
    if imported.club is not None:
        yield from imported.club
    for pair in imported.pairs.values():
        yield pair.names
        for player in pair.players:
            yield player.name
            yield player.licence
    for board in imported.boards.values():
        yield board.dealer
        yield board.vulnerability
        yield board.deal
    for line in imported.lines:
        yield from (line.ns, line.ew, line.contract, line.declarer, line.lead)
        yield from line.adjusted or ()


def text_checked(text: str) -> None:
    """Refuse a text holding a NUL character, which no database column keeps."""
    if "\x00" in text:
        raise ValidationError(
            _("The file holds a NUL character (byte 0) in “%(text)s”.")
            % {"text": text.replace("\x00", "\N{SYMBOL FOR NULL}")}
        )


def session_fits(imported: ImportedSession) -> None:
    """Raise ``ValidationError`` when a number or a text cannot be stored."""
    for text in session_texts(imported):
        text_checked(text)
    pairs = (pair.number for pair in imported.pairs.values())
    too_big = _("Pair number %(number)d is over %(most)d.")
    at_most(pairs, largest(Pair, "number"), too_big)
    too_big = _("Board number %(number)d is over %(most)d.")
    at_most(iter(imported.boards), largest(Board, "number"), too_big)


def teams_fit(imported: ImportedTeams) -> None:
    """Raise ``ValidationError`` when a team or round number cannot be stored."""
    teams = (team.number for team in imported.teams.values())
    too_big = _("Team number %(number)d is over %(most)d.")
    at_most(teams, largest(Team, "number"), too_big)
    rounds = (match.round for match in imported.matches)
    too_big = _("Round number %(number)d is over %(most)d.")
    at_most(rounds, largest(Match, "stage"), too_big)


def at_most(numbers: Iterable[int], most: int, message: str) -> None:
    """Refuse the first number over ``most`` with ``message``."""
    for number in numbers:
        if number > most:
            raise ValidationError(message % {"number": number, "most": most})
