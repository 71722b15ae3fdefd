"""The Whiz individual scorer: each hand compared across tables, players ranked.

Every figure below is worked out by hand in the comments: 2 matchpoints (MP)
per score beaten and 1 per tie, top 2(n - 1) for n tables, Neuberg
MP' = (MP + 1) * N / n - 1 for a board played n times of N expected.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.board import BoardSettings
from scoring.session import AverageRule
from scoring.whiz import (
    SitOutRule,
    WhizLine,
    WhizScorecardRow,
    WhizSettings,
    player_lines,
    score_whiz_session,
)


def line(board, table, players, points=None, adjusted=None):
    """A WhizLine from "NES"-ordered triples: players "abc", points (20, 0, 0)."""
    return WhizLine(
        board,
        table,
        dict(zip("NES", players, strict=True)),
        None if points is None else dict(zip("NES", points, strict=True)),
        None if adjusted is None else dict(zip("NES", adjusted, strict=True)),
    )


# Four tables that stay put: a, b, c hold N, E, S at table 1, d, e, f at
# table 2, g, h, i at table 3 and j, k, l at table 4.
TABLES = ("abc", "def", "ghi", "jkl")

# Board 1, played at the four tables (top 6).
BOARD_1 = [
    line(1, 1, TABLES[0], (20, 0, 0)),  # N makes 10S: 10 + game bonus 10
    line(1, 2, TABLES[1], (0, 5, 5)),  # N one down: 5 to each defender
    line(1, 3, TABLES[2], (0, 10, 0)),  # E makes 8H +1: 8 + 2
    line(1, 4, TABLES[3], (16, 0, 0)),  # N makes 7C +3: 7 + 3 * 2
]
# Board 2, played at tables 1-3 of the four expected.
BOARD_2 = [
    line(2, 1, TABLES[0], (0, 0, 12)),
    line(2, 2, TABLES[1], (5, 0, 5)),
    line(2, 3, TABLES[2], (0, 24, 0)),
]
# Board 3: tables 1-3 play it, table 4 gets A+ (N), A (E) and A- (S).
BOARD_3 = [
    line(3, 1, TABLES[0], (0, 7, 0)),
    line(3, 2, TABLES[1], (10, 0, 0)),
    line(3, 3, TABLES[2], (10, 10, 0)),  # S two down: 10 to each defender
    line(3, 4, TABLES[3], adjusted=("A+", "A", "A-")),
]


def mp_by_position(score):
    return {p: [line.mp[p] for line in score.lines] for p in "NES"}


def test_each_hand_is_compared_with_the_same_hand_at_the_other_tables():
    score = score_whiz_session(BOARD_1)
    # N: 20, 0, 0, 16.  20 beats three (6); each 0 ties the other 0 (1);
    # 16 beats the two 0s (4).  6 + 1 + 1 + 4 = 12 = 2 * (4 * 3 / 2).
    # E: 0, 5, 10, 0.  0 ties one (1); 5 beats two (4); 10 beats three (6).
    # S: 0, 5, 0, 0.  5 beats three (6); each 0 ties two others (2).
    assert mp_by_position(score) == {
        "N": [6, 1, 1, 4],
        "E": [1, 4, 6, 1],
        "S": [2, 6, 2, 2],
    }
    assert all(scored.top == 6 for scored in score.lines)
    # Percentages of the top of 6: 1 MP is 16.67 %, 4 MP 66.67 %.
    assert [round(scored.pct["N"], 2) for scored in score.lines] == [
        100,
        16.67,
        16.67,
        66.67,
    ]
    assert not any(scored.artificial for scored in score.lines)


@pytest.mark.parametrize("expected", [4, {2: 4}, {1: 9, 2: 4}])
def test_a_board_played_at_three_of_four_tables_is_factored_up(expected):
    score = score_whiz_session(BOARD_2, expected=expected)
    # Raw MP among the three results (top 4), then (MP + 1) * 4 / 3 - 1:
    # raw 0 -> 1/3, raw 1 -> 5/3, raw 2 -> 3, raw 4 -> 17/3; top 6.
    # N: 0, 5, 0 -> raw 1, 4, 1.  E: 0, 0, 24 -> raw 1, 1, 4.
    # S: 12, 5, 0 -> raw 4, 2, 0.
    assert mp_by_position(score) == {
        "N": pytest.approx([5 / 3, 17 / 3, 5 / 3]),
        "E": pytest.approx([5 / 3, 5 / 3, 17 / 3]),
        "S": pytest.approx([17 / 3, 3, 1 / 3]),
    }
    assert all(scored.top == 6 for scored in score.lines)
    # 17/3 of 6 is 94.44 %; 5/3 of 6 is 27.78 %.
    assert round(score.lines[1].pct["N"], 2) == 94.44
    assert round(score.lines[0].pct["N"], 2) == 27.78


def test_without_neuberg_the_top_is_that_of_the_tables_that_played():
    settings = WhizSettings(board=BoardSettings(neuberg=False))
    score = score_whiz_session(BOARD_2, settings=settings, expected=4)
    # The raw figures of the previous test, on a top of 2 * (3 - 1) = 4.
    assert mp_by_position(score) == {"N": [1, 4, 1], "E": [1, 1, 4], "S": [4, 2, 0]}
    assert all(scored.top == 4 for scored in score.lines)


def test_an_adjusted_table_gets_its_marks_and_stays_out_of_the_comparisons():
    score = score_whiz_session(BOARD_3)
    # The three real tables are compared among themselves, factored to 4:
    # N: 0, 10, 10 -> raw 0, 3, 3 -> 1/3, 13/3.
    # E: 7, 0, 10 -> raw 2, 0, 4 -> 3, 1/3, 17/3.
    # S: 0, 0, 0 -> raw 2 each -> 3 each (50 %).
    # Table 4: A+ 60 %, A 50 %, A- 40 % of the top of 6: 3.6, 3, 2.4.
    assert mp_by_position(score) == {
        "N": pytest.approx([1 / 3, 13 / 3, 13 / 3, 3.6]),
        "E": pytest.approx([3, 1 / 3, 17 / 3, 3]),
        "S": pytest.approx([3, 3, 3, 2.4]),
    }
    adjusted = score.lines[3]
    assert adjusted.artificial
    assert adjusted.top == 6
    assert adjusted.pct == {"N": 60, "E": 50, "S": 40}
    # Other marks at table 4 change nothing for the three real tables.
    swapped = [*BOARD_3[:3], line(3, 4, TABLES[3], adjusted=("A-", 55, "a+"))]
    other = score_whiz_session(swapped)
    assert [s.mp for s in other.lines[:3]] == [s.mp for s in score.lines[:3]]
    assert other.lines[3].pct == {"N": 40, "E": 55, "S": 60}
    assert other.lines[3].line.adjusted == {"N": "A-", "E": 55, "S": "A+"}


SESSION = [*BOARD_1, *BOARD_2, *BOARD_3]


def test_the_session_totals_and_ranks_every_player():
    score = score_whiz_session(SESSION, expected={2: 4})
    # MP on boards 1 + 2 + 3 (each top 6), from the three tests above:
    #   a 6 + 5/3 + 1/3 = 8        of 18: 44.44 %
    #   b 1 + 5/3 + 3 = 17/3       of 18: 31.48 %
    #   c 2 + 17/3 + 3 = 32/3      of 18: 59.26 %
    #   d 1 + 17/3 + 13/3 = 11     of 18: 61.11 %
    #   e 4 + 5/3 + 1/3 = 6        of 18: 33.33 %
    #   f 6 + 3 + 3 = 12           of 18: 66.67 %
    #   g 1 + 5/3 + 13/3 = 7       of 18: 38.89 %
    #   h 6 + 17/3 + 17/3 = 52/3   of 18: 96.30 %
    #   i 2 + 1/3 + 3 = 16/3       of 18: 29.63 %
    # Table 4 did not play board 2: j, k and l are over boards 1 and 3.
    #   j 4 + 3.6 (A+) = 7.6       of 12: 63.33 %
    #   k 1 + 3 (A) = 4            of 12: 33.33 %, level with e
    #   l 2 + 2.4 (A-) = 4.4       of 12: 36.67 %
    expected = [
        ("h", 52 / 3, 18, 96.30, 3, 0, "1"),
        ("f", 12, 18, 66.67, 3, 0, "2"),
        ("j", 7.6, 12, 63.33, 2, 1, "3"),
        ("d", 11, 18, 61.11, 3, 0, "4"),
        ("c", 32 / 3, 18, 59.26, 3, 0, "5"),
        ("a", 8, 18, 44.44, 3, 0, "6"),
        ("g", 7, 18, 38.89, 3, 0, "7"),
        ("l", 4.4, 12, 36.67, 2, 1, "8"),
        ("e", 6, 18, 33.33, 3, 0, "9="),
        ("k", 4, 12, 33.33, 2, 1, "9="),
        ("b", 17 / 3, 18, 31.48, 3, 0, "11"),
        ("i", 16 / 3, 18, 29.63, 3, 0, "12"),
    ]
    got = [
        (s.player, s.mp, s.top, s.pct, s.boards, s.sit_out_boards, s.rank)
        for s in score.standings
    ]
    assert [row[0] for row in got] == [row[0] for row in expected]
    for row, want in zip(got, expected, strict=True):
        assert row[1] == pytest.approx(want[1]), row
        assert row[2:] == want[2:], row
    assert score.standing("k").rank == "9="


def test_lines_come_back_in_input_order():
    shuffled = [SESSION[5], SESSION[0], SESSION[10], SESSION[3]]
    score = score_whiz_session(shuffled)
    assert [scored.line for scored in score.lines] == shuffled


def test_equal_percentages_share_a_place():
    # Two tables: N 20 / 0, E 0 / 5, S 0 / 5; top 2.  a (N, 20 beats 0), e
    # and f (5 beats 0) have 2 MP, 100 %; b, c and d have 0.
    score = score_whiz_session(
        [line(1, 1, "abc", (20, 0, 0)), line(1, 2, "def", (0, 5, 5))]
    )
    assert [(s.player, s.pct, s.rank) for s in score.standings] == [
        ("a", 100, "1="),
        ("e", 100, "1="),
        ("f", 100, "1="),
        ("b", 0, "4="),
        ("c", 0, "4="),
        ("d", 0, "4="),
    ]


# Seven players, two tables, one board a round: one player sits out each round.
SIT_OUT = [
    # Round 1, board 1; 7 sits out.  N: 20 v 0; E: 0 v 5; S: 0 v 5 (top 2).
    line(1, 1, (1, 2, 3), (20, 0, 0)),
    line(1, 2, (4, 5, 6), (0, 5, 5)),
    # Round 2, board 2; 3 sits out.  Same result at both tables: 1 MP each.
    line(2, 1, (7, 1, 5), (0, 16, 0)),
    line(2, 2, (2, 6, 4), (0, 16, 0)),
    # Round 3, board 3; 6 sits out.  N: 0 v 0; E: 10 v 0; S: 10 v 12.
    line(3, 1, (3, 7, 2), (0, 10, 10)),
    line(3, 2, (5, 4, 1), (0, 0, 12)),
]


def test_a_player_who_sits_out_is_ranked_on_his_average_over_the_boards_played():
    score = score_whiz_session(SIT_OUT)
    #   1: 2 (N b1) + 1 + 2 (S b3) = 5 of 6: 83.33 %
    #   2: 0 + 1 + 0 = 1 of 6: 16.67 %
    #   3: 0 + 1 (N b3) = 1 of 4 (sat out board 2): 25 %
    #   4: 0 + 1 + 0 = 1 of 6: 16.67 %
    #   5: 2 + 1 + 1 = 4 of 6: 66.67 %
    #   6: 2 + 1 = 3 of 4 (sat out board 3): 75 %
    #   7: 1 + 2 = 3 of 4 (sat out board 1): 75 %
    assert [
        (s.player, s.mp, s.top, s.pct, s.boards, s.sit_out_boards, s.rank)
        for s in score.standings
    ] == [
        (1, 5, 6, 83.33, 3, 0, "1"),
        (6, 3, 4, 75, 2, 1, "2="),
        (7, 3, 4, 75, 2, 1, "2="),
        (5, 4, 6, 66.67, 3, 0, "4"),
        (3, 1, 4, 25, 2, 1, "5"),
        (2, 1, 6, 16.67, 3, 0, "6="),
        (4, 1, 6, 16.67, 3, 0, "6="),
    ]
    # The rule, an adjusted score of his own 75 % on the board he missed,
    # would give 6 (3 + 0.75 * 2) / (4 + 2) = 4.5 / 6: still 75 %.
    six = score.standing(6)
    assert 100 * (six.mp + 0.75 * 2) / (six.top + 2) == six.pct
    assert WhizSettings().sit_out == SitOutRule.AVERAGE == "average"


def test_the_session_rule_moves_average_plus_and_minus_to_the_players_average():
    settings = WhizSettings(average_rule=AverageRule.SESSION)
    score = score_whiz_session(SESSION, settings=settings, expected={2: 4})
    # Real boards only: j has 4 of 6 on board 1 (66.67 %), so his A+ is worth
    # 66.67 %, 4 MP; l has 2 of 6 (33.33 %), so his A- is worth 33.33 %, 2 MP;
    # k's A stays 50 %.
    adjusted = score.lines[-1]
    assert adjusted.pct == pytest.approx({"N": 200 / 3, "E": 50, "S": 100 / 3})
    assert adjusted.mp == pytest.approx({"N": 4, "E": 3, "S": 2})
    # j: 4 + 4 = 8 of 12, 66.67 %, level with f; l: 2 + 2 = 4 of 12, 33.33 %.
    assert (score.standing("j").pct, score.standing("j").rank) == (66.67, "2=")
    assert score.standing("l").pct == 33.33


def test_the_session_rule_keeps_the_flat_figure_when_it_is_better():
    # Swap the marks: j (66.67 %) gets A-, stays 40 %; l (33.33 %) gets A+,
    # stays 60 %.
    lines = [*SESSION[:-1], line(3, 4, TABLES[3], adjusted=("A-", "A", "A+"))]
    settings = WhizSettings(average_rule="session")
    adjusted = score_whiz_session(lines, settings=settings).lines[-1]
    assert adjusted.pct == {"N": 40, "E": 50, "S": 60}


def test_a_players_scorecard_lists_his_boards():
    score = score_whiz_session(SESSION, expected={2: 4})
    assert player_lines(score, "j") == [
        WhizScorecardRow(1, 4, "N", 16, None, 4, pytest.approx(66.666666667), 6),
        WhizScorecardRow(3, 4, "N", None, "A+", 3.6, 60, 6),
    ]
    rows = player_lines(score, "h")
    assert [(r.board, r.position, r.points) for r in rows] == [
        (1, "E", 10),
        (2, "E", 24),
        (3, "E", 10),
    ]
    assert sum(r.mp for r in rows) == pytest.approx(score.standing("h").mp)
    with pytest.raises(KeyError):
        player_lines(score, "z")
    with pytest.raises(KeyError):
        score.standing("z")


def test_a_board_played_once_without_neuberg_is_an_average():
    settings = WhizSettings(board=BoardSettings(neuberg=False))
    score = score_whiz_session([line(1, 1, "abc", (20, 0, 0))], settings=settings)
    assert score.lines[0].top == 0
    assert [s.pct for s in score.standings] == [50, 50, 50]


def test_an_empty_session_has_no_standings():
    score = score_whiz_session([])
    assert score.lines == ()
    assert score.standings == ()


@given(
    st.lists(
        st.tuples(*[st.integers(min_value=0, max_value=60)] * 3),
        min_size=2,
        max_size=12,
    )
)
def test_each_position_shares_the_boards_matchpoints(points):
    lines = [
        line(1, t, (3 * t, 3 * t + 1, 3 * t + 2), p)
        for t, p in enumerate(points, start=1)
    ]
    score = score_whiz_session(lines)
    n = len(points)
    for position in "NES":
        # n tables share 2 * n(n - 1) / 2 MP between them, whatever the points.
        total = sum(scored.mp[position] for scored in score.lines)
        assert total == pytest.approx(n * (n - 1))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": {"N": "a", "E": "b"}}, "players: missing S"),
        (
            {"players": {"N": "a", "E": "b", "S": "c", "W": "d"}},
            "players: unknown position 'W'",
        ),
        ({"players": {"N": "a", "E": "b", "S": "a"}}, "players: one player"),
        ({"players": {"N": "a", "E": None, "S": "c"}}, "players: E must be"),
        ({"players": {"N": "a", "E": " ", "S": "c"}}, "players: E must be"),
        ({"points": None}, "got neither"),
        ({"adjusted": {"N": "A", "E": "A", "S": "A"}}, "got both"),
        ({"points": {"N": 20, "E": 0}}, "points: missing S"),
        ({"points": {"N": 20, "E": None, "S": 0}}, "points: E must be"),
        ({"points": {"N": True, "E": 0, "S": 0}}, "points: N must be"),
        ({"points": {"N": float("nan"), "E": 0, "S": 0}}, "points: N must be"),
        ({"points": [20, 0, 0]}, "points: expected a mapping"),
        ({"points": None, "adjusted": {"N": "B", "E": "A", "S": "A"}}, "adjusted: N"),
        ({"points": None, "adjusted": {"N": "A", "E": 120, "S": "A"}}, "adjusted: E"),
        ({"points": None, "adjusted": {"N": "A", "E": "A", "S": True}}, "adjusted: S"),
        ({"board": 0}, "board: expected a positive integer"),
        ({"table": "2"}, "table: expected a positive integer"),
    ],
)
def test_a_bad_line_is_refused_naming_the_field(kwargs, message):
    fields = {
        "board": 1,
        "table": 1,
        "players": {"N": "a", "E": "b", "S": "c"},
        "points": {"N": 20, "E": 0, "S": 0},
        **kwargs,
    }
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        WhizLine(**fields)


@pytest.mark.parametrize(
    ("expected", "message"),
    [
        (3, "expected: board 1 has 4 tables' results, more than the 3 expected"),
        ({1: 2}, "expected: board 1 has 4"),
        (0, "expected: expected a positive number of tables"),
        ({1: 4.5}, r"expected\[1\]: expected a positive number"),
    ],
)
def test_a_wrong_expected_count_is_refused(expected, message):
    with pytest.raises(ValueError, match=message):
        score_whiz_session(BOARD_1, expected=expected)


def test_a_player_with_two_results_on_a_board_is_refused():
    lines = [*BOARD_1, line(1, 5, "amn", (0, 0, 0))]
    with pytest.raises(ValueError, match="lines: player 'a' has two results on board"):
        score_whiz_session(lines)
    with pytest.raises(ValueError, match="tables 1 and 1"):
        score_whiz_session([BOARD_1[0], BOARD_1[0]])


def test_unknown_settings_are_refused():
    with pytest.raises(ValueError, match="sit_out: expected one of average"):
        WhizSettings(sit_out="zero")
    with pytest.raises(ValueError, match="average_rule: expected one of flat"):
        WhizSettings(average_rule="best")
