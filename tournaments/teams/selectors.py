"""Read-side rows of a teams event: match sheets, standings rows, the
round-robin cross table, knockout ties, and what pairing a next round needs.

Built from the stored matches and travellers (``rescore.teams`` keeps them
scored); nothing here writes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from scoring.knockout import knockout_result
from scoring.standings import cross_table
from scoring.teams import bam_match, match_imps
from tournaments.models import (
    Event,
    Match,
    Result,
    Section,
    Table,
    Team,
    TeamCompetition,
    TeamScore,
)
from tournaments.teams.movements.knockout import bracket
from tournaments.teams.rescore import SCORINGS, MatchRooms, load_rooms, outcomes


def table_match(table: Table) -> Match | None:
    """The match played at a table of a teams round (None: none is, e.g.
    the table of a bye)."""
    # A three-way's table hosts a room of two matches: the first is named.
    found = table.section.session.matches.select_related("home", "away")
    return next(
        (
            match
            for match in found.filter(away__isnull=False)
            if table.number in (match.open_table, match.closed_table)
        ),
        None,
    )


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
    bye_points: float | None = None

    @property
    def imp_difference(self) -> float:
        return round(self.imps_for - self.imps_against, 2)


def standings_rows(event: Event) -> list[StandingRow]:
    """The stored standings, best first (every team, even before its first match).

    ``bye_points`` is what the team's credited byes add to its total (None
    without one): its matches' scores and that figure add up to ``points``.
    """
    byes: dict[int, float] = defaultdict(float)
    for team, points in Match.objects.filter(
        session__event=event, away__isnull=True, home_points__isnull=False
    ).values_list("home_id", "home_points"):
        byes[team] += points
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
                bye_points=byes.get(team.pk),
            )
        )
    return rows


@dataclass(frozen=True)
class BoardRooms:
    """One board of a match in its two rooms: the open room's line (home
    North-South), the closed room's (away North-South) and what each team
    wins on it (IMPs or BAM points): what a match sheet's row and a teams
    traveller's row both show."""

    open: Result | None
    closed: Result | None
    home: float | None
    away: float | None

    @property
    def rooms(self) -> tuple[Result | None, Result | None]:
        """The open room's line, then the closed room's."""
        return self.open, self.closed


@dataclass(frozen=True)
class SheetRow(BoardRooms):
    """One board of a match sheet: both rooms' lines and each team's IMPs."""

    board: int

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
                sheets[rooms.match.pk] = rooms_sheet(rooms, bam)
    return sheets


def rooms_sheet(rooms: MatchRooms, bam: bool) -> list[SheetRow]:
    """One match's rows from its loaded rooms: IMPs (or BAM points) a board."""
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
