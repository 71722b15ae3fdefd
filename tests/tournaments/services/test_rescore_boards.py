"""A write rescores only its board, and the outcome is the whole rescore's.

Random writes (new lines, corrections, artificial scores, deletions, a
penalty) go through the one write path; after each, the requested rescore
runs; the stored figures (every line, datum and pair score) must equal those
a whole-section rescore stores.  Then: a one-line rescore costs the same
queries at 3 and at 9 tables, reads only its board's lines, and the settings
that tie boards together rescore the section whole.

The random writes start, example after example, from the same first evening
of each method: it is played once for the module (``first_evenings``) and each
example writes in a savepoint that it rolls back.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.module_world import module_world
from tournaments.models import (
    Board,
    Event,
    PairScore,
    Penalty,
    Result,
    ScoringRequest,
    Section,
    SectionScoring,
)
from tournaments.rescore import rescore_requested, rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.penalties import penalty_give
from tournaments.services.rescoring import rescore
from tournaments.services.results import result_adjust, result_delete, result_submit

pytestmark = pytest.mark.django_db

CONTRACTS = [("4S", "N"), ("3NT", "S"), ("2H", "E"), ("1NT", "W"), ("6S", "N")]
METHODS = [Event.Method.MATCHPOINTS, "butler", "cross-imps"]


def mitchell(tables: int, method: str = Event.Method.MATCHPOINTS) -> Section:
    event = event_create(name=f"Pairs of {tables}", date=dt.date(2026, 11, 25))
    Event.objects.filter(pk=event.pk).update(method=method)
    return section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", tables, 2)
    )


def slots(section: Section) -> list[tuple[Board, object, object]]:
    """Every (board, NS pair, EW pair) the movement plays."""
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}
    return [
        (
            boards[number],
            pairs[movement.pair(seating.ns).label],
            pairs[movement.pair(seating.ew).label],
        )
        for seating in movement.seatings
        for number in seating.boards
    ]


SCORE_FIELDS = ["mp", "top", "pct", "imps", "penalty", "boards", "rank", "ranking"]


def figures(section: Section) -> dict[str, object]:
    """Every figure a rescore stores for the section."""
    lines = Result.objects.filter(board__section=section).order_by("pk")
    scores = PairScore.objects.filter(pair__section=section).order_by("pair_id")
    return {
        "lines": list(
            lines.values_list(
                "pk", "mp_ns", "mp_ew", "pct_ns", "pct_ew", "top", "imp_ns", "imp_ew"
            )
        ),
        "datums": list(section.boards.order_by("number").values_list("datum")),
        "scores": list(scores.values_list("pair_id", *SCORE_FIELDS)),
    }


def assert_same(after: dict, whole: dict) -> None:
    """Equal, floats to 1e-9 (the database may sum in another order)."""
    assert after.keys() == whole.keys()
    for key in after:
        assert len(after[key]) == len(whole[key]), key
        for row, expected in zip(after[key], whole[key], strict=True):
            assert row == pytest.approx(expected, abs=1e-9), (key, row, expected)


def play(section: Section, slot, pick: int, *, rescore_it: bool = False) -> Result:
    board, ns, ew = slot
    contract, declarer = CONTRACTS[pick % len(CONTRACTS)]
    existing = Result.objects.filter(board=board, ns_pair=ns).first()
    return result_submit(
        board=board, ns_pair=ns, ew_pair=ew, contract=contract, declarer=declarer,
        tricks=6 + pick % 8, result=existing, rescore=rescore_it,
    )  # fmt: skip


WRITES = st.lists(
    st.tuples(
        st.sampled_from(["play", "play", "play", "adjust", "delete"]),
        st.integers(min_value=0, max_value=10_000),
        st.integers(min_value=0, max_value=40),
    ),
    min_size=1,
    max_size=12,
)


def first_evening(method: str) -> Section:
    """A 4-table Mitchell with a first evening's lines (every third slot),
    scored whole: where each example of the board-by-board test starts."""
    section = mitchell(4, method)
    for slot in slots(section)[::3]:
        play(section, slot, slot[0].number + slot[1].number)
    rescore_section(section.pk)
    return section


@pytest.fixture(scope="module")
def first_evenings(django_db_setup, django_db_blocker) -> Iterator[dict[str, int]]:
    """Each method's :func:`first_evening` section (its pk), built once for
    the module rather than once an example: each example plays its writes
    in a savepoint rolled back at its end, so every one starts from it."""
    with module_world(
        django_db_blocker, lambda: {m: first_evening(m).pk for m in METHODS}
    ) as evenings:
        yield evenings


def write_and_compare(section: Section, writes: list[tuple[str, int, int]]) -> None:
    """Each write, then the requested rescore, whose stored figures must be
    those of a whole-section rescore."""
    places = slots(section)
    for what, where, pick in writes:
        slot = places[where % len(places)]
        board, ns, ew = slot
        stored = Result.objects.filter(board=board, ns_pair=ns).first()
        if what == "play":
            play(section, slot, pick, rescore_it=True)
        elif what == "adjust":
            result_adjust(
                board=board, ns_pair=ns, ew_pair=ew, ns="A+", ew="A-", result=stored
            )
        elif stored is not None:
            result_delete(stored)
        if not ScoringRequest.objects.filter(section=section).exists():
            continue  # the same line again: nothing changed, nothing asked
        outcome = rescore(section.pk, queued=True)
        assert not ScoringRequest.objects.filter(section=section).exists()
        assert outcome["fresh"] == 1
        after = figures(section)
        rescore_section(section.pk)
        assert_same(after, figures(section))


@pytest.mark.parametrize("method", METHODS)
@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(writes=WRITES)
def test_board_by_board_equals_the_whole_rescore(first_evenings, method, writes):
    with transaction.atomic():
        section = Section.objects.get(pk=first_evenings[method])
        write_and_compare(section, writes)
        transaction.set_rollback(True)


def test_a_penalty_and_a_played_line_agree_with_the_whole_rescore():
    section = mitchell(3)
    places = slots(section)
    for slot in places:
        play(section, slot, slot[0].number * 3 + slot[2].number)
    rescore_section(section.pk)
    first = places[0][0].number * 3 + places[0][2].number
    pair = section.pairs.order_by("pk").first()
    penalty_give(
        section, pair=pair, unit=Penalty.Unit.TOP_PCT, amount=25,
        reason="Slow play", user=None,
    )  # fmt: skip
    rescore(section.pk, queued=True)
    play(section, places[0], first + 1, rescore_it=True)
    outcome = rescore(section.pk, queued=True)
    assert outcome["boards"] == 1
    after = figures(section)
    assert PairScore.objects.get(pair=pair).penalty > 0
    rescore_section(section.pk)
    assert_same(after, figures(section))


def one_line_rescore(tables: int) -> tuple[dict, int]:
    """Play every line of a ``tables``-table Mitchell, score it, then change
    one line to a 70/30 award (so lines and pair scores change at any size):
    the rescore's outcome and its number of queries."""
    section = mitchell(tables)
    places = slots(section)
    for slot in places:
        play(section, slot, slot[0].number + 2 * slot[1].number)
    rescore_section(section.pk)
    board, ns, ew = places[0]
    result_adjust(
        board=board, ns_pair=ns, ew_pair=ew, ns="70", ew="30",
        result=Result.objects.get(board=board, ns_pair=ns),
    )  # fmt: skip
    with CaptureQueriesContext(connection) as queries:
        outcome = rescore(section.pk, queued=True)
    return outcome, len(queries)


def test_a_one_line_rescore_reads_its_board_and_costs_the_same_queries_at_any_size():
    small, small_queries = one_line_rescore(3)
    big, big_queries = one_line_rescore(9)
    # Board 1 is played at every table once: 3 lines, then 9.
    assert (small["boards"], small["lines"]) == (1, 3)
    assert (big["boards"], big["lines"]) == (1, 9)
    assert big["pairs"] == 18
    assert big["written"] == 9
    assert big_queries == small_queries


def test_a_queued_run_with_no_request_left_does_nothing():
    section = mitchell(3)
    places = slots(section)
    play(section, places[0], 1, rescore_it=True)
    rescore(section.pk, queued=True)
    scored = Section.objects.get(pk=section.pk).scored
    with CaptureQueriesContext(connection) as queries:
        outcome = rescore(section.pk, queued=True)
    assert outcome == {"section": section.pk, "lines": 0, "pairs": 0, "fresh": 1}
    assert Section.objects.get(pk=section.pk).scored == scored
    assert len(queries) <= 10  # no line read, nothing written but flags


def test_a_whole_section_request_rescores_every_board():
    section = mitchell(3)
    for slot in slots(section):
        play(section, slot, slot[0].number)
    Event.objects.filter(pk=section.session.event_id).update(scale=1)
    from tournaments.services.rescoring import section_changed

    section_changed(section.pk)  # a settings change
    play(section, slots(section)[0], 2, rescore_it=True)
    outcome = rescore(section.pk, queued=True)
    assert "boards" not in outcome
    assert outcome["lines"] == Result.objects.filter(board__section=section).count()
    # Scale 1: a top of 2 on a board played 3 times.
    assert set(
        Result.objects.filter(board__section=section).values_list("top", flat=True)
    ) == {2.0}


@pytest.mark.parametrize(
    ("setting", "value"),
    [("average_rule", "session"), ("imp_round_cap", 10)],
)
def test_settings_that_tie_boards_together_rescore_the_section_whole(setting, value):
    method = "butler" if setting == "imp_round_cap" else Event.Method.MATCHPOINTS
    section = mitchell(3, method)
    places = slots(section)
    for slot in places:
        play(section, slot, slot[0].number + slot[2].number)
    Event.objects.filter(pk=section.session.event_id).update(**{setting: value})
    rescore_section(section.pk)
    board, ns, ew = places[-1]
    result_adjust(
        board=board, ns_pair=ns, ew_pair=ew, ns="A+", ew="A-",
        result=Result.objects.get(board=board, ns_pair=ns),
    )  # fmt: skip
    outcome = rescore(section.pk, queued=True)
    assert "boards" not in outcome
    assert outcome["lines"] == len(places)
    after = figures(section)
    rescore_section(section.pk)
    assert_same(after, figures(section))


def test_a_write_during_a_run_keeps_the_section_stale_for_the_next():
    section = mitchell(3)
    places = slots(section)
    play(section, places[0], 1, rescore_it=True)
    rescore(section.pk, queued=True)
    play(section, places[1], 2, rescore_it=True)
    from tournaments import rescore as rescore_package

    real = rescore_package.rescore_requested

    def run_with_a_write_landing(section_id, *, queued=False):
        outcome = real(section_id, queued=queued)
        play(section, places[2], 3, rescore_it=True)  # commits during the run
        return outcome

    rescore_package.rescore_requested = run_with_a_write_landing
    try:
        outcome = rescore(section.pk, queued=True)
    finally:
        rescore_package.rescore_requested = real
    assert outcome["fresh"] == 0
    assert SectionScoring.objects.get(section=section).stale_since is not None
    assert ScoringRequest.objects.filter(section=section).count() == 1
    assert rescore(section.pk, queued=True)["fresh"] == 1
    assert rescore_requested(section.pk, queued=True)["lines"] == 0
