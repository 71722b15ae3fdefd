"""Team standings and cross-tables (``scoring.standings``).

Tie-break order (see the module docstring): total, then the points scored
in the matches among the tied teams (when every two of them met), then the
IMP quotient over all matches; a smaller group left level starts again at
the head-to-head step; teams still level share the place.  VPs from IMPs
use published WBF 2013 values for 16 boards (10 IMPs 12.80, 5 IMPs 11.48,
20 IMPs 15.00).
"""

from __future__ import annotations

import pytest

from scoring.standings import (
    MatchOutcome,
    TeamStanding,
    cross_table,
    match_points,
    team_standings,
)
from scoring.teams import TeamScoring


def vp(home, away, home_vp, away_vp, home_imps=0, away_imps=0):
    """A match with its VPs given."""
    return MatchOutcome(home, away, home_imps, away_imps, home_vp, away_vp)


def order(standings):
    return [(line.team, line.points, line.rank) for line in standings]


def test_it_works_the_vps_out_from_the_imps():
    results = [
        MatchOutcome(1, 2, 30, 20, boards=16),  # 10 IMPs: 12.80-7.20
        MatchOutcome(1, 3, 25, 20, boards=16),  # 5 IMPs: 11.48-8.52
        MatchOutcome(2, 3, 40, 20, boards=16),  # 20 IMPs: 15.00-5.00
    ]
    standings = team_standings(results, [1, 2, 3], TeamScoring.VP)
    assert standings[0] == TeamStanding(
        team=1,
        played=2,
        byes=0,
        points=24.28,
        imps_for=55,
        imps_against=40,
        imp_difference=15,
        imp_quotient=1.375,
        rank="1",
    )
    assert order(standings) == [(1, 24.28, "1"), (2, 22.2, "2"), (3, 13.52, "3")]
    assert (standings[2].imps_for, standings[2].imps_against) == (40, 65)
    assert match_points(results[0]) == (12.80, 7.20)


def test_two_tied_teams_are_split_by_their_own_match_before_the_quotient():
    """1 and 2 have 32 VPs; 1 beat 2 14-6 though 2 has the better quotient."""
    results = [
        vp(1, 2, 14, 6, 20, 5),
        vp(1, 3, 8, 12, 5, 15),
        vp(1, 4, 10, 10, 10, 10),
        vp(2, 3, 16, 4, 60, 0),
        vp(2, 4, 10, 10, 10, 10),
        vp(3, 4, 10, 10, 10, 10),
    ]
    standings = team_standings(results, [1, 2, 3, 4])
    assert order(standings) == [(1, 32, "1"), (2, 32, "2"), (4, 30, "3"), (3, 26, "4")]
    assert standings[1].imp_quotient == 2.5 > standings[0].imp_quotient


def test_two_tied_teams_who_drew_are_split_by_the_imp_quotient():
    results = [
        vp(1, 2, 10, 10, 20, 20),
        vp(1, 3, 15, 5, 30, 10),  # 1: 50 won / 30 lost = 1.67
        vp(2, 3, 15, 5, 40, 10),  # 2: 60 / 30 = 2.0
    ]
    assert order(team_standings(results, [1, 2, 3])) == [
        (2, 25, "1"),
        (1, 25, "2"),
        (3, 10, "3"),
    ]


def test_teams_level_on_everything_share_the_place():
    results = [
        vp(1, 2, 10, 10, 20, 20),
        vp(1, 3, 15, 5, 30, 10),
        vp(2, 3, 15, 5, 30, 10),
    ]
    assert [line.rank for line in team_standings(results, [2, 1, 3])] == [
        "1=",
        "1=",
        "3",
    ]
    assert [line.team for line in team_standings(results, [2, 1, 3])] == [2, 1, 3]


def test_a_three_way_tie_is_split_by_the_mini_league():
    """All on 33: among themselves 1 has 16 + 7 = 23, 3 has 9 + 13 = 22, 2 has 15."""
    results = [
        vp(1, 2, 16, 4),
        vp(2, 3, 11, 9),
        vp(3, 1, 13, 7),
        vp(1, 4, 10, 10),
        vp(2, 4, 18, 2),
        vp(3, 4, 11, 9),
    ]
    assert order(team_standings(results, [1, 2, 3, 4])) == [
        (1, 33, "1"),
        (3, 33, "2"),
        (2, 33, "3"),
        (4, 21, "4"),
    ]


def test_two_left_level_after_the_mini_league_start_again_with_their_match():
    """All on 34; among themselves 1 has 24, 2 and 3 have 18.  2 beat 3 12-8,
    so 2 is ahead although 3's IMP quotient (95/20) beats 2's (45/35)."""
    results = [
        vp(1, 2, 14, 6, 20, 5),
        vp(1, 3, 10, 10, 10, 10),
        vp(2, 3, 12, 8, 10, 5),
        vp(1, 4, 10, 10, 10, 10),
        vp(2, 4, 16, 4, 30, 10),
        vp(3, 4, 16, 4, 80, 0),
    ]
    standings = team_standings(results, [1, 2, 3, 4])
    assert order(standings) == [(1, 34, "1"), (2, 34, "2"), (3, 34, "3"), (4, 18, "4")]
    assert standings[2].imp_quotient == 4.75 > standings[1].imp_quotient


def test_a_cyclic_three_way_tie_goes_to_the_quotient_then_back_to_the_match():
    """Each beat one and lost to one 15-5: the mini-league is 20 each.  1 has
    the best quotient (80/50); 2 and 3 both have 60/50, so their own match
    (2 won 15-5) decides."""
    results = [
        vp(1, 2, 15, 5, 30, 10),
        vp(2, 3, 15, 5, 30, 10),
        vp(3, 1, 15, 5, 30, 10),
        vp(1, 4, 12, 8, 40, 10),
        vp(2, 4, 12, 8, 20, 10),
        vp(3, 4, 12, 8, 20, 10),
    ]
    standings = team_standings(results, [3, 2, 1, 4])
    assert order(standings) == [(1, 32, "1"), (2, 32, "2"), (3, 32, "3"), (4, 24, "4")]
    assert [line.imp_quotient for line in standings[:3]] == [1.6, 1.2, 1.2]


def test_teams_that_did_not_meet_skip_to_the_quotient():
    """A Swiss round: 1 and 2 (14 VPs) never met, nor did 3 and 4 (6 VPs)."""
    results = [vp(1, 3, 14, 6, 30, 10), vp(2, 4, 14, 6, 40, 10)]
    assert order(team_standings(results, [1, 2, 3, 4])) == [
        (2, 14, "1"),
        (1, 14, "2"),
        (3, 6, "3"),
        (4, 6, "4"),
    ]


def test_places_are_shared_lower_down_too():
    results = [vp(1, 3, 15, 5, 20, 10), vp(4, 2, 15, 5, 20, 10)]
    assert order(team_standings(results, [1, 2, 3, 4])) == [
        (1, 15, "1="),
        (4, 15, "1="),
        (2, 5, "3="),
        (3, 5, "3="),
    ]


DOUBLE_ROUND_ROBIN = [
    vp(1, 2, 15, 5),
    vp(1, 3, 10, 10),
    vp(2, 3, 14, 6),
    vp(2, 1, 12, 8),
    vp(3, 1, 10, 10),
    vp(3, 2, 8, 12),
]


def test_a_double_round_robin_counts_both_matches_between_the_tied_teams():
    """1 and 2 have 43; between them 1 has 15 + 8 = 23, 2 has 5 + 12 = 17."""
    assert order(team_standings(DOUBLE_ROUND_ROBIN, [1, 2, 3])) == [
        (1, 43, "1"),
        (2, 43, "2"),
        (3, 34, "3"),
    ]


def test_the_cross_table_of_a_double_round_robin():
    table = cross_table(DOUBLE_ROUND_ROBIN, [1, 2, 3])
    assert table == {
        1: {1: (), 2: (15, 8), 3: (10, 10)},
        2: {1: (5, 12), 2: (), 3: (14, 12)},
        3: {1: (10, 10), 2: (6, 8), 3: ()},
    }
    assert list(table) == [1, 2, 3]
    assert list(table[2]) == [1, 2, 3]


def test_the_cross_table_of_a_round_robin_in_progress():
    results = [MatchOutcome(1, 2, 30, 20, boards=16), MatchOutcome(3, None)]
    assert cross_table(results, [1, 2, 3]) == {
        1: {1: (), 2: (12.80,), 3: ()},
        2: {1: (7.20,), 2: (), 3: ()},
        3: {1: (), 2: (), 3: ()},
    }


# Three teams, one bye a round: 1 beat 2 15-5, 3 beat 1 16-4, 2 and 3 drew.
WITH_BYES = [
    vp(1, 2, 15, 5, 30, 10),
    MatchOutcome(3, None),
    vp(3, 1, 16, 4, 40, 10),
    MatchOutcome(2, None),
    vp(2, 3, 10, 10, 20, 20),
    MatchOutcome(1, None),
]


def test_a_bye_scores_12_vps_or_the_teams_average_if_higher():
    """3 averaged 13 in its matches: its bye is worth 13; 1 (9.5) and 2 (7.5) get 12."""
    standings = team_standings(WITH_BYES, [1, 2, 3])
    assert order(standings) == [(3, 39, "1"), (1, 31, "2"), (2, 27, "3")]
    assert [(line.played, line.byes) for line in standings] == [(2, 1)] * 3
    assert (standings[0].imps_for, standings[0].imps_against) == (60, 30)


def test_the_bye_award_is_a_setting():
    flat = team_standings(WITH_BYES, [1, 2, 3], bye_average=False)
    assert order(flat) == [(3, 38, "1"), (1, 31, "2"), (2, 27, "3")]
    ten = team_standings(WITH_BYES, [1, 2, 3], bye_vp=10.0, bye_average=False)
    assert order(ten) == [(3, 36, "1"), (1, 29, "2"), (2, 25, "3")]


def test_a_bye_award_from_the_director_is_kept():
    results = [*WITH_BYES[:3], MatchOutcome(2, None, home_points=18), WITH_BYES[4]]
    assert order(team_standings(results, [1, 2, 3]))[1] == (2, 33, "2")


def test_imps_only_ranks_on_the_imp_difference():
    """1: +10 - 30 = -20; 2 and 3 have +10 each, and 2 beat 3 by 20 IMPs."""
    results = [
        MatchOutcome(1, 2, 30, 20),
        MatchOutcome(1, 3, 10, 40),
        MatchOutcome(2, 3, 25, 5),
    ]
    standings = team_standings(results, [1, 2, 3], TeamScoring.IMP)
    assert order(standings) == [(2, 10, "1"), (3, 10, "2"), (1, -20, "3")]
    assert [line.imp_difference for line in standings] == [10, 10, -20]
    table = cross_table(results, [1, 2, 3], "imp")
    assert (table[2][3], table[3][2], table[1][3]) == ((20,), (-20,), (-30,))


def test_board_a_match_ranks_on_board_points():
    results = [vp(1, 2, 5.5, 2.5), vp(1, 3, 3, 5), vp(2, 3, 6, 2)]
    assert order(team_standings(results, [1, 2, 3], TeamScoring.BAM)) == [
        (1, 8.5, "1"),
        (2, 8.5, "2"),
        (3, 7, "3"),
    ]
    with pytest.raises(ValueError, match=r"^home_points: the BAM match 1 v 2"):
        team_standings([MatchOutcome(1, 2)], [1, 2], TeamScoring.BAM)


def test_a_team_without_matches_still_has_a_line():
    standings = team_standings([vp(1, 2, 12, 8, 20, 15)], [1, 2, 3])
    assert standings[-1] == TeamStanding(3, 0, 0, 0, 0, 0, 0, None, "3")


@pytest.mark.parametrize(
    ("call", "fragment"),
    [
        (lambda: MatchOutcome(1, 1), r"^away: team 1 cannot play itself"),
        (lambda: MatchOutcome(1, 2, home_points=12), r"^away_points: give both"),
        (lambda: MatchOutcome(1, None, away_points=8), r"^away_points: a bye"),
        (lambda: MatchOutcome(1, 2, "30", 20), r"^home_imps: expected a number"),
        (lambda: MatchOutcome(1, 2, boards=-1), r"^boards: cannot be negative"),
        (
            lambda: team_standings([MatchOutcome(1, 2, 30, 20)], [1, 2]),
            r"^boards: the match 1 v 2 needs its number of boards",
        ),
        (
            lambda: team_standings([vp(1, 5, 10, 10)], [1, 2]),
            r"^results: team 5 is not in teams",
        ),
        (lambda: team_standings([], [1, 1]), r"^teams: a team is listed twice"),
        (lambda: cross_table([vp(1, 5, 10, 10)], [1]), r"^results: team 5"),
        (lambda: match_points(MatchOutcome(1, None)), r"^outcome: a bye"),
    ],
)
def test_it_rejects_bad_input_naming_the_argument(call, fragment):
    with pytest.raises(ValueError, match=fragment):
        call()
