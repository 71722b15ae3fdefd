"""Team standings and the cross-table of a round robin or Swiss teams event.

Each match is a :class:`MatchOutcome`: the two teams, the IMPs each won, and
their VPs (or board-a-match points); VPs left out are worked out from the
IMPs on the WBF 2013 scale for the match's scheduled boards.  A team's total
is its VPs (``TeamScoring.VP``), its board-a-match points (``BAM``) or its
IMP difference (``IMP``, "IMPs only").

Ties.  Teams level on that total (compared to six decimals) are separated,
in this order, by:

1. the total they scored in the matches among themselves (VPs; IMP
   difference under IMP scoring; BAM points under BAM).  This step needs
   every two of the tied teams to have met, and equally often (a round
   robin, single or double); when they have not, as in a Swiss, it is
   skipped;
2. the IMP quotient, IMPs won divided by IMPs lost, over all their matches
   (byes carry no IMPs; a team that lost no IMP has an infinite quotient,
   and one that neither won nor lost any counts as 1).

Whenever a step splits the tied teams but leaves a smaller group level,
that group starts again at step 1: two teams still level after a three-way
mini-league are separated by their own match.  Teams level after step 2
share the place ("2=", "2=", then "4").  This is the round-robin procedure
of the WBF General Conditions of Contest as the Donne brief states it:
first the VPs in the matches between the tied teams, then the IMP quotient
over all matches.  The Contract Bridge Association of Ireland's "Breaking
Ties In Team Competitions" gives the same two steps.  Under the continuous
20-VP scale a drawn match (10-10) means an equal IMP margin, so comparing
the IMPs of a two-team head-to-head adds nothing.  Later steps found
elsewhere (EBU White Book 143: point-a-board count-back; CBAI: margin
against the next-highest team) are not applied.

Byes.  A team with a bye scores, under VP scoring, ``bye_vp`` (12 VPs by
default) or, with ``bye_average``, the average of its other matches when
that is higher.  That is the EBU practice on the 20-VP scale as the brief
gives it (the EBU White Book's rule for byes in teams events); the primary
text was not at hand to check.  Set ``bye_average=False`` for a flat 12.
A bye counts no IMPs and no match played.  Under IMP and BAM scoring a bye
scores only what its ``MatchOutcome`` says (``home_points``), nothing if
that is left out.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from itertools import combinations

from scoring.numbers import checked_number
from scoring.ranking import DEFAULT_NDIGITS, rank
from scoring.teams import TeamScoring, match_vp

TeamKey = int

# Default bye award on the 20-VP scale (EBU; see the module docstring).
BYE_VP = 12.0

# Sums are rounded to wash out float noise (VPs are given to two decimals).
_NDIGITS = 9


@dataclass(frozen=True)
class MatchOutcome:
    """One match of a teams event, or a bye when ``away`` is None.

    ``home_imps`` / ``away_imps`` are the IMPs each team won (the match
    columns).  ``home_points`` / ``away_points`` are VPs, or board-a-match
    points under BAM; under VP scoring they may be left out (both None) to
    be worked out from the IMPs over ``boards`` scheduled boards.  For a bye
    ``home_points`` is the director's award, or None for the default rule.
    """

    home: TeamKey
    away: TeamKey | None
    home_imps: float = 0.0
    away_imps: float = 0.0
    home_points: float | None = None
    away_points: float | None = None
    boards: int = 0

    def __post_init__(self) -> None:
        if self.home == self.away:
            raise ValueError(f"away: team {self.home} cannot play itself")
        for name in ("home_imps", "away_imps"):
            checked_number(name, getattr(self, name))
        for name in ("home_points", "away_points"):
            if getattr(self, name) is not None:
                checked_number(name, getattr(self, name))
        given = (self.home_points is not None, self.away_points is not None)
        if self.away is not None and given[0] != given[1]:
            raise ValueError(
                "away_points: give both teams' points or neither, got "
                f"{self.home_points!r} and {self.away_points!r}"
            )
        if self.away is None and self.away_points is not None:
            raise ValueError("away_points: a bye has no away team to score")
        if isinstance(self.boards, bool) or not isinstance(self.boards, int):
            raise ValueError(
                f"boards: expected a number of boards, got {self.boards!r}"
            )
        if self.boards < 0:
            raise ValueError(f"boards: cannot be negative, got {self.boards}")

    @property
    def is_bye(self) -> bool:
        """True when the home team had a bye."""
        return self.away is None


@dataclass(frozen=True)
class TeamStanding:
    """One team's line in the standings.

    ``points`` is the total the ranking is on: VPs, board-a-match points, or
    the IMP difference under IMP scoring.  ``played`` counts matches, not
    byes.  ``imp_quotient`` is imps_for / imps_against, None when the team
    lost no IMP.  ``rank`` is "1", "2=", ...  ``bye_points`` is what each
    of the team's byes is credited, in the order of the results: the figure
    to print beside a bye, so the printed scores add up to ``points``.
    """

    team: TeamKey
    played: int
    byes: int
    points: float
    imps_for: float
    imps_against: float
    imp_difference: float
    imp_quotient: float | None
    rank: str
    bye_points: tuple[float, ...] = ()


def match_points(
    outcome: MatchOutcome, scoring: TeamScoring | str = TeamScoring.VP
) -> tuple[float, float]:
    """Return what a (non-bye) match scores for (home, away) under ``scoring``.

    VPs (given, or from the IMPs over the scheduled boards), BAM points, or
    under IMP scoring each team's IMP difference in the match.
    """
    scoring = TeamScoring(scoring)
    if outcome.is_bye:
        raise ValueError("outcome: a bye is scored by team_standings, not here")
    if scoring is TeamScoring.IMP:
        difference = round(outcome.home_imps - outcome.away_imps, _NDIGITS)
        return difference, 0 - difference
    if outcome.home_points is not None and outcome.away_points is not None:
        return outcome.home_points, outcome.away_points
    if scoring is TeamScoring.BAM:
        raise ValueError(
            f"home_points: the BAM match {outcome.home} v {outcome.away} needs "
            "each team's board-a-match points"
        )
    if outcome.boards < 1:
        raise ValueError(
            f"boards: the match {outcome.home} v {outcome.away} needs its number "
            "of boards to turn its IMPs into VPs"
        )
    return match_vp(outcome.home_imps, outcome.away_imps, outcome.boards)


def team_standings(
    results: Sequence[MatchOutcome],
    teams: Sequence[TeamKey],
    scoring: TeamScoring | str = TeamScoring.VP,
    *,
    bye_vp: float = BYE_VP,
    bye_average: bool = True,
) -> list[TeamStanding]:
    """Return the standings, best first, ties broken as the module docstring says.

    Every team of ``teams`` gets a line, even with no match yet; teams that
    share a place keep the order of ``teams``.
    """
    scoring = TeamScoring(scoring)
    checked_number("bye_vp", bye_vp)
    order = _check_teams(results, teams)
    scored = [
        (outcome, None if outcome.is_bye else match_points(outcome, scoring))
        for outcome in results
    ]

    totals: dict[TeamKey, float] = dict.fromkeys(teams, 0.0)
    imps_for: dict[TeamKey, float] = dict.fromkeys(teams, 0.0)
    imps_against: dict[TeamKey, float] = dict.fromkeys(teams, 0.0)
    played: Counter[TeamKey] = Counter()
    byes: dict[TeamKey, list[MatchOutcome]] = defaultdict(list)
    for outcome, points in scored:
        if points is None:
            byes[outcome.home].append(outcome)
            continue
        for team, own, other, mine in _sides(outcome, points):
            totals[team] += mine
            imps_for[team] += own
            imps_against[team] += other
            played[team] += 1
    credits: dict[TeamKey, tuple[float, ...]] = {}
    for team, team_byes in byes.items():
        average = _vp_average(totals[team], played[team])
        credits[team] = tuple(
            _bye_points(outcome, scoring, bye_vp, average if bye_average else None)
            for outcome in team_byes
        )
        totals[team] += sum(credits[team])

    totals = {team: round(total, _NDIGITS) for team, total in totals.items()}
    quotients = {team: _quotient(imps_for[team], imps_against[team]) for team in teams}
    tiers = _rank_tiers(list(teams), totals, scored, quotients, order)
    tier_of = {team: index for index, tier in enumerate(tiers) for team in tier}
    ordered = [team for tier in tiers for team in tier]
    places = dict(
        zip(
            ordered,
            rank([tier_of[team] for team in ordered], higher_is_better=False),
            strict=True,
        )
    )
    return [
        TeamStanding(
            team=team,
            played=played[team],
            byes=len(byes.get(team, ())),
            points=totals[team],
            imps_for=round(imps_for[team], _NDIGITS),
            imps_against=round(imps_against[team], _NDIGITS),
            imp_difference=round(imps_for[team] - imps_against[team], _NDIGITS),
            imp_quotient=(
                imps_for[team] / imps_against[team] if imps_against[team] else None
            ),
            rank=places[team],
            bye_points=credits.get(team, ()),
        )
        for team in ordered
    ]


def cross_table(
    results: Sequence[MatchOutcome],
    teams: Sequence[TeamKey],
    scoring: TeamScoring | str = TeamScoring.VP,
) -> dict[TeamKey, dict[TeamKey, tuple[float, ...]]]:
    """Return the cross-table: ``table[row][column]`` = row's scores against column.

    One entry per match the two teams played, in the order of ``results``
    (one in a round robin, two in a double round robin, none yet or on the
    diagonal): VPs, BAM points, or under IMP scoring the row team's IMP
    difference.  ``table[column][row]`` holds the other team's side.  Every
    team has a row with a key for every team, in the order of ``teams``,
    so a template or a spreadsheet can fill a teams x teams grid as it is.
    Byes are not in it.
    """
    scoring = TeamScoring(scoring)
    _check_teams(results, teams)
    cells: dict[TeamKey, dict[TeamKey, list[float]]] = {
        row: {column: [] for column in teams} for row in teams
    }
    for outcome in results:
        if outcome.is_bye:
            continue
        home_points, away_points = match_points(outcome, scoring)
        cells[outcome.home][outcome.away].append(home_points)
        cells[outcome.away][outcome.home].append(away_points)
    return {
        row: {column: tuple(values) for column, values in columns.items()}
        for row, columns in cells.items()
    }


def _sides(
    outcome: MatchOutcome, points: tuple[float, float]
) -> list[tuple[TeamKey, float, float, float]]:
    """(team, IMPs won, IMPs lost, points) for both teams of a match."""
    if outcome.away is None:
        raise ValueError("outcome: a bye has no second team")
    return [
        (outcome.home, outcome.home_imps, outcome.away_imps, points[0]),
        (outcome.away, outcome.away_imps, outcome.home_imps, points[1]),
    ]


def _bye_points(
    outcome: MatchOutcome,
    scoring: TeamScoring,
    bye_vp: float,
    average: float | None,
) -> float:
    if outcome.home_points is not None:
        return outcome.home_points
    if scoring is not TeamScoring.VP:
        return 0.0
    return bye_vp if average is None else max(bye_vp, average)


def _vp_average(total: float, played: int) -> float | None:
    """A team's average over its matches, to the VP scale's two decimals.

    Rounded half up (Donne's choice: the EBU says "the average", not how
    to round it) so that the bye's printed figure and the printed match
    scores add up to the total.  None before the team has played.
    """
    if not played:
        return None
    exact = Decimal(repr(total)) / played
    return float(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def _quotient(won: float, lost: float) -> float:
    """IMP quotient as a sort key: won / lost, infinite without a loss, 1 for 0/0."""
    if lost:
        return won / lost
    return math.inf if won else 1.0


def _rank_tiers(
    teams: list[TeamKey],
    totals: dict[TeamKey, float],
    scored: list[tuple[MatchOutcome, tuple[float, float] | None]],
    quotients: dict[TeamKey, float],
    order: dict[TeamKey, int],
) -> list[list[TeamKey]]:
    """Split the teams into tiers, best first; the teams of a tier share a place."""
    meetings: Counter[frozenset[TeamKey]] = Counter()
    for outcome, points in scored:
        if points is not None:
            meetings[frozenset((outcome.home, outcome.away))] += 1

    def among(group: list[TeamKey]) -> Callable[[TeamKey], float] | None:
        """Each team's points in the matches among ``group``, if they all met."""
        counts = {meetings[frozenset(pair)] for pair in combinations(group, 2)}
        if len(counts) != 1 or 0 in counts:
            return None
        members = set(group)
        points_among: dict[TeamKey, float] = dict.fromkeys(group, 0.0)
        for outcome, points in scored:
            if points is None or {outcome.home, outcome.away} - members:
                continue
            for team, _, _, mine in _sides(outcome, points):
                points_among[team] += mine
        return points_among.__getitem__

    def split(group: list[TeamKey]) -> list[list[TeamKey]]:
        steps = [among(group), quotients.__getitem__]
        for key in steps:
            if key is None:
                continue
            tiers = _tiers(group, key, order)
            if len(tiers) > 1:
                return [part for tier in tiers for part in split_if_tied(tier)]
        return [group]

    def split_if_tied(tier: list[TeamKey]) -> list[list[TeamKey]]:
        return split(tier) if len(tier) > 1 else [tier]

    return [
        part
        for tier in _tiers(teams, totals.__getitem__, order)
        for part in split_if_tied(tier)
    ]


def _tiers(
    group: list[TeamKey], key: Callable[[TeamKey], float], order: dict[TeamKey, int]
) -> list[list[TeamKey]]:
    """Group teams by ``key``, highest first; equal keys (to 6 decimals) together."""

    def rounded(team: TeamKey) -> float:
        value = key(team)
        return value if math.isinf(value) else round(value, DEFAULT_NDIGITS)

    ranked = sorted(group, key=lambda team: (-rounded(team), order[team]))
    tiers: list[list[TeamKey]] = []
    for team in ranked:
        if tiers and rounded(tiers[-1][0]) == rounded(team):
            tiers[-1].append(team)
        else:
            tiers.append([team])
    return tiers


def _check_teams(
    results: Sequence[MatchOutcome], teams: Sequence[TeamKey]
) -> dict[TeamKey, int]:
    """Return each team's position in ``teams``; raise ValueError on bad input."""
    order = {team: index for index, team in enumerate(teams)}
    if len(order) != len(teams):
        raise ValueError("teams: a team is listed twice")
    for outcome in results:
        if not isinstance(outcome, MatchOutcome):
            raise ValueError(f"results: expected MatchOutcome, got {outcome!r}")
        for team in (outcome.home, outcome.away):
            if team is not None and team not in order:
                raise ValueError(f"results: team {team!r} is not in teams")
    return order
