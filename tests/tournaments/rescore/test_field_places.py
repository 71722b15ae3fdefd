"""``field_places.places`` prints the places ``scoring.ranking.rank`` prints,
in each subset of a field: ties (exact, and equal once rounded to
``DEFAULT_NDIGITS``), halfway values, negative totals, one subset or many."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.ranking import rank
from tournaments.rescore.field_places import places

TOTALS = st.one_of(
    st.sampled_from([0.0, -0.0, 50.0, 12.5, 12.5000004, 12.4999996, 1e-7, -3.0]),
    st.integers(min_value=-40, max_value=40).map(lambda n: n / 8),
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
    st.integers(min_value=0, max_value=10**7).map(lambda n: n / 10**7 + 0.0000005),
)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(TOTALS, st.integers(min_value=0, max_value=3)), max_size=40))
def test_places_are_ranks_within_each_subset(entries):
    totals = [total for total, _ in entries]
    subsets = np.array([subset for _, subset in entries], dtype=np.int64)
    printed = places(totals, subsets)
    expected: list[str] = [""] * len(entries)
    for subset in set(subsets.tolist()):
        members = [i for i, (_, s) in enumerate(entries) if s == subset]
        for i, place in zip(members, rank([totals[i] for i in members]), strict=True):
            expected[i] = place
    assert printed == expected


def test_places_of_no_total():
    assert places([], np.array([], dtype=np.int64)) == []
