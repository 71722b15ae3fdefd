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

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from scoring.knockout import knockout_result
from scoring.standings import MatchOutcome, TeamStanding, cross_table, team_standings
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
    Table,
    Team,
    TeamCompetition,
    TeamScore,
)
from tournaments.movements.knockout import bracket
from tournaments.registry import section_game
from tournaments.services.checks import compared_score

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
        MatchRooms(match, boards)
        for match in section.session.matches.select_related("home", "away")
        if not match.is_bye
    ]
    by_ns_team: dict[int, tuple[MatchRooms, str]] = {}
    for rooms in matches:
        by_ns_team[rooms.match.home.number] = (rooms, "open")
        by_ns_team[rooms.match.away.number] = (rooms, "closed")
    lines = Result.objects.filter(board__section=section).select_related(
        "board", "ns_pair"
    )
    for line in lines:
        found = by_ns_team.get(line.ns_pair.number)
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
    from tournaments.services.rescoring import send_task
    from tournaments.tasks import next_team_round

    transaction.on_commit(lambda: send_task(next_team_round, event.pk))


def round_complete(session: Session) -> bool:
    """True when every real match of the round has all its boards scored."""
    matches = session.matches.filter(away__isnull=False)
    return matches.exists() and not matches.filter(complete=False).exists()


def table_match(table: Table) -> Match | None:
    """The match played at a table of a teams round (None outside teams)."""
    if not section_game(table.section).team_matches:
        return None
    return (
        table.section.session.matches.select_related("home", "away")
        .filter(number=(table.number + 1) // 2, away__isnull=False)
        .first()
    )


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
    """Write each team's ``TeamScore`` from the standings; returns the teams."""
    lines = standings(event)
    TeamScore.objects.filter(team__event=event).delete()
    TeamScore.objects.bulk_create(
        TeamScore(
            team_id=line.team,
            played=line.played,
            points=line.points,
            imps_for=line.imps_for,
            imps_against=line.imps_against,
            rank=line.rank,
            position=position,
        )
        for position, line in enumerate(lines, start=1)
    )
    return len(lines)


@dataclass(frozen=True)
class StandingRow:
    """One line of the published standings."""

    rank: str
    team: int
    name: str
    members: str
    played: int
    points: float
    imps_for: float
    imps_against: float

    @property
    def imp_difference(self) -> float:
        return round(self.imps_for - self.imps_against, 2)


def standings_rows(event: Event) -> list[StandingRow]:
    """The stored standings, best first (every team, even before its first match)."""
    scores = {
        score.team_id: score for score in TeamScore.objects.filter(team__event=event)
    }
    teams = sorted(
        event.teams.all(),
        key=lambda team: (
            scores[team.pk].position if team.pk in scores else 10_000,
            team.number,
        ),
    )
    rows = []
    for team in teams:
        score = scores.get(team.pk) or TeamScore(team=team)
        rows.append(
            StandingRow(
                rank=score.rank,
                team=team.number,
                name=team.name,
                members=team.members,
                played=score.played,
                points=score.points,
                imps_for=score.imps_for,
                imps_against=score.imps_against,
            )
        )
    return rows


@dataclass(frozen=True)
class SheetRow:
    """One board of a match sheet: both rooms' lines and each team's IMPs."""

    board: int
    open: Result | None
    closed: Result | None
    home: float | None
    away: float | None

    @property
    def rooms(self) -> tuple[Result | None, Result | None]:
        return self.open, self.closed

    def as_json(self) -> dict[str, object]:
        return {
            "board": self.board,
            "open": _line_json(self.open),
            "closed": _line_json(self.closed),
            "home": self.home,
            "away": self.away,
        }


def _line_json(line: Result | None) -> dict[str, object] | None:
    if line is None:
        return None
    return {
        "contract": line.contract,
        "declarer": line.declarer,
        "tricks": line.tricks,
        "score_ns": line.score_ns,
        "adjusted_ns": line.adjusted_ns,
        "adjusted_ew": line.adjusted_ew,
    }


def match_sheet(match: Match) -> list[SheetRow]:
    """The match board by board: the open and closed lines and the IMPs (or BAM)."""
    return match_sheets([match])[match.pk]


def match_sheets(matches: Iterable[Match]) -> dict[int, list[SheetRow]]:
    """The sheets of several matches by match id, each round's lines loaded
    once (an export of a whole event would otherwise reload a round per match)."""
    sheets: dict[int, list[SheetRow]] = {}
    rounds: dict[int, set[int]] = defaultdict(set)
    for match in matches:
        sheets[match.pk] = []
        if not match.is_bye:
            rounds[match.session_id].add(match.pk)
    for session_id, wanted in rounds.items():
        section = Section.objects.select_related("session__event__competition").get(
            session_id=session_id
        )
        bam = section.session.event.competition.scoring == TeamCompetition.Scoring.BAM
        for rooms in load_rooms(section):
            if rooms.match.pk in wanted:
                sheets[rooms.match.pk] = _sheet(rooms, bam)
    return sheets


def _sheet(rooms: MatchRooms, bam: bool) -> list[SheetRow]:
    board_rooms = rooms.rooms()
    scored = bam_match(board_rooms).boards if bam else match_imps(board_rooms).boards
    return [
        SheetRow(
            board=board.board,
            open=rooms.open.get(board.board),
            closed=rooms.closed.get(board.board),
            home=board.home if board.played else None,
            away=board.away if board.played else None,
        )
        for board in scored
    ]


def round_robin_cross_table(event: Event) -> list[tuple[Team, list[str]]]:
    """Each team with its score against every team (blank: not played yet)."""
    teams = list(event.teams.all())
    table = cross_table(
        [outcome for outcome in outcomes(event) if not outcome.is_bye],
        [team.pk for team in teams],
        SCORINGS[event.competition.scoring],
    )
    return [
        (
            row,
            [
                " ".join(f"{value:.2f}" for value in table[row.pk][column.pk])
                for column in teams
            ],
        )
        for row in teams
    ]


def played_pairs(event: Event) -> set[frozenset[int]]:
    """The pairs of teams (by number) that have met, for the Swiss pairing."""
    return {
        frozenset((home, away))
        for home, away in Match.objects.filter(
            session__event=event, away__isnull=False
        ).values_list("home__number", "away__number")
    }


def team_byes(event: Event) -> set[int]:
    """The teams (by number) that have had a bye."""
    return set(
        Match.objects.filter(session__event=event, away__isnull=True).values_list(
            "home__number", flat=True
        )
    )


def standing_order(event: Event) -> list[int]:
    """The team numbers in the order of the stored standings, then by seed."""
    return [row.team for row in standings_rows(event)]


@dataclass(frozen=True)
class Tie:
    """A knockout match over its segments: the teams and how it stands."""

    stage: int
    home: Team
    away: Team | None
    segments: list[Match]
    home_total: float
    away_total: float
    winner: Team | None
    decided_by: str
    complete: bool


def knockout_ties(event: Event, stage: int) -> list[Tie]:
    """The matches of a knockout stage over their segments, in match order."""
    competition = event.competition
    segments: dict[tuple[int, int | None], list[Match]] = defaultdict(list)
    for match in (
        Match.objects.filter(session__event=event, stage=stage)
        .order_by("segment", "number")
        .select_related("home", "away")
    ):
        segments[(match.home_id, match.away_id)].append(match)
    ties = []
    for played in _bracket_order(event, stage, segments):
        first = played[0]
        if first.is_bye:
            ties.append(
                Tie(stage, first.home, None, played, 0, 0, first.home, "bye", True)
            )
            continue
        boards = [
            board for match in played for board in _board_imps(match) if match.complete
        ]
        outcome = knockout_result(
            [(m.home_imps, m.away_imps) for m in played],
            carry_over=first.carry_over,
            tie_rule=competition.tie_rule,
            board_imps=boards,
            home_seed_better=first.home.number < first.away.number,
        )
        complete = (
            all(m.complete for m in played)
            and len([m for m in played if m.segment <= competition.rounds])
            == competition.rounds
        )
        winner = None
        if complete and outcome.winner is not None:
            winner = first.home if outcome.winner == "home" else first.away
        ties.append(
            Tie(
                stage, first.home, first.away, played, outcome.home_total,
                outcome.away_total, winner, str(outcome.decided_by), complete,
            )
        )  # fmt: skip
    return ties


def _bracket_order(
    event: Event, stage: int, segments: dict[tuple[int, int | None], list[Match]]
) -> list[list[Match]]:
    """The stage's matches in bracket order: the winners of 1 and 2 meet next.

    Stage 1 follows the seeded bracket (its byes are numbered after the real
    matches, so match numbers do not say); later stages have no bye and
    follow their match numbers.
    """
    played = sorted(segments.values(), key=lambda matches: matches[0].number)
    if stage > 1:
        return played
    slots = [home for home, _away in bracket(event.teams.count())]
    return sorted(played, key=lambda matches: slots.index(matches[0].home.number))


def _board_imps(match: Match) -> Iterable[tuple[float, float]]:
    return [
        (row.home or 0.0, row.away or 0.0)
        for row in match_sheet(match)
        if row.home is not None
    ]
