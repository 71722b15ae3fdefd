"""What an imported event must respect to be stored on any database.

SQLite keeps any integer and any text; PostgreSQL refuses a number beyond
its column's range (a pair's number is a smallint: at most 32767) and a NUL
character in text, with a ``DataError`` that would surface as a 500.  An
imported section is checked here before anything is stored, so such a file
is refused with a ``ValidationError`` naming the number or the text, the
same way on both databases.
"""

from __future__ import annotations

from collections.abc import Iterator

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
    most = largest(Pair, "number")
    for pair in imported.pairs.values():
        if pair.number > most:
            raise ValidationError(
                _("Pair number %(number)d is over %(most)d.")
                % {"number": pair.number, "most": most}
            )
    most = largest(Board, "number")
    for number in imported.boards:
        if number > most:
            raise ValidationError(
                _("Board number %(number)d is over %(most)d.")
                % {"number": number, "most": most}
            )


def teams_fit(imported: ImportedTeams) -> None:
    """Raise ``ValidationError`` when a team or round number cannot be stored."""
    most = largest(Team, "number")
    for team in imported.teams.values():
        if team.number > most:
            raise ValidationError(
                _("Team number %(number)d is over %(most)d.")
                % {"number": team.number, "most": most}
            )
    most = largest(Match, "stage")
    for match in imported.matches:
        if match.round > most:
            raise ValidationError(
                _("Round number %(number)d is over %(most)d.")
                % {"number": match.round, "most": most}
            )
