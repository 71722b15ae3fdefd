"""Team round robins: the published Berger tables, and what they guarantee."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

from tournaments.movements.round_robin import berger_rounds

# FIDE Handbook C.05, Annex 1 (Berger tables), home team first.
FIDE_4 = [
    [(1, 4), (2, 3)],
    [(4, 3), (1, 2)],
    [(2, 4), (3, 1)],
]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]


@pytest.mark.parametrize(("teams", "table"), [(4, FIDE_4), (6, FIDE_6), (8, FIDE_8)])
def test_it_is_the_published_berger_table(teams, table):
    assert berger_rounds(teams) == table


def test_an_odd_number_of_teams_uses_the_next_table_with_byes_last():
    # The 5-team table is the 6-team one, meeting team 6 being the bye.
    assert berger_rounds(5) == [
        [(2, 5), (3, 4), (1, None)],
        [(5, 3), (1, 2), (4, None)],
        [(3, 1), (4, 5), (2, None)],
        [(1, 4), (2, 3), (5, None)],
        [(4, 2), (5, 1), (3, None)],
    ]
    assert berger_rounds(3) == [
        [(2, 3), (1, None)],
        [(1, 2), (3, None)],
        [(3, 1), (2, None)],
    ]


def test_two_teams_play_one_match():
    assert berger_rounds(2) == [[(1, 2)]]


def home_away_runs(teams: int) -> dict[int, str]:
    """Each team's matches as a string of H and A, byes left out."""
    runs = dict.fromkeys(range(1, teams + 1), "")
    for matches in berger_rounds(teams):
        for home, away in matches:
            if away is not None:
                runs[home] += "H"
                runs[away] += "A"
    return runs


@pytest.mark.parametrize("teams", range(2, 31))
def test_every_pair_meets_once_and_every_team_plays_each_round(teams):
    rounds = berger_rounds(teams)
    assert len(rounds) == teams - 1 + teams % 2
    met = Counter()
    byes = Counter()
    for matches in rounds:
        assert len(matches) == (teams + 1) // 2
        seen = [team for match in matches for team in match if team is not None]
        assert sorted(seen) == list(range(1, teams + 1))
        for home, away in matches:
            if away is None:
                byes[home] += 1
            else:
                met[frozenset((home, away))] += 1
    assert set(met) == {
        frozenset(pair) for pair in itertools.combinations(range(1, teams + 1), 2)
    }
    assert set(met.values()) == {1}
    if teams % 2:
        assert byes == dict.fromkeys(range(1, teams + 1), 1)
        assert all(match[1] is None for match in (r[-1] for r in rounds))
    else:
        assert not byes


@pytest.mark.parametrize("teams", range(2, 31))
def test_home_and_away_balance_and_alternate_as_far_as_possible(teams):
    runs = home_away_runs(teams)
    for team, run in runs.items():
        balance = run.count("H") - run.count("A")
        repeats = sum(a == b for a, b in itertools.pairwise(run))
        if teams % 2:
            assert balance == 0, team
            assert repeats == 0, team
        else:
            assert abs(balance) == 1, team
            # Only two teams can alternate all the way: n / 2 and n.
            assert repeats == (0 if team in (teams // 2, teams) else 1), team


@pytest.mark.parametrize("teams", [1, 0, -4, "6", 6.0, True, None])
def test_bad_team_counts_are_refused(teams):
    message = f"teams must be an int of at least 2, got {teams!r}"
    with pytest.raises(ValueError, match=re.escape(message)):
        berger_rounds(teams)
