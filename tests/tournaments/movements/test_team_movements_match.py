"""Team matches: the two tables of each match and the stints of its boards."""

from __future__ import annotations

import re

import pytest

from tournaments.teams.movements.team_match import (
    MatchTables,
    Stint,
    match_stints,
    match_tables,
)


def test_match_k_plays_at_tables_2k_minus_1_and_2k_byes_skipped():
    assert match_tables([(3, 5), (1, None), (2, 4), (6, 7)]) == [
        MatchTables(match=1, home=3, away=5, open_table=1, closed_table=2),
        MatchTables(match=2, home=2, away=4, open_table=3, closed_table=4),
        MatchTables(match=3, home=6, away=7, open_table=5, closed_table=6),
    ]


def test_a_round_of_byes_only_has_no_tables():
    assert match_tables([]) == []
    assert match_tables([(1, None)]) == []


@pytest.mark.parametrize(
    ("pairings", "message"),
    [
        ([(1, 2), (3, 1)], "pairings must list each team once, team 1 twice"),
        ([(1, 2), (2, None)], "pairings must list each team once, team 2 twice"),
        ([(1, 1)], "pairings must list each team once, team 1 twice"),
        ([(0, 2)], "pairings must hold positive team numbers, got (0, 2)"),
        ([(None, 2)], "pairings must hold positive team numbers, got (None, 2)"),
        ([(1, "2")], "pairings must hold positive team numbers, got (1, '2')"),
        ([(1, 2, 3)], "pairings must be (home, away) pairs, got (1, 2, 3)"),
        ([5], "pairings must be (home, away) pairs, got 5"),
    ],
)
def test_bad_pairings_are_refused(pairings, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        match_tables(pairings)


def test_eight_boards_in_two_stints():
    assert match_stints(8) == [
        Stint(1, open_boards=(1, 2, 3, 4), closed_boards=(5, 6, 7, 8)),
        Stint(2, open_boards=(5, 6, 7, 8), closed_boards=(1, 2, 3, 4)),
    ]


def test_twelve_boards_in_four_stints():
    assert match_stints(12, stints=4) == [
        Stint(1, open_boards=(1, 2, 3), closed_boards=(4, 5, 6)),
        Stint(2, open_boards=(4, 5, 6), closed_boards=(1, 2, 3)),
        Stint(3, open_boards=(7, 8, 9), closed_boards=(10, 11, 12)),
        Stint(4, open_boards=(10, 11, 12), closed_boards=(7, 8, 9)),
    ]


def test_boards_may_start_anywhere():
    assert match_stints(8, first_board=17) == [
        Stint(1, open_boards=(17, 18, 19, 20), closed_boards=(21, 22, 23, 24)),
        Stint(2, open_boards=(21, 22, 23, 24), closed_boards=(17, 18, 19, 20)),
    ]


def test_one_stint_means_duplicated_boards_at_both_tables():
    assert match_stints(6, stints=1) == [
        Stint(1, open_boards=(1, 2, 3, 4, 5, 6), closed_boards=(1, 2, 3, 4, 5, 6))
    ]


@pytest.mark.parametrize(
    ("boards", "stints"),
    [(2, 2), (8, 2), (12, 2), (12, 4), (16, 4), (24, 6), (14, 2), (28, 4), (7, 1)],
)
def test_every_board_once_at_each_table_never_at_both_at_once(boards, stints):
    plan = match_stints(boards, first_board=5, stints=stints)
    assert [stint.number for stint in plan] == list(range(1, stints + 1))
    everything = list(range(5, 5 + boards))
    for room in ("open_boards", "closed_boards"):
        played = [board for stint in plan for board in getattr(stint, room)]
        assert sorted(played) == everything
    for stint in plan:
        assert len(stint.open_boards) == len(stint.closed_boards) == boards // stints
        if stints > 1:
            assert not set(stint.open_boards) & set(stint.closed_boards)
    for first, second in zip(plan[::2], plan[1::2], strict=stints > 1):
        assert first.open_boards == second.closed_boards
        assert first.closed_boards == second.open_boards


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: match_stints(8, stints=3),
            "stints must be 1 (duplicated boards) or even, got 3",
        ),
        (
            lambda: match_stints(10, stints=4),
            "boards must be a multiple of stints (4), got 10",
        ),
        (
            lambda: match_stints(6, stints=4),
            "boards must be a multiple of stints (4), got 6",
        ),
        (lambda: match_stints(0), "boards must be a positive int, got 0"),
        (lambda: match_stints(8.0), "boards must be a positive int, got 8.0"),
        (
            lambda: match_stints(8, first_board=0),
            "first_board must be a positive int, got 0",
        ),
        (lambda: match_stints(8, stints=0), "stints must be a positive int, got 0"),
        (
            lambda: match_stints(8, stints=True),
            "stints must be a positive int, got True",
        ),
    ],
)
def test_bad_stints_are_refused(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
