"""Between the database and the teams scorer: matches, standings, next rounds.

Loads a teams round's travellers as the two rooms of each match, calls the
pure scorers of ``scoring.teams``, ``scoring.standings`` and
``scoring.knockout``, and stores what they give on ``Match`` and
``TeamScore`` rows.  Everything is recomputed from the travellers, never
incrementally, so running it twice changes nothing.

The standings count complete matches only (both rooms have a result on
every board) and the byes of rounds whose matches are all complete: a
partly played match shows its running IMPs on the match sheet, not in the
table, so the standings never move backwards when the last boards land.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from scoring.standings import MatchOutcome, TeamStanding, team_standings
from scoring.teams import (
    ArtificialTeamScore,
    BoardRooms,
    RoomResult,
    TeamScoring,
    bam_match,
    match_imps,
    match_vp,
)
from tournaments.models import (
    Board,
    Event,
    Match,
    Result,
    Section,
    Session,
    TeamCompetition,
    TeamScore,
)
from tournaments.rescore.lines import compared_score
from tournaments.rescore.ranking import store_ranking
from tournaments.services.rescoring import send_task
from tournaments.teams.three_way import three_way_boards

# The task laying out the next round (``tournaments.teams.tasks``), queued by
# name: that module imports this one.
NEXT_ROUND = "scoring.next_team_round"

SCORINGS = {
    TeamCompetition.Scoring.VP: TeamScoring.VP,
    TeamCompetition.Scoring.IMPS: TeamScoring.IMP,
    TeamCompetition.Scoring.BAM: TeamScoring.BAM,
}


def room_result(result: Result | None) -> RoomResult:
    """A stored line as one room's NS result: points, an artificial score, None."""
    if result is None:
        return None
    if result.is_adjusted:
        return ArtificialTeamScore(result.adjusted_ns, result.adjusted_ew)
    return compared_score(result)


@dataclass
class MatchRooms:
    """A match's travellers: per board, the open and the closed room's line."""

    match: Match
    boards: list[Board]
    open: dict[int, Result] = field(default_factory=dict)
    closed: dict[int, Result] = field(default_factory=dict)

    def rooms(self) -> list[BoardRooms]:
        return [
            BoardRooms(
                board.number,
                room_result(self.open.get(board.number)),
                room_result(self.closed.get(board.number)),
            )
            for board in self.boards
        ]


def load_rooms(section: Section) -> list[MatchRooms]:
    """Every real match of a teams round with its two rooms' lines.

    The open room is where the home team's NS pair sits, the closed room the
    away team's NS pair; lines are found by their pairs, so a line entered
    without a table still lands in its room.
    """
    boards = list(section.boards.order_by("number"))
    matches = [
        MatchRooms(
            match, three_way_boards(match, boards) if match.three_way else boards
        )
        for match in section.session.matches.select_related("home", "away")
        if not match.is_bye
    ]
    # A team's NS pair plays one room of one match on each board (in a
    # three-way, its two matches play different boards).
    by_ns_team: dict[tuple[int, int], tuple[MatchRooms, str]] = {}
    for rooms in matches:
        for board in rooms.boards:
            by_ns_team[rooms.match.home.number, board.number] = (rooms, "open")
            by_ns_team[rooms.match.away.number, board.number] = (rooms, "closed")
    lines = Result.objects.filter(board__section=section).select_related(
        "board", "ns_pair"
    )
    for line in lines:
        found = by_ns_team.get((line.ns_pair.number, line.board.number))
        if found is not None:
            rooms, room = found
            getattr(rooms, room)[line.board.number] = line
    return matches


def score_match(match: Match, rooms: list[BoardRooms], scoring: str) -> None:
    """Set the match's IMPs, points, boards played and completeness (not saved)."""
    competition = match.session.event.competition
    scheduled = len(rooms)
    if scoring == TeamCompetition.Scoring.BAM:
        bam = bam_match(rooms)
        imps = match_imps(rooms)
        match.home_points, match.away_points = bam.home_points, bam.away_points
        played = bam.played
    else:
        imps = match_imps(rooms)
        played = imps.played
        match.home_points = match.away_points = None
        knockout = competition.format == TeamCompetition.Format.KNOCKOUT
        if scoring == TeamCompetition.Scoring.VP and not knockout and played:
            match.home_points, match.away_points = match_vp(
                imps.home_imps, imps.away_imps, scheduled, match.carry_over
            )
    match.home_imps, match.away_imps = imps.home_imps, imps.away_imps
    match.boards_played = played
    match.complete = played == scheduled


@transaction.atomic
def rescore_team_round(section_id: int) -> dict[str, int]:
    """Rescore every match of a teams round, then the event's standings.

    When this completes the round, the next round's pairing (Swiss) or the
    next knockout stage is queued as its own task once this commits.
    """
    section = (
        Section.objects.select_for_update(of=("self",), no_key=True)
        .select_related("session__event__competition")
        .get(pk=section_id)
    )
    event = section.session.event
    scoring = event.competition.scoring
    matches = load_rooms(section)
    for rooms in matches:
        score_match(rooms.match, rooms.rooms(), scoring)
    Match.objects.bulk_update(
        [rooms.match for rooms in matches],
        [
            "home_imps", "away_imps", "home_points", "away_points",
            "boards_played", "complete",
        ],
    )  # fmt: skip
    byes = section.session.matches.filter(away__isnull=True)
    byes.update(complete=all(rooms.match.complete for rooms in matches))
    standings_store(event)
    section.scored = timezone.now()
    section.save(update_fields=["scored"])
    if round_complete(section.session):
        queue_next_round(event)
    return {"section": section.pk, "matches": len(matches)}


@transaction.atomic
def match_carry_over_set(match: Match, carry_over: float) -> None:
    """Give a match its carry-over (IMPs to home; negative: away) and rescore."""
    match.carry_over = carry_over
    match.save(update_fields=["carry_over"])
    rescore_team_round(match.session.sections.get().pk)


def queue_next_round(event: Event) -> None:
    """Lay out the next round in a task once the current transaction commits.

    With the broker down the round is not laid out now (logged): the next
    rescore of the round, or the director's "lay out the next round", does.
    """
    transaction.on_commit(lambda: send_task(NEXT_ROUND, event.pk))


def round_complete(session: Session) -> bool:
    """True when every real match of the round has all its boards scored."""
    matches = session.matches.filter(away__isnull=False)
    return matches.exists() and not matches.filter(complete=False).exists()


def outcomes(event: Event) -> list[MatchOutcome]:
    """The event's complete matches (and counted byes) as the standings take them."""
    competition = event.competition
    found = []
    for match in Match.objects.filter(session__event=event, complete=True).order_by(
        "session__number", "number"
    ):
        found.append(
            MatchOutcome(
                home=match.home_id,
                away=match.away_id,
                home_imps=match.home_imps,
                away_imps=match.away_imps,
                home_points=None if match.is_bye else match.home_points,
                away_points=None if match.is_bye else match.away_points,
                boards=competition.boards_per_match,
            )
        )
    return found


def standings(event: Event) -> list[TeamStanding]:
    """The event's standings from its complete matches (pure scorer's lines)."""
    competition = event.competition
    teams = list(event.teams.values_list("pk", flat=True))
    return team_standings(
        outcomes(event),
        teams,
        SCORINGS[competition.scoring],
        bye_vp=float(competition.bye_vp),
    )


def standings_store(event: Event) -> int:
    """Write each team's ``TeamScore`` from the standings; returns the teams.

    Each bye's ``home_points`` gets what the standings credit it (the bye
    VPs, or the team's average when higher), and a bye of a round still
    being played none: every printed figure, the round list, the API and
    the workbook, then adds up to the total.
    """
    found = standings(event)
    credits = {line.team: list(line.bye_points) for line in found}
    byes = list(
        Match.objects.filter(session__event=event, away__isnull=True).order_by(
            "session__number", "number"
        )
    )
    changed = []
    for bye in byes:
        # The standings list a team's credited byes in the order of outcomes().
        owed = credits.get(bye.home_id) if bye.complete else None
        credit = owed.pop(0) if owed else None
        if bye.home_points != credit:
            bye.home_points = credit
            changed.append(bye)
    Match.objects.bulk_update(changed, ["home_points"])
    return store_ranking(
        TeamScore.objects.filter(team__event=event),
        "team_id",
        found,
        "team",
        ("played", "points", "imps_for", "imps_against"),
    )
