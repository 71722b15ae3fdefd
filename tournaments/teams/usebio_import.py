"""Store a teams event read from a USEBIO file, in one transaction.

The teams game's ``imported_event_store``: the shared upload and import job
read the file (``importers.usebio``) and hand its ``ImportedTeams`` here.

The teams keep their file numbers; each round of the file becomes a round
of the event laid out by ``team_round_create`` with the file's pairings
(not Donne's own draw), and each match's lines go to its two rooms, checked
by the one write path's rules in memory and stored in bulk
(``services.bulk_lines``, one audit entry for the file): the open room's
line between the home team's NS pair and the away team's EW pair, the closed
room's the other way round.  A
round's boards are numbered on as Donne numbers them, the file's boards of
each match taken in order.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction

from tournaments.importers.event_store import (
    club_found,
    file_line,
    imported_fault,
    players_found,
)
from tournaments.importers.usebio import ImportedMatch, ImportedTeams
from tournaments.models import (
    Event,
    Pair,
    Section,
    Source,
    Team,
    TeamCompetition,
)
from tournaments.services.bulk_lines import (
    FileLine,
    SectionLines,
    import_audit,
    lines_checked,
)
from tournaments.services.rescoring import section_changed
from tournaments.teams.services import session_add, team_round_create


@transaction.atomic
def teams_event_import(
    imported: ImportedTeams,
    *,
    user: AbstractBaseUser | None = None,
    file_name: str = "",
) -> Event:
    """Create the teams event, its rounds and matches, and store every line.

    A bad setting or line raises ``ValidationError`` naming it; nothing is
    stored (the reader has bounded every team and round number).
    Each round is queued for scoring once this commits.
    """
    club = club_found(imported.club, user)
    event = Event(
        name=imported.name[:160],
        date=imported.date,
        club=club,
        created_by=user,
        kind=Event.Kind.TEAMS,
    )
    event.full_clean()
    event.save()
    rounds = sorted({match.round for match in imported.matches})
    boards = max(len(match.rooms) for match in imported.matches)
    competition = TeamCompetition(
        event=event,
        format=imported.format,
        scoring=imported.scoring,
        boards_per_match=max(boards, 1),
        stints=2 if boards >= 2 else 1,
        rounds=len(rounds),
    )
    competition.full_clean()
    competition.save()
    for entry in imported.teams.values():
        team = Team.objects.create(
            event=event,
            number=entry.number,
            name=entry.name[:120],
            members=", ".join(player.name for player in entry.players)[:300],
        )
        if club is not None:
            team.players.set(players_found(club, entry.players))
    sections = []
    for stage in rounds:
        matches = [match for match in imported.matches if match.round == stage]
        pairings = [(match.home, match.away) for match in matches]
        section = team_round_create(session_add(event), pairings, stage=stage)
        sections.append(_round_lines(section, matches, user))
    lines_checked(sections, imported_fault)
    for lines, _file_lines in sections:
        if not lines.store():
            section_changed(lines.section.pk)  # a round without lines: ranked
    import_audit([lines for lines, _file_lines in sections], file_name=file_name)
    return event


def _round_lines(
    section: Section, matches: list[ImportedMatch], user: AbstractBaseUser | None
) -> tuple[SectionLines, list[FileLine]]:
    """A round's lines, to check and store in bulk (``services.bulk_lines``)."""
    section = Section.objects.select_related("session__event").get(pk=section.pk)
    boards = list(section.boards.order_by("number"))
    for board in boards:
        board.section = section
    pairs = {(pair.number, pair.direction): pair for pair in section.pairs.all()}
    file_lines = []
    for match in matches:
        for index, (number, lines) in enumerate(sorted(match.rooms.items())):
            if index >= len(boards):
                raise ValidationError(
                    f"Match {match.home} v {match.away}: board {number} is one "
                    f"more than the {len(boards)} boards of round {match.round}"
                )
            for line in lines:
                ns: Pair = pairs[(int(line.ns), "NS")]
                ew: Pair = pairs[(int(line.ew), "EW")]
                file_lines.append(file_line(line, boards[index], ns, ew))
    return SectionLines(section, source=Source.IMPORT, user=user), file_lines
