"""Store an imported event (its sections, boards and lines) in one transaction,
and the steps a background import takes one short transaction at a time."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import access
from tournaments.importers.pbn import ImportedLine, ImportedPlayer, ImportedSession
from tournaments.models import (
    Board,
    Club,
    Event,
    Pair,
    Player,
    Section,
    Session,
    Source,
)
from tournaments.services.events import event_create
from tournaments.services.results import (
    queue_scoring,
    result_adjust,
    result_submit,
    result_weighted,
)


@transaction.atomic
def event_import(
    imported: ImportedSession | Sequence[ImportedSession],
    *,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create an event holding the imported sections' pairs, boards and lines.

    Each imported section goes to its session (numbered 1, 2... in the
    file's order of sessions) under its letter.  Every line goes through the
    one write path (``result_submit``, or ``result_adjust`` for an adjusted
    score), checked, scored and audited as if entered by hand, and each
    section is rescored once at the end; a bad line raises
    ``ValidationError`` naming the board and pairs, and nothing is stored.
    The file's scoring settings (a USEBIO event type) become the event's,
    and its club and players are found or entered.  (A large file goes
    through ``services.import_jobs`` instead, in short transactions.)  A
    number or a text no database column can hold never gets here: the
    readers refuse it (``importers.limits``, control characters).
    """
    parts = [imported] if isinstance(imported, ImportedSession) else list(imported)
    event = imported_event_create(parts, user=user)
    for part in parts:
        section = imported_section_create(event, parts, part)
        for line in part.lines:
            section.store(line, user)
        queue_scoring(next(iter(section.boards.values())))
    return event


@dataclass
class ImportedSectionRows:
    """A section created for an imported one: its pairs by the file's key and
    its boards by number, ready to take the lines."""

    section: Section
    pairs: dict[str, Pair]
    boards: dict[int, Board]

    def store(self, line: ImportedLine, user: AbstractBaseUser | None) -> None:
        """Store one of the section's lines (see ``line_store``)."""
        pairs, board = self.pairs, self.boards[line.board]
        line_store(line, board, pairs[line.ns], pairs[line.ew], user)


def imported_event_create(
    parts: Sequence[ImportedSession], *, user: AbstractBaseUser | None = None
) -> Event:
    """The event of imported sections, named, dated and set as the first says."""
    first = parts[0]
    return event_create(
        name=first.name[:160],
        date=first.date,
        club=club_found(first.club, user),
        user=user,
        **first.settings,
    )


def imported_section_create(
    event: Event, parts: Sequence[ImportedSession], imported: ImportedSession
) -> ImportedSectionRows:
    """One imported section's session (numbered in the file's order of
    sessions), section, pairs (with their players) and boards; no lines yet."""
    opening = event.sessions.order_by("number").first()
    numbers = sorted({part.session for part in parts})
    number = numbers.index(imported.session) + 1
    session = opening
    if number != opening.number:
        session = Session.objects.get_or_create(
            event=event, number=number, defaults={"status": opening.status}
        )[0]
    per_board: dict[int, int] = {}
    for line in imported.lines:
        per_board[line.board] = per_board.get(line.board, 0) + 1
    section = Section.objects.create(
        session=session,
        letter=imported.section,
        movement=Section.Movement.NONE,
        tables=max(per_board.values()),
        rounds=0,
        boards_per_round=0,
    )
    mitchell = imported.mitchell
    pairs = {
        key: Pair.objects.create(
            section=section,
            number=pair.number,
            direction=next(iter(pair.directions)) if mitchell else "",
            names=pair.names[:200],
        )
        for key, pair in imported.pairs.items()
    }
    club = event.club
    if club is not None:
        for key, pair in imported.pairs.items():
            pairs[key].players.set(players_found(club, pair.players))
    boards = {
        number: Board.objects.create(
            section=section,
            number=number,
            dealer=board.dealer,
            vulnerability=board.vulnerability,
            deal=board.deal,
        )
        for number, board in sorted(imported.boards.items())
    }
    return ImportedSectionRows(section, pairs, boards)


def line_store(
    line: ImportedLine,
    board: Board,
    ns_pair: Pair,
    ew_pair: Pair,
    user: AbstractBaseUser | None,
) -> None:
    """Store an imported line through the one write path (no rescore yet).

    A refused line raises ``ValidationError`` naming its board, its line in
    the file (when the reader knows it) and its pairs.
    """
    where = {
        "board": board,
        "ns_pair": ns_pair,
        "ew_pair": ew_pair,
        "user": user,
        "rescore": False,
        "source": Source.IMPORT,
    }
    try:
        if line.adjusted:
            result_adjust(
                ns=line.adjusted[0], ew=line.adjusted[1], absent=line.absent, **where
            )
        elif line.weighted:
            result_weighted(parts=line.weighted, **where)
        else:
            result_submit(
                contract=line.contract,
                declarer=line.declarer,
                tricks=line.tricks,
                lead=line.lead[:3],
                **where,
            )
    except ValidationError as error:
        problem = "; ".join(error.messages)
        pairs = f"{line.ns} v {line.ew}"
        place = f"{line.where} ({pairs})" if line.where else pairs
        raise ValidationError(f"Board {line.board}, {place}: {problem}") from None


def club_found(
    club: tuple[str, str] | None, user: AbstractBaseUser | None = None
) -> Club | None:
    """The club an imported event goes to.

    Imported by a site administrator or a command (no user): the file's
    club, found by name or entered with its federation code.  Imported by a
    club's director: the file's club when they direct it, else their one
    club (a file rarely spells the club as the server does); a director of
    several clubs, none of them the file's, is refused (``club``), and no
    director ever adds a club or puts an event in another club's list.
    """
    if user is None or access.is_site_admin(user):
        if club is None:
            return None
        name, code = club
        return Club.objects.get_or_create(
            name=name[:120], defaults={"federation_code": code[:32]}
        )[0]
    clubs = list(access.directed_clubs(user))
    named = [found for found in clubs if club is not None and found.name == club[0]]
    if named or len(clubs) == 1:
        return (named or clubs)[0]
    message = _("Choose which of your clubs this file is for: it names %(club)s.")
    raise ValidationError(
        {"club": message % {"club": club[0] if club else _("no club")}}
    )


def players_found(club: Club, entries: Iterable[ImportedPlayer]) -> list[Player]:
    """The club's players named in a file, found by licence (else name) or entered."""
    players = []
    for imported in entries:
        first, _, last = imported.name.rpartition(" ")
        licence = imported.licence[:32]
        names = {"first_name": first[:80], "last_name": last[:80]}
        if licence:
            player = Player.objects.get_or_create(
                club=club, licence=licence, defaults=names
            )[0]
        else:
            player = Player.objects.filter(club=club, licence="", **names).first()
            player = player or Player.objects.create(club=club, **names)
        players.append(player)
    return players
