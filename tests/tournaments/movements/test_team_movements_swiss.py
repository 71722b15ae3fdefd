"""Swiss team pairing: top-down, backtracking, byes, and the rematch fallback."""

from __future__ import annotations

import itertools
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements.round_robin import berger_rounds
from tournaments.movements.swiss import (
    count_rematches,
    swiss_pairing,
    swiss_pairing_naive,
)

# An 8-team event, 5 rounds: (standings before the round, the pairing, the
# home team's VP of each match out of 20).  Standings are by VP total, best
# first, the seeding breaking the tie of round 1.
EIGHT_TEAMS = [
    (
        [1, 2, 3, 4, 5, 6, 7, 8],
        [(1, 2), (3, 4), (5, 6), (7, 8)],
        [17, 15, 14, 13],
    ),
    # 1:17 3:15 5:14 7:13 8:7 6:6 4:5 2:3
    (
        [1, 3, 5, 7, 8, 6, 4, 2],
        [(1, 3), (5, 7), (8, 6), (4, 2)],
        [6, 12, 6, 6],
    ),
    # 3:29 5:26 1:23 7:21 6:20 2:17 8:13 4:11
    (
        [3, 5, 1, 7, 6, 2, 8, 4],
        [(3, 5), (1, 7), (6, 2), (8, 4)],
        [10, 12, 17, 12],
    ),
    # 3:39 6:37 5:36 1:35 7:29 8:25 2:20 4:19.  Top-down would end 7-2 and
    # 8-4, a rematch: 7 takes 4 instead and 8 meets 2.
    (
        [3, 6, 5, 1, 7, 8, 2, 4],
        [(3, 6), (5, 1), (7, 4), (8, 2)],
        [14, 10, 15, 17],
    ),
    # 3:53 5:46 1:45 7:44 6:43 8:42 4:24 2:23.  3-7, then 5-8 and 5-4 both
    # leave 1, 6 and two teams that can only be paired by a rematch: 5-2.
    (
        [3, 5, 1, 7, 6, 8, 4, 2],
        [(3, 7), (5, 2), (1, 8), (6, 4)],
        [5, 15, 4, 16],
    ),
]


def test_a_hand_worked_eight_team_event():
    vp = dict.fromkeys(range(1, 9), 0)
    played: set[frozenset[int]] = set()
    for standings, expected, results in EIGHT_TEAMS:
        order = sorted(vp, key=lambda team: (-vp[team], team))
        assert order == standings
        pairing = swiss_pairing(order, played)
        assert pairing == expected
        assert count_rematches(pairing, played) == 0
        for (home, away), home_vp in zip(pairing, results, strict=True):
            vp[home] += home_vp
            vp[away] += 20 - home_vp
            played.add(frozenset((home, away)))
    assert vp == {1: 49, 2: 28, 3: 58, 4: 28, 5: 61, 6: 59, 7: 59, 8: 58}
    assert len(played) == 20


def test_backtracking_one_level_up():
    # Top-down would give 1-2, 3-4 and the rematch 5-6.
    assert swiss_pairing(range(1, 7), [(5, 6)]) == [(1, 2), (3, 5), (4, 6)]


def test_backtracking_to_the_top_team():
    # 4, 5 and 6 have all met: each needs one of 1, 2 and 3, so even the
    # leader has to go down to 4.
    played = [(4, 5), (4, 6), (5, 6)]
    assert swiss_pairing(range(1, 7), played) == [(1, 4), (2, 5), (3, 6)]


def test_the_home_team_is_the_higher_ranked_and_matches_go_by_rank():
    order = [5, 3, 8, 1, 2, 7]
    pairing = swiss_pairing(order, {frozenset((5, 3))})
    assert pairing == [(5, 8), (3, 1), (2, 7)]


def test_played_may_be_tuples_or_frozensets_in_any_order():
    order = [1, 2, 3, 4]
    assert swiss_pairing(order, [(2, 1)]) == swiss_pairing(order, [frozenset((1, 2))])
    assert swiss_pairing(order, [(2, 1)]) == [(1, 3), (2, 4)]


def test_teams_that_left_are_ignored_in_played_and_byes():
    assert swiss_pairing([1, 2, 3], [(1, 9), (2, 3)], byes=[9]) == [(1, 2), (3, None)]


class TestByes:
    def test_the_lowest_ranked_team_has_the_bye_listed_last(self):
        assert swiss_pairing(range(1, 8), []) == [(1, 2), (3, 4), (5, 6), (7, None)]

    def test_a_team_that_had_a_bye_does_not_get_another(self):
        assert swiss_pairing(range(1, 8), [], byes={7}) == [
            (1, 2),
            (3, 4),
            (5, 7),
            (6, None),
        ]
        assert swiss_pairing(range(1, 8), [], byes={6, 7}) == [
            (1, 2),
            (3, 4),
            (6, 7),
            (5, None),
        ]

    def test_when_every_team_had_a_bye_the_lowest_ranked_has_it_again(self):
        assert swiss_pairing(range(1, 8), [], byes=range(1, 8))[-1] == (7, None)

    def test_the_bye_moves_up_when_it_would_force_a_rematch(self):
        # 5 has met everyone but 7: a bye for 7 would leave 5 only rematches,
        # 6 had a bye already, so 5 has it.
        played = [(5, 1), (5, 2), (5, 3), (5, 4), (5, 6)]
        assert swiss_pairing(range(1, 8), played, byes={6}) == [
            (1, 2),
            (3, 4),
            (6, 7),
            (5, None),
        ]

    def test_no_second_bye_while_another_team_can_take_it_even_at_a_rematch(self):
        # A bye for 1 would avoid a rematch, but 1 had one; 2 or 3 having
        # it costs one rematch either way, so the lowest, 3, has it.
        played = [(1, 2), (1, 3)]
        assert swiss_pairing([1, 2, 3], played, byes={1}) == [(1, 2), (3, None)]

    def test_the_bye_moves_up_to_avoid_a_rematch(self):
        assert swiss_pairing([1, 2, 3], [(1, 2)], byes={1}) == [(1, 3), (2, None)]


class TestRematches:
    def test_four_teams_after_a_round_robin_replay_top_down(self):
        played = {frozenset(match) for matches in berger_rounds(4) for match in matches}
        pairing = swiss_pairing([3, 1, 4, 2], played)
        assert pairing == [(3, 1), (4, 2)]
        assert count_rematches(pairing, played) == 2

    def test_the_fewest_rematches_not_the_first_found(self):
        # 1 has met everyone: top-down would give 1-2, 3-4 and 5-6, two
        # rematches; 5-6 is avoidable.
        played = [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (5, 6)]
        pairing = swiss_pairing(range(1, 7), played)
        assert pairing == [(1, 2), (3, 5), (4, 6)]
        assert count_rematches(pairing, played) == 1

    def test_a_team_takes_a_fresh_opponent_before_a_rematch(self):
        # 6 has met everyone, so one rematch is needed; 1 has met 2 but
        # takes 3 rather than replay 2.
        played = [(1, 2)] + [(6, team) for team in range(1, 6)]
        assert swiss_pairing(range(1, 7), played) == [(1, 3), (2, 4), (5, 6)]

    def test_an_odd_field_after_a_round_robin(self):
        played = [match for matches in berger_rounds(5) for match in matches]
        pairs = [match for match in played if match[1] is not None]
        assert swiss_pairing(range(1, 6), pairs, byes=range(1, 6)) == [
            (1, 2),
            (3, 4),
            (5, None),
        ]


def simulate(teams: int, rounds: int, seed: int) -> list[list[tuple[int, int | None]]]:
    """Play a Swiss event with random results; return each round's pairing."""
    rng = random.Random(seed)
    vp = dict.fromkeys(range(1, teams + 1), 0)
    played: set[frozenset[int]] = set()
    byes: set[int] = set()
    pairings = []
    for _ in range(rounds):
        order = sorted(vp, key=lambda team: (-vp[team], rng.random()))
        pairing = swiss_pairing(order, played, byes)
        assert count_rematches(pairing, played) == 0
        for home, away in pairing:
            if away is None:
                byes.add(home)
                continue
            home_vp = rng.randint(0, 20)
            vp[home] += home_vp
            vp[away] += 20 - home_vp
            played.add(frozenset((home, away)))
        pairings.append(pairing)
    return pairings


@pytest.mark.parametrize("seed", range(30))
def test_eight_teams_never_replay_in_five_rounds(seed):
    # After 4 rounds the matches not played form a 3-regular graph on 8
    # teams, which always has a perfect matching (Petersen).
    simulate(8, 5, seed)


@pytest.mark.parametrize("teams", [49, 50, 100])
def test_a_big_field_pairs_everyone_once_a_round(teams):
    for pairing in simulate(teams, 10, seed=teams):
        seen = [team for match in pairing for team in match if team is not None]
        assert sorted(seen) == list(range(1, teams + 1))
        assert sum(away is None for _, away in pairing) == teams % 2


@st.composite
def fields(draw):
    """A field of up to 9 teams with random past matches and byes."""
    teams = draw(st.permutations(range(1, draw(st.integers(2, 9)) + 1)))
    pairs = list(itertools.combinations(sorted(teams), 2))
    played = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    byes = draw(st.sets(st.sampled_from(teams)))
    return teams, played, byes


@settings(max_examples=300, deadline=None)
@given(fields())
def test_it_agrees_with_enumerating_every_pairing(field):
    order, played, byes = field
    assert swiss_pairing(order, played, byes) == swiss_pairing_naive(
        order, played, byes
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: swiss_pairing([], []), "order must hold at least 2 teams, got []"),
        (lambda: swiss_pairing([1], []), "order must hold at least 2 teams, got [1]"),
        (lambda: swiss_pairing([1, 2, 1], []), "order must list each team once"),
        (lambda: swiss_pairing([1, "2"], []), "order must hold int team numbers"),
        (lambda: swiss_pairing([1, 2], [(1, 1)]), "played must hold pairs of two"),
        (lambda: swiss_pairing([1, 2], [(1, 2, 3)]), "played must hold pairs of two"),
    ],
)
def test_bad_arguments_name_the_argument(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
