"""Rankings: equal totals share a place and the next place is skipped."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scoring.ranking import places, rank


def test_it_ranks_distinct_totals_best_first():
    assert places([48.2, 61.5, 55.0]) == [3, 1, 2]
    assert rank([48.2, 61.5, 55.0]) == ["3", "1", "2"]


def test_equal_totals_share_a_place_and_skip_the_next():
    assert places([60, 55, 55, 50]) == [1, 2, 2, 4]
    assert rank([60, 55, 55, 50]) == ["1", "2=", "2=", "4"]


def test_it_ranks_lowest_first_when_asked():
    assert rank([3, 1, 2, 2], higher_is_better=False) == ["4", "1", "2=", "2="]


def test_float_noise_does_not_split_a_tie():
    # 0.1 + 0.2 is 0.30000000000000004: the same published total as 0.3.
    assert rank([0.1 + 0.2, 0.3, 0.1]) == ["1=", "1=", "3"]


def test_a_three_way_tie_for_first():
    assert rank([5, 5, 5]) == ["1=", "1=", "1="]


def test_an_empty_field_has_no_places():
    assert places([]) == []


@given(st.lists(st.integers(0, 20)))
def test_each_place_is_one_more_than_the_count_of_better_totals(totals):
    for total, place in zip(totals, places(totals), strict=True):
        assert place == 1 + sum(other > total for other in totals)
