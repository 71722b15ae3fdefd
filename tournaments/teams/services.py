"""Create teams events and lay out their rounds: teams, sessions, tables, matches.

Each round (a knockout segment too) is a session with one "teams" section:
two pairs per team, the boards of a match, a table pair per match.  A round
robin lays out every round at once (the Berger schedule); a Swiss lays out
round 1 by seeding and each next round when the previous one is complete; a
knockout lays out the first match's segments from the seeded bracket.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import (
    Board,
    Club,
    Event,
    Match,
    Pair,
    Player,
    Section,
    Session,
    Team,
    TeamCompetition,
)
from tournaments.movements.model import EW, NS, Movement
from tournaments.movements.round_robin import (
    berger_rounds,
    double_round_robin,
    patton_rounds,
)
from tournaments.movements.swiss import swiss_pairing
from tournaments.services.push import event_pushed
from tournaments.services.single_section import players_label, section_lay_out
from tournaments.teams.movements.knockout import bracket
from tournaments.teams.movements.team_round import team_round
from tournaments.teams.three_way import three_way_movement, three_way_round_create

MIN_PLAYERS = 4
MAX_PLAYERS = 6
# Formats whose number of rounds follows from the number of teams.
ROUND_ROBINS = {
    TeamCompetition.Format.ROUND_ROBIN,
    TeamCompetition.Format.DOUBLE_ROUND_ROBIN,
}
Pairings = Sequence[tuple[int, int | None]]


@dataclass(frozen=True)
class TeamEntry:
    """A team as entered: its name and its players (or just their names)."""

    name: str
    players: Sequence[Player] = ()
    members: str = ""

    @property
    def label(self) -> str:
        return players_label(self.players, self.members, ", ")


@transaction.atomic
def teams_event_create(
    *,
    name: str,
    date: dt.date,
    teams: Sequence[TeamEntry],
    format: str,
    boards_per_match: int,
    scoring: str | None = None,
    stints: int = 2,
    rounds: int = 0,
    bye_vp: Decimal | float = Decimal(12),
    tie_rule: str = TeamCompetition.TieRule.EXTRA_BOARDS,
    club: Club | None = None,
    user: AbstractBaseUser | None = None,
) -> Event:
    """Create a teams event, its teams (numbered as seeded) and its first round(s).

    ``scoring`` left out is IMPs for a knockout, VPs otherwise.  A round
    robin (single or double) or a patton lays out every round now, a Swiss
    or a knockout its first, a three-way its one round of three matches.
    Raises ``ValidationError`` naming the field for a bad setting or team.
    """
    if scoring is None:
        knockout = format == TeamCompetition.Format.KNOCKOUT
        scoring = (
            TeamCompetition.Scoring.IMPS if knockout else TeamCompetition.Scoring.VP
        )
    _check_teams(teams)
    event = Event(name=name, date=date, club=club, created_by=user)
    event.kind = Event.Kind.TEAMS
    event.full_clean()
    event.save()
    competition = TeamCompetition(
        event=event,
        format=format,
        scoring=scoring,
        boards_per_match=boards_per_match,
        stints=stints,
        rounds=rounds,
        bye_vp=Decimal(str(bye_vp)),
        tie_rule=tie_rule,
    )
    _check_competition(competition, len(teams))
    for number, entry in enumerate(teams, start=1):
        team = Team.objects.create(
            event=event, number=number, name=entry.name.strip(), members=entry.label
        )
        team.players.set(entry.players)
    three_way = competition.format == TeamCompetition.Format.THREE_WAY
    schedule = [] if three_way else _first_rounds(competition, len(teams))
    if competition.format in ROUND_ROBINS:
        competition.rounds = len(schedule)
    if three_way:
        competition.rounds = 1
    competition.save()
    if three_way:
        three_way_round_create(session_add(event), [(1, 2, 3)], stage=1)
    for stage, segment, pairings in schedule:
        team_round_create(session_add(event), pairings, stage=stage, segment=segment)
    return event


def _check_teams(teams: Sequence[TeamEntry]) -> None:
    if len(teams) < 2:
        raise ValidationError({"teams": _("A teams event needs at least 2 teams.")})
    names = [entry.name.strip() for entry in teams]
    for index, entry in enumerate(teams, start=1):
        if not names[index - 1]:
            raise ValidationError(
                {"teams": _("Team %(n)d has no name.") % {"n": index}}
            )
        count = len(entry.players)
        if count and not MIN_PLAYERS <= count <= MAX_PLAYERS:
            raise ValidationError(
                {
                    "teams": _(
                        "Team %(name)s has %(count)d players: a team has 4 to 6."
                    )
                    % {"name": names[index - 1], "count": count}
                }
            )
    if len(set(names)) != len(names):
        raise ValidationError({"teams": _("Two teams have the same name.")})


def _check_competition(competition: TeamCompetition, teams: int) -> None:
    competition.full_clean(exclude=["event"])
    if competition.format == TeamCompetition.Format.THREE_WAY:
        _check_three_way(competition, teams)
    boards, stints = competition.boards_per_match, competition.stints
    if stints < 1 or boards % stints or (stints > 1 and stints % 2):
        raise ValidationError(
            {
                "stints": _(
                    "The %(boards)d boards of a match must split into an even "
                    "number of equal sets (or 1: a copy for each table)."
                )
                % {"boards": boards}
            }
        )
    if competition.format in (
        TeamCompetition.Format.PATTON,
        TeamCompetition.Format.SWISS,
    ):
        _check_rounds(competition, teams)
    knockout = competition.format == TeamCompetition.Format.KNOCKOUT
    if knockout and competition.scoring != TeamCompetition.Scoring.IMPS:
        # A knockout match is won on the IMP total (carry-over, segments,
        # extra boards: scoring.knockout); VPs or BAM points would print a
        # score that does not decide it (WBF, EBU: knockouts by IMPs).
        raise ValidationError(
            {"scoring": _("A knockout is scored by IMPs: choose “IMPs only”.")}
        )
    if knockout and competition.rounds < 1:
        raise ValidationError(
            {"rounds": _("A knockout match has at least one segment.")}
        )


def _check_rounds(competition: TeamCompetition, teams: int) -> None:
    """Refuse a patton or a Swiss of more rounds than a team has opponents:
    1 to n-1 with an even number of teams, 1 to n with an odd one (a team
    sits out each round)."""
    most = teams - 1 if teams % 2 == 0 else teams
    if 1 <= competition.rounds <= most:
        return
    if competition.format == TeamCompetition.Format.PATTON:
        message = _(
            "In a patton of %(teams)d teams each team meets 1 to %(most)d others."
        )
    else:
        message = _("A Swiss of %(teams)d teams plays 1 to %(most)d rounds.")
    raise ValidationError({"rounds": message % {"teams": teams, "most": most}})


def _check_three_way(competition: TeamCompetition, teams: int) -> None:
    """Three teams, an even number of boards (half against each), 2 stints."""
    if teams != 3:
        raise ValidationError(
            {
                "teams": _("A three-way match is played by 3 teams, not %(n)d.")
                % {"n": teams}
            }
        )
    if competition.boards_per_match % 2:
        raise ValidationError(
            {
                "boards_per_match": _(
                    "A three-way match needs an even number of boards: each "
                    "team plays half of them against each of the other two."
                )
            }
        )
    if competition.stints != 2:
        raise ValidationError({"stints": _("A three-way match is played in 2 stints.")})


def _first_rounds(
    competition: TeamCompetition, teams: int
) -> list[tuple[int, int, Pairings]]:
    """The (stage, segment, pairings) laid out when the event is created.

    A round robin (single or double) and a patton lay out all their rounds,
    a Swiss its first (by seed), a knockout every segment of its first stage
    (the seeded bracket).
    """
    laid_out = {
        TeamCompetition.Format.ROUND_ROBIN: lambda: berger_rounds(teams),
        TeamCompetition.Format.DOUBLE_ROUND_ROBIN: lambda: double_round_robin(teams),
        TeamCompetition.Format.PATTON: lambda: patton_rounds(teams, competition.rounds),
    }.get(competition.format)
    if laid_out is not None:
        return [
            (number, 1, pairings) for number, pairings in enumerate(laid_out(), start=1)
        ]
    if competition.format == TeamCompetition.Format.SWISS:
        return [(1, 1, swiss_pairing(list(range(1, teams + 1)), ()))]
    first = bracket(teams)
    return [(1, segment, first) for segment in range(1, competition.rounds + 1)]


def session_add(event: Event) -> Session:
    """The event's next session, open for play."""
    last = event.sessions.order_by("-number").first()
    return Session.objects.create(
        event=event,
        number=last.number + 1 if last else 1,
        status=Session.Status.PLAYING,
    )


@transaction.atomic
def team_round_create(
    session: Session,
    pairings: Pairings,
    *,
    stage: int,
    segment: int = 1,
    boards: int | None = None,
    stints: int | None = None,
    carry_over: dict[tuple[int, int], float] | None = None,
) -> Section:
    """Lay out one round (or segment): its section, the teams' pairs, boards, tables.

    Boards are numbered on from the event's last board (round 2 of 8-board
    matches plays boards 9-16).  ``boards`` and ``stints`` default to the
    competition's; extra boards after a knockout tie pass their own.
    ``carry_over`` gives a (home, away) match its home team's carry-over.
    """
    competition = session.event.competition
    boards = boards or competition.boards_per_match
    stints = stints or competition.stints
    teams = {team.number: team for team in session.event.teams.all()}
    real = [(home, away) for home, away in pairings if away is not None]
    byes = [home for home, away in pairings if away is None]
    movement = team_round(real, boards=boards, stints=stints)
    last = Board.objects.filter(section__session__event=session.event).aggregate(
        last=Max("number")
    )["last"]
    first_board = (last or 0) + 1
    section = section_lay_out(
        session,
        boards=range(first_board, first_board + boards),
        movement=Section.Movement.GAME,
        tables=movement.tables,
        rounds=movement.rounds,
        boards_per_round=movement.boards_per_round,
        first_board=first_board,
    )
    for home, away in real:
        for number in (home, away):
            for direction in (NS, EW):
                Pair.objects.create(
                    section=section,
                    number=number,
                    direction=direction,
                    names=teams[number].name,
                )
    carry_over = carry_over or {}
    matches = [
        Match(
            session=session,
            number=k,
            stage=stage,
            segment=segment,
            home=teams[home],
            away=teams[away],
            carry_over=carry_over.get((home, away), 0),
        )
        for k, (home, away) in enumerate(real, start=1)
    ]
    matches += [
        Match(
            session=session,
            number=len(real) + k,
            stage=stage,
            segment=segment,
            home=teams[team],
            away=None,
        )
        for k, team in enumerate(byes, start=1)
    ]
    Match.objects.bulk_create(matches)
    # The event's tablets move on to the new round (``services.event_tables``).
    event_pushed(session.event_id)
    return section


def round_movement(section: Section) -> Movement:
    """The movement of a teams section, rebuilt from its matches."""
    matches = [
        match
        for match in section.session.matches.select_related("home", "away")
        if match.away_id is not None
    ]
    if any(match.three_way for match in matches):
        return three_way_movement(matches, section.boards_per_round)
    pairings = [(match.home.number, match.away.number) for match in matches]
    return _built(
        tuple(pairings), section.rounds * section.boards_per_round, section.rounds
    )


@lru_cache(maxsize=256)
def _built(pairings: tuple[tuple[int, int], ...], boards: int, stints: int) -> Movement:
    """A round's movement, generated once per process (a frozen value)."""
    return team_round(pairings, boards=boards, stints=stints)
