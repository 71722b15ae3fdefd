"""Teams matches (``scoring.teams``): board IMPs from two rooms, VPs, BAM.

IMP figures are the WBF scale (shared/reference/bridge.md); VP figures are
the published WBF 2013 continuous scale values quoted in bridge.md and
tests/scoring/test_vp.py.  Artificial scores: Law 86A, +3 / 0 / -3 IMPs for
A+ / A / A-; board-a-match: Law 12C2, 0.6 / 0.5 / 0.4 of a board.
"""

from __future__ import annotations

import math

import pytest

from scoring.board import WeightedScore
from scoring.teams import (
    ArtificialTeamScore,
    BoardRooms,
    BoardScore,
    TeamScoring,
    bam_match,
    bam_points,
    board_imps,
    match_imps,
    match_vp,
)


@pytest.mark.parametrize(
    ("open_ns", "closed_ns", "home", "away"),
    [
        (620, 620, 0, 0),
        (430, 420, 0, 0),  # 10 points is no IMP
        (450, 420, 1, -1),
        (620, -100, 12, -12),  # 720
        (-50, 110, -4, 4),  # -160
        (100, -140, 6, -6),  # 240
        (680, 1430, -13, 13),  # -750
        (-420, 50, -10, 10),  # -470
        (2980, -1100, 24, -24),  # 4080
    ],
)
def test_it_imps_a_board_for_the_home_team(open_ns, closed_ns, home, away):
    assert board_imps(BoardRooms(1, open_ns, closed_ns)) == BoardScore(
        1, home, away, played=True
    )


def test_a_board_missing_a_room_is_not_played_yet():
    for rooms in (BoardRooms(5, 420, None), BoardRooms(5, None, 420)):
        assert board_imps(rooms) == BoardScore(5, 0, 0, played=False)


@pytest.mark.parametrize(
    ("ns", "ew", "home", "away"),
    [
        ("A+", "A-", 3, -3),
        ("A+", "A+", 3, 3),
        ("A-", "A-", -3, -3),
        ("A", "A-", 0, -3),
        ("A", "A", 0, 0),
        ("a-", " a+ ", -3, 3),
    ],
)
def test_an_artificial_score_gives_each_team_its_own_mark(ns, ew, home, away):
    """In the open room NS is the home team."""
    scored = board_imps(BoardRooms(2, ArtificialTeamScore(ns, ew), None))
    assert scored == BoardScore(2, home, away, played=True, artificial=True)


def test_in_the_closed_room_the_home_team_sits_east_west():
    rooms = BoardRooms(2, 620, ArtificialTeamScore(ns="A-", ew="A+"))
    assert board_imps(rooms) == BoardScore(2, 3, -3, played=True, artificial=True)


def test_artificial_scores_in_both_rooms_must_agree():
    agreeing = BoardRooms(
        3, ArtificialTeamScore("A+", "A-"), ArtificialTeamScore("A-", "A+")
    )
    assert (board_imps(agreeing).home, board_imps(agreeing).away) == (3, -3)
    clashing = BoardRooms(
        3, ArtificialTeamScore("A+", "A-"), ArtificialTeamScore("A+", "A-")
    )
    with pytest.raises(ValueError, match=r"^closed_ns: board 3"):
        board_imps(clashing)


def test_a_weighted_score_is_imped_part_by_part():
    """70 % of +420 and 30 % of +450 against +450: 0.7 * imps(-30) = -0.7."""
    weighted = WeightedScore(((0.7, 420), (0.3, 450)))
    assert board_imps(BoardRooms(4, weighted, 450)) == BoardScore(
        4, -0.7, 0.7, played=True
    )
    # Both rooms weighted: -1 * 0.35 + 1 * 0.35 + 0 * 0.15 + 2 * 0.15 = 0.3.
    other = WeightedScore(((0.5, 450), (0.5, 400)))
    assert board_imps(BoardRooms(4, weighted, other)).home == 0.3


def test_it_scores_a_hand_worked_four_board_match():
    """Board 1: 620 v 650 = -30, -1 IMP; board 2: A+/A- by the director, +3;
    board 3: -100 v -620 = 520, +11; board 4: only the open room has played."""
    match = match_imps(
        [
            BoardRooms(1, 620, 650),
            BoardRooms(2, ArtificialTeamScore("A+", "A-"), None),
            BoardRooms(3, -100, -620),
            BoardRooms(4, 170, None),
        ]
    )
    assert [(b.board, b.home, b.away, b.played) for b in match.boards] == [
        (1, -1, 1, True),
        (2, 3, -3, True),
        (3, 11, -11, True),
        (4, 0, 0, False),
    ]
    assert (match.home_imps, match.away_imps, match.played) == (14, 1, 3)
    assert match.margin == 13
    assert match.board_imps == [(-1, 1), (3, -3), (11, -11), (0, 0)]


# An eight-board match, worked by hand (board, open NS, closed NS, home IMPs).
EIGHT_BOARDS = [
    (1, 420, 420, 0),  # 4S= NV both rooms
    (2, 620, -100, 12),  # 4S= V v 3NT-1 V: 720
    (3, -50, 110, -4),  # 2S-1 NV v 2S=: -160
    (4, 680, 1430, -13),  # 4S+2 V v 6S= V: -750
    (5, 100, -140, 6),  # 3H-2 NV v 3S= by EW: 240
    (6, -200, -500, 7),  # 3NT-4 NV v 4SX-3 NV: 300
    (7, 100, 200, -3),  # 4S-1 V v 4S-2 V: -100
    (8, 400, 210, 5),  # 3NT= NV v 1NT+4 NV: 190
]


def test_it_scores_a_hand_worked_eight_board_match_in_vps():
    """30 IMPs to 20: a 10-IMP win over 8 boards is 13.78-6.22 (published WBF)."""
    match = match_imps([BoardRooms(b, o, c) for b, o, c, _ in EIGHT_BOARDS])
    assert [board.home for board in match.boards] == [i for *_, i in EIGHT_BOARDS]
    assert (match.home_imps, match.away_imps, match.played) == (30, 20, 8)
    assert match_vp(match.home_imps, match.away_imps, 8) == (13.78, 6.22)
    assert match_vp(match.away_imps, match.home_imps, 8) == (6.22, 13.78)


@pytest.mark.parametrize(
    ("marks", "columns"),
    [
        (("A+", "A-"), (3, 0)),  # the same 3 IMPs, counted once
        (("A+", "A"), (3, 0)),
        (("A", "A-"), (3, 0)),
        (("A+", "A+"), (3, 3)),
        (("A-", "A-"), (3, 3)),
        (("A-", "A+"), (0, 3)),
        (("A", "A"), (0, 0)),
    ],
)
def test_artificial_imps_go_to_the_match_columns(marks, columns):
    match = match_imps([BoardRooms(1, ArtificialTeamScore(*marks), None)])
    assert (match.home_imps, match.away_imps) == columns


@pytest.mark.parametrize(
    ("home_imps", "away_imps", "boards", "expected"),
    [
        (30, 20, 16, (12.80, 7.20)),
        (20, 30, 16, (7.20, 12.80)),
        (45, 40, 16, (11.48, 8.52)),
        (21, 20, 8, (10.44, 9.56)),
        (40, 40, 16, (10.0, 10.0)),
        (100, 0, 16, (20.0, 0.0)),  # beyond the 60-IMP blitz
    ],
)
def test_match_vp_uses_the_wbf_scale_for_the_scheduled_boards(
    home_imps, away_imps, boards, expected
):
    assert match_vp(home_imps, away_imps, boards) == expected


def test_match_vp_adds_the_carry_over_to_the_home_team():
    assert match_vp(30, 20, 8, carry_over=-10) == (10.0, 10.0)
    assert match_vp(20, 20, 16, carry_over=10) == (12.80, 7.20)
    assert match_vp(20, 20, 16, carry_over=-5) == (8.52, 11.48)


def test_match_vp_rejects_bad_input():
    with pytest.raises(ValueError, match=r"^home_imps:"):
        match_vp("30", 20, 16)
    with pytest.raises(ValueError, match=r"^carry_over:"):
        match_vp(30, 20, 16, carry_over=math.nan)
    with pytest.raises(ValueError, match=r"^boards must be"):
        match_vp(30, 20, 0)


@pytest.mark.parametrize(
    ("open_ns", "closed_ns", "expected"),
    [
        (420, 400, (1.0, 0.0)),
        (420, 410, (1.0, 0.0)),  # any difference wins the board
        (-100, -100, (0.5, 0.5)),
        (400, 420, (0.0, 1.0)),
        (ArtificialTeamScore("A+", "A-"), 420, (0.6, 0.4)),
        (ArtificialTeamScore("A+", "A+"), None, (0.6, 0.6)),
        (None, ArtificialTeamScore("A", "A-"), (0.4, 0.5)),
        (WeightedScore(((0.5, 420), (0.5, 450))), 450, (0.25, 0.75)),
    ],
)
def test_bam_points(open_ns, closed_ns, expected):
    assert bam_points(open_ns, closed_ns) == expected


def test_bam_points_need_both_rooms():
    with pytest.raises(ValueError, match=r"^closed_ns:"):
        bam_points(420, None)
    with pytest.raises(ValueError, match=r"^open_ns:"):
        bam_points(None, 420)


def test_bam_match_adds_up_the_boards():
    match = bam_match(
        [
            BoardRooms(1, 420, 400),
            BoardRooms(2, -100, -100),
            BoardRooms(3, ArtificialTeamScore("A", "A-"), None),
            BoardRooms(4, 170, None),
        ]
    )
    assert [(b.home, b.away, b.played) for b in match.boards] == [
        (1.0, 0.0, True),
        (0.5, 0.5, True),
        (0.5, 0.4, True),
        (0.0, 0.0, False),
    ]
    assert (match.home_points, match.away_points, match.played) == (2.0, 0.9, 3)


def test_team_scoring_names():
    assert [s.value for s in TeamScoring] == ["vp", "imp", "bam"]
    assert TeamScoring("imp") is TeamScoring.IMP


@pytest.mark.parametrize(
    ("make", "fragment"),
    [
        (lambda: ArtificialTeamScore("B", "A"), r"^ns: an artificial teams score"),
        (lambda: ArtificialTeamScore("A", 60), r"^ew: an artificial teams score"),
        (lambda: BoardRooms(0, 420, 420), r"^board: a board number is at least 1"),
        (lambda: BoardRooms(True, 420, 420), r"^board: expected a board number"),
        (lambda: BoardRooms(1, "420", 420), r"^open_ns: expected NS points"),
        (lambda: BoardRooms(1, 420, math.inf), r"^closed_ns: expected a finite"),
        (
            lambda: match_imps([BoardRooms(1, 420, 420), BoardRooms(1, 0, 0)]),
            r"^boards: board 1 is given twice",
        ),
        (lambda: match_imps([(1, 420, 420)]), r"^boards: expected BoardRooms"),
    ],
)
def test_it_rejects_bad_input_naming_the_argument(make, fragment):
    with pytest.raises(ValueError, match=fragment):
        make()
