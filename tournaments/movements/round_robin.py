"""Round robins for teams: the Berger tables, so every team meets every other once.

The schedule is the one printed in FIDE's Berger tables (Handbook C.05,
Annex 1), which directors and scoring programs copy; being the published one
lets a round robin be checked against any table on the wall.

Construction, for an even number n of teams (an odd number adds a dummy
team n + 1, and meeting it is the bye).  Team n stays put; the others go round
a circle of n - 1.  In round r team n meets team a = (r - 1) * n / 2 mod
(n - 1) + 1, at home in even rounds and away in odd ones, and the k-th other
match (k = 1 .. n / 2 - 1) is team a + k at home against team a - k, both
taken modulo n - 1 in 1 .. n - 1.  So in round 1: 1-n, 2-(n-1), 3-(n-2) ...

What it guarantees (each checked by tests/tournaments/
test_team_movements_round_robin.py for 2 to 30 teams):

* every pair of teams meets exactly once, every team plays once a round;
* with an odd number of teams each team has exactly one bye;
* home and away balance: with n even each team plays n - 1 matches, so one
  more at home than away or the other way round; with n odd each team is at
  home exactly as often as away;
* home and away alternate as far as a round robin allows: with n even, teams
  n / 2 and n alternate all the way and every other team has exactly one
  repeat (two home or two away matches running), the fewest possible, since
  only two of the n teams can alternate throughout; with n odd every team
  alternates, a bye breaking no alternation.
"""

from __future__ import annotations

from fractions import Fraction

Pairing = tuple[int, int | None]


def berger_rounds(teams: int) -> list[list[Pairing]]:
    """Return the Berger round robin for teams 1 .. ``teams`` (at least 2).

    One list per round of ``(home, away)`` matches in the order of the
    published table; home is the team listed first, which in a team match sits
    North-South in the open room.  With an odd number of teams the team that
    meets the dummy has the bye: it shows as ``(team, None)``, listed last.
    Raise ValueError unless ``teams`` is an int of at least 2.
    """
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 2:
        raise ValueError(f"teams must be an int of at least 2, got {teams!r}")
    n = teams + teams % 2
    circle = n - 1
    rounds = []
    for r in range(1, n):
        a = (r - 1) * (n // 2) % circle + 1
        first = (n, a) if r % 2 == 0 else (a, n)
        others = [
            ((a - 1 + k) % circle + 1, (a - 1 - k) % circle + 1)
            for k in range(1, n // 2)
        ]
        rounds.append([first, *others])
    if n == teams:
        return [list(matches) for matches in rounds]
    return [_with_bye(matches, dummy=n) for matches in rounds]


def _with_bye(matches: list[tuple[int, int]], dummy: int) -> list[Pairing]:
    """Return a round's matches with the dummy's opponent given a bye, listed last."""
    played: list[Pairing] = [m for m in matches if dummy not in m]
    bye = next(
        home if away == dummy else away
        for home, away in matches
        if dummy in (home, away)
    )
    return [*played, (bye, None)]


def double_round_robin(teams: int) -> list[list[Pairing]]:
    """Return a double round robin: Berger's rounds, then the same rounds again
    with every match's seats swapped.

    In the second half the team that was at home (North-South in the open
    room) is away, so each pair of teams meets twice, once each way round
    (the usual double round robin of a league or a trial: EBU, WBF).  A bye
    stays a bye, so with an odd number of teams each team has two.
    """
    first = berger_rounds(teams)
    second = [
        [(home, None) if away is None else (away, home) for home, away in matches]
        for matches in first
    ]
    return first + second


def patton_rounds(teams: int, opponents: int) -> list[list[Pairing]]:
    """Return a patton's preset schedule: each team meets ``opponents`` others.

    The rule book's third form of teams event: "chaque équipe rencontre un
    sous-ensemble des autres, d'une façon organisée pour approcher autant que
    possible l'équité".  The rounds are ``opponents`` rounds of the Berger
    table, so every team plays one match a round and never meets a team
    twice; they are chosen for equity: with the teams numbered by seed, each
    team's opponents should be as strong as the average team it could meet,
    so the sum of its opponents' seeds should be as close as it can to
    ``matches x (sum of the other seeds) / (teams - 1)``.  The chosen rounds
    minimise the largest gap (then the sum of the squared gaps): rounds are
    added one at a time, the best first, then one chosen round is swapped
    for one left out while that narrows the gaps (Donne's choice: no rule
    book gives a patton schedule).  They are played in Berger's order.  With
    an odd number of teams a round has a bye, so a team may meet one team
    fewer.  A patton paired on the standings is a Swiss of that many rounds.
    Raise ValueError when ``opponents`` is not 1 to the round robin's number
    of rounds.
    """
    rounds = berger_rounds(teams)
    if (
        isinstance(opponents, bool)
        or not isinstance(opponents, int)
        or not 1 <= opponents <= len(rounds)
    ):
        raise ValueError(
            f"opponents must be an int from 1 to {len(rounds)}, got {opponents!r}"
        )
    chosen: list[int] = []
    left = list(range(len(rounds)))
    for _ in range(opponents):
        best = min(left, key=lambda i: (_seed_gaps(rounds, [*chosen, i], teams), i))
        chosen.append(best)
        left.remove(best)
    gaps = _seed_gaps(rounds, chosen, teams)
    improved = True
    while improved:
        improved = False
        for out, kept in ((o, k) for o in list(chosen) for k in list(left)):
            trial = [kept if i == out else i for i in chosen]
            trial_gaps = _seed_gaps(rounds, trial, teams)
            if trial_gaps < gaps:
                chosen, gaps, improved = trial, trial_gaps, True
                left = [out if i == kept else i for i in left]
                break
    return [rounds[i] for i in sorted(chosen)]


def _seed_gaps(
    rounds: list[list[Pairing]], chosen: list[int], teams: int
) -> tuple[Fraction, Fraction]:
    """How far the chosen rounds are from equity: the largest gap between a
    team's opponents' seeds and their fair sum, and the sum of squared gaps."""
    total = teams * (teams + 1) // 2
    seeds = dict.fromkeys(range(1, teams + 1), 0)
    played = dict.fromkeys(range(1, teams + 1), 0)
    for index in chosen:
        for home, away in rounds[index]:
            if away is not None:
                seeds[home] += away
                seeds[away] += home
                played[home] += 1
                played[away] += 1
    gaps = [
        seeds[team] - Fraction(played[team] * (total - team), teams - 1)
        for team in seeds
    ]
    return max(abs(gap) for gap in gaps), sum(gap * gap for gap in gaps)
