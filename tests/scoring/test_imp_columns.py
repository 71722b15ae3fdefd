"""The columnar IMP scorer gives the line by line scorer's figures to the last bit.

``score_imp_session`` now reads its lines into columns and scores them with
``scoring.imp_columns``; ``scoring.imp_reference`` keeps the scorer it
replaced.  On random fields (ties, weighted and artificial scores, scores
that are not whole points, pairs meeting more than once, both methods, every
trimming and rounding, caps, totals and averages, groups) both must return
equal lines, datums and rankings, and ``score_imp_columns`` the same figures
from arrays.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import imp_field
from scoring.board import ArtificialScore, WeightedScore
from scoring.imp_columns import score_imp_columns, text_order
from scoring.imp_reference import score_imp_session_by_lines
from scoring.imp_session import ImpMethod, ImpSettings, imp_rankings, score_imp_session
from scoring.imps import DatumRounding
from scoring.session import TravellerLine

# Scores close together and far apart, so that ties and every band occur.
POOL = [-1430, -800, -620, -100, -50, 0, 50, 110, 140, 420, 430, 450, 620, 1430]

# Whole points, as at the table: numpy scores these boards all at once.
whole = st.one_of(st.sampled_from(POOL), st.integers(-40, 40).map(lambda k: k * 10))
# A score that is not whole points sends its board to the per-board scorer.
fractional = st.sampled_from([425.5, -17.25, 0.1])
weighted = st.sampled_from(
    [
        WeightedScore(((0.5, 420), (0.5, 450))),
        WeightedScore(((0.7, 420), (0.3, 450))),
        WeightedScore(((1 / 3, -100), (2 / 3, 140))),
        WeightedScore(((0.1, 620), (0.2, 650), (0.7, -100))),
    ]
)
artificial = st.sampled_from(
    [
        ArtificialScore("A+", "A-"),
        ArtificialScore("A", "A"),
        ArtificialScore("A-", "A+"),
        ArtificialScore(60, 40),
        ArtificialScore(55.5, 0, absent="EW"),
    ]
)
result = st.one_of(whole, whole, whole, whole, whole, fractional, weighted, artificial)
PAIR_IDS = st.integers(1, 9)

imp_settings = st.builds(
    ImpSettings,
    method=st.sampled_from(list(ImpMethod)),
    drop=st.integers(0, 2),
    drop_fraction=st.sampled_from([None, None, 0.05, 0.29]),
    rounding=st.sampled_from(list(DatumRounding)),
    cross_imps_total=st.booleans(),
    average_plus=st.sampled_from([3.0, 2.0, 1.2]),
    keep_middle=st.sampled_from([None, None, 1, 3]),
    cross_imps_cap=st.sampled_from([None, None, 1, 17]),
    round_cap=st.sampled_from([None, None, 0.5, 5.0, 7.3]),
)


@st.composite
def fields(draw, pairs=PAIR_IDS, results=result):
    """Random lines: up to 4 boards, pairs that may meet more than once."""
    count = draw(st.integers(0, 40))
    return [
        TravellerLine(draw(st.integers(1, 4)), draw(pairs), draw(pairs), draw(results))
        for _ in range(count)
    ]


def groups_for(lines, names):
    pairs = sorted({side for line in lines for side in (line.ns, line.ew)}, key=str)
    return {pair: names[i % len(names)] for i, pair in enumerate(pairs)}


def assert_same(new, old):
    assert new.lines == old.lines
    assert list(new.datums.items()) == list(old.datums.items())
    assert list(new.rankings) == list(old.rankings)
    assert new.rankings == old.rankings


@settings(max_examples=400, deadline=None)
@given(
    fields(pairs=st.one_of(PAIR_IDS, st.sampled_from(["1NS", "2EW", "10"]))),
    imp_settings,
    st.sampled_from(
        [None, ("NS", "EW"), ("NS", "EW", None), ("X", "NS", "Y"), (None,)]
    ),
)
def test_the_session_scorer_equals_the_line_by_line_one(lines, options, names):
    groups = None if names is None else groups_for(lines, names)
    assert_same(
        score_imp_session(lines, settings=options, groups=groups),
        score_imp_session_by_lines(lines, settings=options, groups=groups),
    )


@settings(max_examples=300, deadline=None)
@given(fields(), imp_settings, st.booleans())
def test_the_columns_equal_the_line_by_line_scorer(lines, options, grouped):
    groups = groups_for(lines, ("NS", "EW")) if grouped else None
    old = score_imp_session_by_lines(lines, settings=options, groups=groups)
    special = {
        i: line.result
        for i, line in enumerate(lines)
        if isinstance(line.result, WeightedScore | ArtificialScore)
    }
    columns = score_imp_columns(
        np.asarray([line.board for line in lines], dtype=np.int64),
        np.asarray([line.ns for line in lines], dtype=np.int64),
        np.asarray([line.ew for line in lines], dtype=np.int64),
        np.asarray(
            [0.0 if i in special else line.result for i, line in enumerate(lines)]
        ),
        special=special,
        settings=options,
        groups=groups,
    )
    assert columns.lines.ns_imps.tolist() == [s.ns_imps for s in old.lines]
    assert columns.lines.ew_imps.tolist() == [s.ew_imps for s in old.lines]
    assert columns.lines.artificial.tolist() == [s.artificial for s in old.lines]
    assert list(columns.lines.datums.items()) == list(old.datums.items())
    assert imp_rankings(columns.pairs) == old.rankings
    assert list(imp_rankings(columns.pairs)) == list(old.rankings)


@settings(max_examples=300, deadline=None)
@given(fields(results=st.one_of(whole, whole, whole, artificial)), imp_settings)
def test_fields_of_whole_points_all_go_through_numpy_to_the_same_figures(
    lines, options
):
    assert_same(
        score_imp_session(lines, settings=options),
        score_imp_session_by_lines(lines, settings=options),
    )


def test_a_datum_that_cuts_through_a_tie():
    # Dropping one of four equal scores at each end keeps part of that score.
    lines = [TravellerLine(1, n, 10 + n, 420) for n in range(4)]
    lines += [
        TravellerLine(2, n, 10 + n, score)
        for n, score in enumerate([-50, -50, -50, 100, 100])
    ]
    assert score_imp_session(lines).datums == {1: 420.0, 2: 0.0}
    assert_same(score_imp_session(lines), score_imp_session_by_lines(lines))


@settings(max_examples=200, deadline=None)
@given(fields(), imp_settings)
def test_a_field_too_wide_for_cells_is_sorted_to_the_same_figures(lines, options):
    # Past imp_field's cell budget the boards are sorted instead of counted.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(imp_field, "_CELLS", -(2**40))
        new = score_imp_session(lines, settings=options)
    assert_same(new, score_imp_session_by_lines(lines, settings=options))


@pytest.mark.parametrize("method", list(ImpMethod))
@pytest.mark.parametrize("average", [True, False])
def test_a_big_board_with_ties_and_adjusted_lines(method, average):
    rng = np.random.default_rng(34)
    scores = rng.choice(POOL, 600).tolist()
    lines = [
        TravellerLine(1 + i % 3, f"{i}NS", f"{(i * 7) % 600}EW", score)
        for i, score in enumerate(scores)
    ]
    lines[5] = TravellerLine(1, "5NS", "35EW", ArtificialScore("A+", "A-"))
    lines[9] = TravellerLine(2, "9NS", "63EW", WeightedScore(((0.7, 420), (0.3, 450))))
    options = ImpSettings(method=method, cross_imps_total=not average, round_cap=9.0)
    assert_same(
        score_imp_session(lines, settings=options),
        score_imp_session_by_lines(lines, settings=options),
    )


def test_the_columns_name_their_pairs_by_id():
    columns = score_imp_columns(
        np.array([1, 1, 1]),
        np.array([11, 12, 13]),
        np.array([21, 22, 23]),
        np.array([620, 420, 420]),
        settings=ImpSettings(method=ImpMethod.CROSS_IMPS, cross_imps_total=True),
    )
    assert columns.lines.ns_imps.tolist() == [10.0, -5.0, -5.0]
    assert columns.pairs.pair.tolist() == [11, 22, 23, 12, 13, 21]
    assert columns.pairs.rank == ["1", "2=", "2=", "4=", "4=", "6"]
    assert columns.lines.datums == {}


def test_unranked_columns_have_no_pairs():
    columns = score_imp_columns(
        np.array([1, 1]), np.array([1, 2]), np.array([3, 4]), np.array([0, 50]),
        ranked=False,
    )  # fmt: skip
    assert columns.pairs is None
    assert columns.lines.datums == {1: 30.0}


@pytest.mark.parametrize(
    ("scores", "special", "error"),
    [
        ([420.0, float("nan")], None, ValueError),
        ([420, 450], {5: ArtificialScore("A", "A")}, ValueError),
        ([420, 450], {0: 420}, TypeError),
    ],
)
def test_bad_columns_are_refused(scores, special, error):
    with pytest.raises(error):
        score_imp_columns(
            np.array([1, 1]), np.array([1, 2]), np.array([3, 4]), np.array(scores),
            special=special,
        )  # fmt: skip


def test_a_bad_score_is_refused_as_the_line_scorer_refuses_it():
    for bad in (float("inf"), True, "420"):
        lines = [TravellerLine(1, 1, 2, 420), TravellerLine(1, 3, 4, bad)]
        with pytest.raises(ValueError) as new:
            score_imp_session(lines)
        with pytest.raises(ValueError) as old:
            score_imp_session_by_lines(lines)
        assert str(new.value) == str(old.value)


@given(st.sets(st.integers(0, 10**17 - 1), max_size=30))
def test_int_ids_are_ordered_as_their_text(ids):
    ids = np.asarray(sorted(ids, key=hash), dtype=np.int64)
    by_text = sorted(range(len(ids)), key=lambda i: str(ids[i]))
    assert np.argsort(text_order(ids)).tolist() == by_text


def test_equal_texts_keep_their_order():
    assert text_order(["1NS", "10", 1, "1"]).tolist() == [3, 2, 0, 1]
