"""A club evening's teams format for a number of teams: the "Tonight" proposal.

The pairs evening's reasoning (``movements.evening``) holds for teams: a
club plays about 7 minutes a board, the change of opponents included (the
EBU's and ACBL's usual pace), so a 2 to 2½ hour evening is 17 to 21 boards
a team.  A teams evening also follows the EBU's and ACBL's club practice:

* A match is an even number of boards: its two tables play half each, then
  exchange them (two stints), so one set of boards serves a match.
* A match is at least 4 boards (fewer and one swing decides it); a Swiss
  or a patton match at least 6 (EBU and ACBL club Swiss teams play matches
  of 6 to 8 boards: each Swiss round waits for the last match of the round
  before the next is paired, so few longer matches lose less time).
* A round robin (every team meets every other) is the fairest and comes
  first when it fits; it plays n - 1 rounds (n rounds with an odd number
  of teams, one team sitting out each round).  Hence 3 teams: 3 rounds of
  6 boards; 4 teams: 3 matches of 6 boards; 5 and 6 teams: 5 matches of 4.
* From 7 teams a round robin no longer fits (7 rounds are 14 or 28
  boards): a Swiss of 3 matches of 6 boards comes first, then a patton
  (each team meets some of the others, laid out at the start: no wait for
  pairing), then a knockout (IMPs, every stage one match; byes to the top
  seeds).  A round robin that does not fit is still offered after them, up
  to 8 teams (more would take two evenings).
* 3 teams may also play a three-way match: half the boards against each of
  the other two, in two stints.
* The formats that fit come first, in that order; each plays the most
  rounds that fit (the more opponents met, the fairer), then the most
  boards.  A format that cannot fit plays the boards nearest 20.

With an odd number of teams (a knockout: a number that is not a power of
2) a team sits out a round: the teams services give it the bye.
"""

from __future__ import annotations

from dataclasses import dataclass

from .evening import FEWEST_BOARDS, MOST_BOARDS, TARGET_BOARDS, EveningLength

MIN_TEAMS = 3
MAX_TEAMS = 50  # 100 tables, as many players as a 50-table Mitchell
STINTS = 2
SHORTEST_MATCH = 4
SHORTEST_PAIRED_MATCH = 6
LONGEST_MATCH = 12
MOST_ROUND_ROBIN = 8  # more teams play a round robin over two evenings or more

ROUND_ROBIN = "round-robin"
THREE_WAY = "three-way"
SWISS = "swiss"
PATTON = "patton"
KNOCKOUT = "knockout"


@dataclass(frozen=True)
class TeamsPlan(EveningLength):
    """One teams format for tonight: ``rounds`` matches (a knockout: stages)
    of ``boards_per_match`` boards, for ``teams`` teams."""

    format: str
    teams: int
    rounds: int
    boards_per_match: int

    @property
    def boards(self) -> int:
        """How long the evening plays, in boards: rounds x boards a match."""
        return self.rounds * self.boards_per_match

    @property
    def sit_out(self) -> bool:
        """Whether a team sits out a round (has a bye)."""
        if self.format == THREE_WAY:
            return False
        if self.format == KNOCKOUT:
            return self.teams & (self.teams - 1) != 0
        return self.teams % 2 == 1

    @property
    def competition_rounds(self) -> int:
        """The competition's ``rounds`` setting: a Swiss's rounds, the teams a
        patton team meets, a knockout match's segments (one), 0 otherwise
        (a round robin's follow from the teams)."""
        if self.format in (SWISS, PATTON):
            return self.rounds
        return 1 if self.format == KNOCKOUT else 0


def teams_plans(teams: int) -> list[TeamsPlan]:
    """The formats to propose for ``teams`` teams tonight, best first.

    Raises ``ValueError`` naming ``teams`` outside 3 to 50.
    """
    if isinstance(teams, bool) or not MIN_TEAMS <= teams <= MAX_TEAMS:
        raise ValueError(
            f"teams must be from {MIN_TEAMS} to {MAX_TEAMS}, got {teams!r}"
        )
    round_robin = teams - 1 if teams % 2 == 0 else teams
    plans = []
    if teams <= MOST_ROUND_ROBIN:
        plans.append(_sized(ROUND_ROBIN, teams, [round_robin], SHORTEST_MATCH))
    if teams == 3:
        plans.append(_sized(THREE_WAY, teams, [1], SHORTEST_MATCH, per_team=True))
    fewer = list(range(round_robin - 1, 1, -1))
    if teams >= 5:
        plans.append(_sized(SWISS, teams, fewer, SHORTEST_PAIRED_MATCH))
        plans.append(_sized(PATTON, teams, fewer, SHORTEST_MATCH))
    if teams >= 4:
        plans.append(_sized(KNOCKOUT, teams, [knockout_stages(teams)], SHORTEST_MATCH))
    return [plan for plan in plans if plan.fits] + [
        plan for plan in plans if not plan.fits
    ]


def knockout_stages(teams: int) -> int:
    """How many matches the winner of a knockout of ``teams`` plays: the
    bracket has the next power of 2 places (byes to the top seeds)."""
    return (teams - 1).bit_length()


def stored_plan(
    format: str, teams: int, rounds: int, boards_per_match: int
) -> TeamsPlan:
    """The plan a competition plays, from its stored settings: ``rounds`` is
    its setting (a knockout's segments: its rounds are its stages)."""
    if format == KNOCKOUT:
        rounds = knockout_stages(teams)
    return TeamsPlan(format, teams, rounds, boards_per_match)


def _sized(
    format: str,
    teams: int,
    rounds: list[int],
    shortest: int,
    per_team: bool = False,
) -> TeamsPlan:
    """``format`` with the most of ``rounds`` (most first) that fits the
    evening, then the most boards a match; else the rounds' first with the
    boards nearest 20.  A three-way's one round (``per_team``) is two
    matches of half its boards, so its match is the whole evening long."""
    longest = MOST_BOARDS if per_team else LONGEST_MATCH
    lengths = range(shortest, longest + 1, STINTS)
    for count in rounds:
        fitting = [b for b in lengths if FEWEST_BOARDS <= count * b <= MOST_BOARDS]
        if fitting:
            return TeamsPlan(format, teams, count, max(fitting))
    count = rounds[0]
    nearest = min(lengths, key=lambda b: abs(count * b - TARGET_BOARDS))
    return TeamsPlan(format, teams, count, nearest)
