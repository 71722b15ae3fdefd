"""The columnar scorer gives score_session's figures to the last bit.

``scoring.columns.score_columns`` takes the session as arrays and scores the
plain boards with numpy; these tests compare every line's figures and every
pair's standing with :func:`scoring.session.score_session` on the same
field, both on its per-board path and on its numpy path for big plain
fields (``PLAIN_FIELD_LINES``).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring.session as session
from scoring.board import ArtificialScore, BoardSettings, WeightedScore
from scoring.columns import ColumnScore, score_columns
from scoring.penalties import Penalty, penalise_standings, section_top
from scoring.session import AverageRule, SessionSettings, TravellerLine, score_session

MARKS = st.sampled_from(["A+", "A", "A-", 0, 25.5, 60, 100])
ARTIFICIAL = st.builds(
    ArtificialScore, MARKS, MARKS, st.sampled_from([None, None, "NS", "EW"])
)
# Weights whose float sums depend on the order they are added in, so that
# the columnar scorer must add them up in score_board's order.
WEIGHT_SETS = [
    (1.0,),
    (0.7, 0.3),
    (0.1, 0.9),
    (0.1, 0.2, 0.7),
    (1 / 3, 1 / 3, 1 / 3),
    (0.6, 0.3, 0.1),
]
WEIGHTED = st.tuples(
    st.sampled_from(WEIGHT_SETS),
    st.lists(
        st.integers(min_value=-4, max_value=6).map(lambda k: 10 * k),
        min_size=3,
        max_size=3,
    ),
).map(lambda drawn: WeightedScore(tuple(zip(*drawn, strict=False))))
PLAIN = st.integers(min_value=-4, max_value=6).map(lambda k: 10 * k)
LINE = st.tuples(
    st.integers(min_value=1, max_value=5),  # board
    st.integers(min_value=1, max_value=9),  # NS pair
    st.integers(min_value=1, max_value=9),  # EW pair
    st.one_of(PLAIN, PLAIN, PLAIN, WEIGHTED, WEIGHTED, ARTIFICIAL),
)
GROUPS = st.dictionaries(
    st.integers(min_value=1, max_value=9), st.sampled_from(["NS", "EW", None])
)
EXPECTED = st.one_of(
    st.none(),
    st.integers(min_value=0, max_value=12),
    st.dictionaries(
        st.integers(min_value=1, max_value=6), st.integers(min_value=0, max_value=12)
    ),
)
SETTINGS = st.builds(
    SessionSettings,
    board=st.builds(
        BoardSettings,
        top_per_beat=st.sampled_from([1, 2]),
        neuberg=st.booleans(),
        mp_decimals=st.sampled_from([None, None, 0, 2]),
    ),
    average_rule=st.sampled_from(list(AverageRule)),
)


def columns_of(lines: list[TravellerLine]):
    """The lines as score_columns takes them: arrays and the special lines."""
    special = {
        i: line.result
        for i, line in enumerate(lines)
        if isinstance(line.result, WeightedScore | ArtificialScore)
    }
    scores = np.asarray(
        [np.nan if i in special else line.result for i, line in enumerate(lines)],
        dtype=np.float64,
    )
    return (
        np.asarray([line.board for line in lines], dtype=np.int64),
        np.asarray([line.ns for line in lines], dtype=np.int64),
        np.asarray([line.ew for line in lines], dtype=np.int64),
        scores,
        special,
    )


def assert_same(lines, columns: ColumnScore, expected_session) -> None:
    """Every line's figures and every standing equal, float for float."""
    got = list(
        zip(
            columns.ns_mp.tolist(),
            columns.ew_mp.tolist(),
            columns.ns_pct.tolist(),
            columns.ew_pct.tolist(),
            columns.top.tolist(),
            columns.artificial.tolist(),
            strict=True,
        )
    )
    want = [
        (s.ns_mp, s.ew_mp, s.ns_pct, s.ew_pct, s.top, s.artificial)
        for s in expected_session.lines
    ]
    assert got == want
    if columns.pairs is None:
        assert expected_session.rankings == {}
    else:
        assert columns.pairs.rankings() == expected_session.rankings


def both_paths(lines, **options):
    """score_session board by board, and with its numpy path allowed from
    the first line (it takes it only for an all-plain field)."""
    kept = session.PLAIN_FIELD_LINES
    try:
        session.PLAIN_FIELD_LINES = 10**9
        slow = score_session(lines, **options)
        session.PLAIN_FIELD_LINES = 0
        fast = score_session(lines, **options)
    finally:
        session.PLAIN_FIELD_LINES = kept
    return slow, fast


@settings(max_examples=400, deadline=None)
@given(
    field=st.lists(LINE, min_size=0, max_size=40),
    chosen=SETTINGS,
    groups=GROUPS,
    expected=EXPECTED,
    ranked=st.booleans(),
)
def test_columns_equal_score_session_on_random_fields(
    field, chosen, groups, expected, ranked
):
    lines = [TravellerLine(b, ns, ew, result) for b, ns, ew, result in field]
    options = {
        "settings": chosen,
        "groups": groups,
        "expected": expected,
        "ranked": ranked,
    }
    slow, fast = both_paths(lines, **options)
    boards, ns, ew, scores, special = columns_of(lines)
    columns = score_columns(boards, ns, ew, scores, special=special, **options)
    assert_same(lines, columns, slow)
    assert_same(lines, columns, fast)


@settings(max_examples=200, deadline=None)
@given(
    field=st.lists(
        st.tuples(
            st.integers(min_value=1, max_value=4),
            st.integers(min_value=1, max_value=30),
            st.integers(min_value=31, max_value=60),
            PLAIN,
        ),
        min_size=1,
        max_size=60,
    ),
    top_per_beat=st.sampled_from([1, 2]),
    neuberg=st.booleans(),
    extra=st.integers(min_value=0, max_value=4),
)
def test_plain_fields_equal_both_score_session_paths(
    field, top_per_beat, neuberg, extra
):
    lines = [TravellerLine(b, ns, ew, score) for b, ns, ew, score in field]
    most = max(sum(1 for line in lines if line.board == b) for b, *_ in field)
    options = {
        "settings": SessionSettings(
            board=BoardSettings(top_per_beat=top_per_beat, neuberg=neuberg)
        ),
        "groups": {pair: "NS" if pair <= 30 else "EW" for pair in range(1, 61)},
        "expected": most + extra,
    }
    slow, fast = both_paths(lines, **options)
    boards, ns, ew, scores, _ = columns_of(lines)
    columns = score_columns(boards, ns, ew, scores.astype(np.int64), **options)
    assert_same(lines, columns, slow)
    assert_same(lines, columns, fast)


def random_field(seed: int, *, boards: int, tables: int, specials: int):
    """A Mitchell-like field of ``boards`` x up to ``tables`` lines (some
    boards played less), with ``specials`` adjusted or absent lines."""
    rng = np.random.default_rng(seed)
    lines = []
    for board in range(1, boards + 1):
        played = tables - int(rng.integers(0, 3))
        scores = rng.choice([-620, -100, 110, 140, 420, 450, 480], played)
        for table, score in enumerate(scores.tolist(), start=1):
            lines.append(TravellerLine(board, table, 100 + table, score))
    for index in rng.choice(len(lines), specials, replace=False).tolist():
        kind = index % 3
        line = lines[index]
        result = (
            ArtificialScore("A+", "A-")
            if kind == 0
            else ArtificialScore(60, 0, absent="EW")
            if kind == 1
            else WeightedScore(((0.6, 420.0), (0.4, -100.0)))
        )
        lines[index] = TravellerLine(line.board, line.ns, line.ew, result)
    return lines


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("specials", [0, 5])
@pytest.mark.parametrize("rule", list(AverageRule))
def test_big_fields_with_a_few_adjusted_lines(seed, specials, rule):
    lines = random_field(seed, boards=12, tables=40, specials=specials)
    options = {
        "settings": SessionSettings(average_rule=rule),
        "groups": {pair: "NS" if pair < 100 else "EW" for pair in range(1, 200)},
        "expected": 41 if seed % 2 else None,
    }
    slow, fast = both_paths(lines, **options)
    boards, ns, ew, scores, special = columns_of(lines)
    columns = score_columns(boards, ns, ew, scores, special=special, **options)
    assert_same(lines, columns, slow)
    assert_same(lines, columns, fast)


def test_penalties_apply_to_the_columnar_rankings_alike():
    lines = random_field(7, boards=6, tables=12, specials=2)
    groups = {pair: "NS" if pair < 100 else "EW" for pair in range(1, 200)}
    slow = score_session(lines, groups=groups)
    boards, ns, ew, scores, special = columns_of(lines)
    columns = score_columns(boards, ns, ew, scores, special=special, groups=groups)
    fines = [Penalty(3, "mp", 2.0), Penalty(104, "top_pct", 25.0)]
    board_top = section_top(columns.top.tolist())
    assert board_top == section_top(line.top for line in slow.lines)
    assert penalise_standings(
        columns.pairs.rankings(), fines, board_top
    ) == penalise_standings(slow.rankings, fines, board_top)


def test_an_empty_session():
    empty = np.zeros(0, dtype=np.int64)
    columns = score_columns(empty, empty, empty, empty)
    assert columns.ns_mp.tolist() == []
    assert columns.pairs.rankings() == score_session([]).rankings == {}


def test_special_keys_must_be_lines():
    one = np.ones(1, dtype=np.int64)
    with pytest.raises(ValueError, match="index of a line"):
        score_columns(one, one, one, one, special={1: ArtificialScore("A", "A")})


@pytest.mark.parametrize("expected", [None, 3, 6, {1: 5}])
def test_awards_against_an_absent_pair_are_not_plays(expected):
    lines = [
        TravellerLine(1, 1, 11, 420),
        TravellerLine(1, 2, 12, 450),
        TravellerLine(1, 3, 13, ArtificialScore(60, 0, absent="EW")),
        TravellerLine(1, 4, 14, ArtificialScore("A+", "A-")),
        TravellerLine(1, 5, 15, 420),
        TravellerLine(2, 1, 12, -100),
        TravellerLine(2, 2, 13, 110),
        TravellerLine(2, 3, 14, 110),
    ]
    slow, fast = both_paths(lines, expected=expected)
    boards, ns, ew, scores, special = columns_of(lines)
    columns = score_columns(boards, ns, ew, scores, special=special, expected=expected)
    assert_same(lines, columns, slow)
    assert_same(lines, columns, fast)


def test_special_lines_are_weighted_or_artificial():
    one = np.ones(1, dtype=np.int64)
    with pytest.raises(TypeError, match="weighted or artificial"):
        score_columns(one, one, one, one, special={0: 420})


# Boards played unevenly (Neuberg factors of thirds, sevenths...), so that
# the printed matchpoints meet halves and nine-decimal ties.
UNEVEN_LINE = st.tuples(
    st.integers(min_value=1, max_value=3),  # board
    st.integers(min_value=1, max_value=12),  # NS pair
    st.integers(min_value=13, max_value=24),  # EW pair
    st.one_of(PLAIN, PLAIN, PLAIN, PLAIN, WEIGHTED, ARTIFICIAL),
)


@settings(max_examples=300, deadline=None)
@given(
    field=st.lists(UNEVEN_LINE, min_size=1, max_size=40),
    decimals=st.integers(min_value=0, max_value=6),
    top_per_beat=st.sampled_from([1, 2]),
    neuberg=st.booleans(),
    expected=st.integers(min_value=0, max_value=21),
    rule=st.sampled_from(list(AverageRule)),
)
def test_printed_matchpoints_by_columns_equal_score_session(
    field, decimals, top_per_beat, neuberg, expected, rule
):
    """``mp_decimals`` from 0 to 6 on the numpy path: every board's figures
    and every standing as ``score_session`` (board by board) gives them."""
    lines = [TravellerLine(*line) for line in field]
    chosen = SessionSettings(
        board=BoardSettings(
            top_per_beat=top_per_beat, neuberg=neuberg, mp_decimals=decimals
        ),
        average_rule=rule,
    )
    groups = {pair: "NS" if pair <= 12 else "EW" for pair in range(1, 25)}
    options = {"settings": chosen, "groups": groups, "expected": expected}
    slow, _fast = both_paths(lines, **options)
    *arrays, special = columns_of(lines)
    assert_same(lines, score_columns(*arrays, special=special, **options), slow)


@pytest.mark.parametrize(
    "ids",
    [(9, 10, 11), (99, 100, 7), (1000, 2000, 3000), (5, 6, 7), (-1, 1, 10)],
)
def test_ties_break_by_the_pair_id_as_text_whatever_its_digits(ids):
    """Three pairs tied on every board: ranked by ``str(pair)``, as
    ``score_session`` ranks them ("10" before "9"), whether the ids have one
    number of digits or several."""
    first, second, third = ids
    lines = [
        TravellerLine(1, first, second, 100),
        TravellerLine(1, second, third, 100),
        TravellerLine(1, third, first, 100),
    ]
    *arrays, _special = columns_of(lines)
    assert_same(lines, score_columns(*arrays), score_session(lines))
