"""Store an imported event (its sections, boards and lines) in one transaction,
and the steps a background import takes one short transaction at a time."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from games.bridge import board_dealer, board_vulnerability
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
from tournaments.services.bulk_lines import (
    FileLine,
    SectionLines,
    fault_text,
    import_audit,
    lines_checked,
)
from tournaments.services.events import event_create
from tournaments.services.file_digests import claim_file


@transaction.atomic
def event_import(
    imported: ImportedSession | Sequence[ImportedSession],
    *,
    user: AbstractBaseUser | None = None,
    file_name: str = "",
    digest: str = "",
) -> Event:
    """Create an event holding the imported sections' pairs, boards and lines.

    Each imported section goes to its session (numbered 1, 2... in the
    file's order of sessions) under its letter.  Every line is checked in
    memory by the one write path's rules (``services.bulk_lines``), every
    faulty line named with its board, its place in the file and its pairs
    (``ValidationError``), and nothing is stored then; else the lines are
    stored in bulk, the file gets one audit entry, and each section is
    rescored once after the commit.  The file's scoring settings (a USEBIO
    event type) become the event's, and its club and players are found or
    entered.  (A large file goes through ``importers.import_jobs`` instead,
    in short transactions.)  A number or a text no database column can hold
    never gets here: the readers refuse it (``importers.limits``, control
    characters).  With the file's ``digest``, the event claims it first
    (``services.file_digests``): a file the club already imported raises
    ``AlreadyImported`` before anything more is stored.
    """
    parts = [imported] if isinstance(imported, ImportedSession) else list(imported)
    event = imported_event_create(parts, user=user)
    claim_file(event, digest)
    sections = [
        imported_section_create(event, parts, part).lines(part, user) for part in parts
    ]
    lines_checked(sections, imported_fault)
    for lines, _file_lines in sections:
        lines.store()
    import_audit([lines for lines, _file_lines in sections], file_name=file_name)
    return event


@dataclass
class ImportedSectionRows:
    """A section created for an imported one: its pairs by the file's key and
    its boards by number, ready to take the lines."""

    section: Section
    pairs: dict[str, Pair]
    boards: dict[int, Board]

    def lines(
        self, imported: ImportedSession, user: AbstractBaseUser | None
    ) -> tuple[SectionLines, list[FileLine]]:
        """The section's lines to check and store in bulk (``bulk_lines``)."""
        pairs, boards = self.pairs, self.boards
        file_lines = [
            file_line(line, boards[line.board], pairs[line.ns], pairs[line.ew])
            for line in imported.lines
        ]
        return SectionLines(self.section, source=Source.IMPORT, user=user), file_lines


def file_line(line: ImportedLine, board: Board, ns: Pair, ew: Pair) -> FileLine:
    """An imported line of ``board`` between ``ns`` and ``ew``, to check and
    store in bulk."""
    return FileLine(
        board=board,
        ns_pair=ns,
        ew_pair=ew,
        weighted=line.weighted,
        where=imported_place(line),
        # The lead cut to three characters, as main passed it to the write path.
        **line.line_values(lead=line.lead[:3]),
    )


def imported_place(line: ImportedLine) -> str:
    """Where a line is in the file: "Board 2, line 17 (1 v 11)"."""
    pairs = f"{line.ns} v {line.ew}"
    place = f"{line.where} ({pairs})" if line.where else pairs
    return f"Board {line.board}, {place}"


def imported_fault(line: FileLine, error: ValidationError) -> str:
    """A refused imported line's fault, naming where it is in the file."""
    return f"{line.where}: {fault_text(error)}"


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
    sessions), section, pairs (with their players) and boards; no lines yet.

    A few statements whatever the section's size: pairs, boards and players
    are created in bulk.  The rows keep their section, session and event, so
    that checking the lines reads nothing more.
    """
    opening = event.sessions.order_by("number").first()
    numbers = sorted({part.session for part in parts})
    number = numbers.index(imported.session) + 1
    session = opening
    if number != opening.number:
        session = Session.objects.get_or_create(
            event=event, number=number, defaults={"status": opening.status}
        )[0]
    session.event = event
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
        key: Pair(
            section=section,
            number=pair.number,
            direction=next(iter(pair.directions)) if mitchell else "",
            names=pair.names[:200],
        )
        for key, pair in imported.pairs.items()
    }
    Pair.objects.bulk_create(pairs.values())
    club = event.club
    if club is not None:
        players = {key: pair.players for key, pair in imported.pairs.items()}
        pairs_players_set(club, pairs, players)
    boards = {
        number: Board(
            section=section,
            number=number,
            dealer=board.dealer or board_dealer(number),
            vulnerability=board.vulnerability or board_vulnerability(number),
            deal=board.deal,
        )
        for number, board in sorted(imported.boards.items())
    }
    Board.objects.bulk_create(boards.values())
    return ImportedSectionRows(section, pairs, boards)


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
    return club_players(club, {"": list(entries)})[""]


def club_players(
    club: Club, named: dict[str, Sequence[ImportedPlayer]]
) -> dict[str, list[Player]]:
    """The club's players each key's file entries name, found by licence
    (else by name, a player without licence) or entered: three queries
    whatever the count.  A player named twice in the file is one player."""
    wanted = [player for players in named.values() for player in players]
    licences = {_licence(player) for player in wanted} - {""}
    found: dict[tuple[str, ...], Player] = {}
    for player in Player.objects.filter(club=club, licence__in=licences):
        found.setdefault(("licence", player.licence), player)
    last_names = {_names(player)["last_name"] for player in wanted}
    unlicensed = Player.objects.filter(club=club, licence="", last_name__in=last_names)
    for player in unlicensed.order_by("last_name", "first_name", "pk"):
        found.setdefault(("name", player.first_name, player.last_name), player)
    new: dict[tuple[str, ...], Player] = {}
    for entry in wanted:
        key = _player_key(entry)
        if key not in found and key not in new:
            new[key] = Player(club=club, licence=_licence(entry), **_names(entry))
    Player.objects.bulk_create(new.values())
    found.update(new)
    return {
        key: [found[_player_key(entry)] for entry in entries]
        for key, entries in named.items()
    }


def pairs_players_set(
    club: Club, pairs: dict[str, Pair], named: dict[str, Sequence[ImportedPlayer]]
) -> None:
    """Link each new pair to its players, in bulk (the pairs are just created)."""
    through = Pair.players.through
    links = {
        (pairs[key].pk, player.pk)
        for key, players in club_players(club, named).items()
        for player in players
    }
    through.objects.bulk_create(
        through(pair_id=pair, player_id=player) for pair, player in sorted(links)
    )


def _licence(player: ImportedPlayer) -> str:
    return player.licence[:32]


def _names(player: ImportedPlayer) -> dict[str, str]:
    first, _space, last = player.name.rpartition(" ")
    return {"first_name": first[:80], "last_name": last[:80]}


def _player_key(player: ImportedPlayer) -> tuple[str, ...]:
    licence = _licence(player)
    if licence:
        return ("licence", licence)
    names = _names(player)
    return ("name", names["first_name"], names["last_name"])
