"""A whole session: lines matchpointed, pairs totalled and ranked by group."""

from __future__ import annotations

from collections import defaultdict

import pytest

from scoring.board import ArtificialScore, BoardSettings
from scoring.session import (
    AverageRule,
    SessionSettings,
    TravellerLine,
    score_session,
)

MITCHELL = [
    TravellerLine(1, "1NS", "1EW", 420),
    TravellerLine(1, "2NS", "2EW", 450),
    TravellerLine(1, "3NS", "3EW", 170),
    TravellerLine(2, "1NS", "2EW", -100),
    TravellerLine(2, "2NS", "3EW", -100),
    TravellerLine(2, "3NS", "1EW", 110),
]
DIRECTIONS = {f"{n}{d}": d for n in (1, 2, 3) for d in ("NS", "EW")}


def test_it_ranks_ns_and_ew_apart_in_a_mitchell():
    session = score_session(MITCHELL, groups=DIRECTIONS)
    assert [line.ns_mp for line in session.lines] == [2, 4, 0, 1, 1, 4]
    assert [line.ew_mp for line in session.lines] == [2, 0, 4, 3, 3, 0]
    ns = session.rankings["NS"]
    assert [(e.rank, e.pair, e.mp, e.pct) for e in ns] == [
        ("1", "2NS", 5, 62.5),
        ("2", "3NS", 4, 50),
        ("3", "1NS", 3, 37.5),
    ]
    ew = session.rankings["EW"]
    assert [(e.rank, e.pair, e.mp) for e in ew] == [
        ("1", "3EW", 7),
        ("2", "2EW", 3),
        ("3", "1EW", 2),
    ]
    assert list(session.rankings) == ["NS", "EW"]
    assert all(e.boards == 2 and e.top == 8 for e in ns + ew)


def test_it_ranks_everybody_together_without_groups():
    session = score_session(MITCHELL)
    assert list(session.rankings) == [None]
    ranking = session.rankings[None]
    assert [(e.rank, e.pair) for e in ranking][:2] == [("1", "3EW"), ("2", "2NS")]
    assert len(ranking) == 6


def test_equal_percentages_share_a_place():
    lines = [TravellerLine(1, "A", "B", 100), TravellerLine(1, "C", "D", 100)]
    ranking = score_session(lines).rankings[None]
    assert [e.rank for e in ranking] == ["1=", "1=", "1=", "1="]


def test_a_pair_with_an_artificial_score_counts_it_at_its_percentage():
    lines = [*MITCHELL, TravellerLine(3, "1NS", "1EW", ArtificialScore("A+", "A-"))]
    session = score_session(lines, groups=DIRECTIONS)
    one_ns = session.standing("1NS")
    # 3 MP of 8, plus 60 % of board 3's top: the section's boards are played
    # three times, so that top is 4 even with no real result: 5.4 of 12.
    assert one_ns.boards == 3
    assert one_ns.top == 12
    assert one_ns.mp == pytest.approx(5.4)
    assert one_ns.pct == pytest.approx(45)


def test_the_session_rule_lifts_average_plus_to_the_pairs_average():
    # 2NS averages 62.5 % on its real boards: its A+ is worth 62.5 %, not 60 %.
    # 1EW averages 25 %: its A- is worth 25 %, not 40 %.
    lines = [*MITCHELL, TravellerLine(3, "2NS", "1EW", ArtificialScore("A+", "A-"))]
    settings = SessionSettings(average_rule=AverageRule.SESSION)
    session = score_session(lines, groups=DIRECTIONS, settings=settings)
    artificial = session.lines[-1]
    assert (artificial.ns_pct, artificial.ew_pct) == (62.5, 25)
    flat = score_session(lines, groups=DIRECTIONS).lines[-1]
    assert (flat.ns_pct, flat.ew_pct) == (60, 40)


def test_the_session_rule_keeps_the_flat_figure_when_it_is_better():
    # 1NS averages 37.5 %: A+ stays 60 %; 3EW averages 87.5 %: A- stays 40 %.
    lines = [*MITCHELL, TravellerLine(3, "1NS", "3EW", ArtificialScore("A+", "A-"))]
    settings = SessionSettings(average_rule=AverageRule.SESSION)
    artificial = score_session(lines, settings=settings).lines[-1]
    assert (artificial.ns_pct, artificial.ew_pct) == (60, 40)


def test_the_acbl_scale_gives_the_same_percentages():
    acbl = SessionSettings(board=BoardSettings(top_per_beat=1))
    session = score_session(MITCHELL, groups=DIRECTIONS, settings=acbl)
    assert [e.mp for e in session.rankings["NS"]] == [2.5, 2, 1.5]
    assert [e.pct for e in session.rankings["NS"]] == [62.5, 50, 37.5]


def _compscore_session(usebio_boards, name: str):
    boards = usebio_boards(name)
    lines = [
        TravellerLine(
            board.number,
            line.ns_pair,
            line.ew_pair,
            ArtificialScore(*line.artificial) if line.artificial else line.score,
        )
        for board in boards
        for line in board.lines
    ]
    groups = defaultdict(lambda: None)
    for line in lines:
        if str(line.ns).endswith("NS"):
            groups[line.ns], groups[line.ew] = "NS", "EW"
    return score_session(lines, groups=dict(groups))


@pytest.mark.parametrize(
    "name",
    [
        "mp_pairs_mitchell.xml",  # 19 tables, board 9 played 18 times (Neuberg)
        "mp_pairs_howell.xml",  # 6 tables, an A5050, a board played 5 times
        "mp_pairs_mitchell_03.xml",  # a sit-out: % over the boards played
    ],
)
def test_it_reproduces_compscore_pair_percentages_and_places(
    usebio_boards, usebio_pairs, name
):
    """Compscore3 USEBIO exports (abftech/cobalt test files): every pair's
    published PERCENTAGE (2 decimals) and PLACE."""
    session = _compscore_session(usebio_boards, name)
    published = usebio_pairs(name)
    assert len(published) >= 12
    for pair in published:
        standing = session.standing(pair.pair)
        assert f"{standing.pct:.2f}" == pair.percentage, pair
        assert standing.rank.rstrip("=") == pair.place.rstrip("="), pair


def test_ranking_keeps_every_field_of_a_standing_and_sets_pct_and_place():
    """``rank_standings`` builds each ranked standing field by field (for
    speed): every field a standing has must come through unchanged except
    the percentage (MP over top) and the place."""
    from dataclasses import fields, replace

    from scoring.session import PairStanding, rank_standings

    given = [
        PairStanding(pair=7, group="NS", mp=30.0, top=48.0, pct=0.0, boards=4,
                     rank="", penalty=1.5),
        PairStanding(pair=3, group="NS", mp=36.0, top=48.0, pct=0.0, boards=4),
    ]  # fmt: skip
    ranked = rank_standings(given)["NS"]
    assert ranked == [
        replace(given[1], pct=75.0, rank="1"),
        replace(given[0], pct=62.5, rank="2"),
    ]
    assert {f.name for f in fields(PairStanding)} == {
        "pair", "group", "mp", "top", "pct", "boards", "rank", "penalty",
    }  # fmt: skip


def test_a_session_scored_unranked_gives_the_same_lines_and_no_ranking():
    ranked = score_session(MITCHELL, groups=DIRECTIONS)
    unranked = score_session(MITCHELL, groups=DIRECTIONS, ranked=False)
    assert unranked.lines == ranked.lines
    assert [line.ns_mp for line in unranked.lines] == [2, 4, 0, 1, 1, 4]
    assert unranked.rankings == {}
    assert set(ranked.rankings) == {"NS", "EW"}
