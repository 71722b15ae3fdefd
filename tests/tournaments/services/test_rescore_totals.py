"""Across the field, a board-by-board rescore moves the other sections'
totals by a difference (``rescore.pair_totals``): to the last bit the whole
rescore's.

Two 3-table Mitchells scored as one field (NS and EW ranked apart, so four
groups of places, and the field's places), by matchpoints, Butler and
cross-IMPs; each played in full (every figure a whole or half number: the
totals are moved by a difference, and ties are many) or in part
(section A's every other line and board 1 short of a play: boards
factored to the field's Neuberg N, figures that are not exact in binary, the
totals summed again from the lines); with or without a penalty
on a pair of the other section.  Random writes land in section A only; after
each, the requested rescore runs and every stored figure of both sections
(lines, datums, pair scores with their places in the section and in the
field) must equal, with no tolerance, what a whole rescore stores.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.module_world import module_world
from tests.tournaments.services.test_rescore_boards import slots
from tournaments.models import (
    Board,
    Event,
    PairScore,
    Penalty,
    Result,
    ScoringRequest,
    Section,
)
from tournaments.rescore import rescore_section
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.penalties import penalty_give
from tournaments.services.rescoring import rescore
from tournaments.services.results import result_adjust, result_delete, result_submit

pytestmark = pytest.mark.django_db

CONTRACTS = [("4S", "N"), ("3NT", "S"), ("2H", "E"), ("4S", "N"), ("3NT", "S")]
METHODS = [Event.Method.MATCHPOINTS, "butler", "cross-imps"]
# (method, played every other line, a pair of section B fined)
WORLDS = [
    (method, sparse, fined)
    for method in METHODS
    for sparse, fined in ((False, False), (True, False), (False, True))
]
SCORE_FIELDS = [
    *("mp", "top", "pct", "imps", "penalty", "boards", "rank", "ranking"),
    "field_rank",
]


def play(slot: tuple, pick: int, *, rescore_it: bool = False) -> Result:
    board, ns, ew = slot
    contract, declarer = CONTRACTS[pick % len(CONTRACTS)]
    existing = Result.objects.filter(board=board, ns_pair=ns).first()
    return result_submit(
        board=board, ns_pair=ns, ew_pair=ew, contract=contract, declarer=declarer,
        tricks=8 + pick % 4, result=existing, rescore=rescore_it,
    )  # fmt: skip


def world(method: str, sparse: bool, fined: bool) -> int:
    """Section A of a two-section field, played and scored whole; its pk."""
    event = event_create(
        name="Field", date=dt.date(2026, 12, 8), across_field=True, method=method
    )
    session = event.sessions.get()
    sections = [
        section_create(
            session=session, choice=MovementChoice("mitchell", 3, 2), letter=letter
        )
        for letter in "AB"
    ]
    for index, section in enumerate(sections):
        played = slots(section)
        if sparse and index == 0:
            last_of_board_one = max(i for i, s in enumerate(played) if s[0].number == 1)
            played = [
                slot
                for place, slot in enumerate(played)
                if place % 2 == 0 and place != last_of_board_one
            ]
        for place, slot in enumerate(played):
            play(slot, slot[0].number + place)
    if fined:
        unit = Penalty.Unit.MP if method == Event.Method.MATCHPOINTS else "imps"
        penalty_give(
            sections[1], pair=sections[1].pairs.order_by("pk").first(), unit=unit,
            amount=1, reason="Slow play", user=None,
        )  # fmt: skip
    rescore_section(sections[0].pk)
    ScoringRequest.objects.all().delete()
    return sections[0].pk


@pytest.fixture(scope="module")
def worlds(django_db_setup, django_db_blocker) -> Iterator[dict[tuple, int]]:
    """Each of ``WORLDS``, built once for the module; each example writes in
    a savepoint rolled back at its end."""
    with module_world(
        django_db_blocker, lambda: {spec: world(*spec) for spec in WORLDS}
    ) as built:
        yield built


def figures(event: int) -> dict[str, list]:
    """Every figure a rescore stores for the event's sections."""
    lines = Result.objects.filter(board__section__session__event=event)
    scores = PairScore.objects.filter(pair__section__session__event=event)
    boards = Board.objects.filter(section__session__event=event)
    return {
        "lines": list(
            lines.order_by("pk").values_list(
                "pk", "mp_ns", "mp_ew", "pct_ns", "pct_ew", "top", "imp_ns", "imp_ew"
            )
        ),
        "datums": list(
            boards.order_by("section__letter", "number").values_list("datum")
        ),
        "scores": list(
            scores.order_by("pair_id").values_list("pair_id", *SCORE_FIELDS)
        ),
    }


WRITES = st.lists(
    st.tuples(
        st.sampled_from(["play", "play", "play", "adjust", "delete"]),
        st.integers(min_value=0, max_value=10_000),
        st.integers(min_value=0, max_value=40),
    ),
    min_size=1,
    max_size=8,
)


@pytest.mark.parametrize("spec", WORLDS, ids=lambda spec: "-".join(map(str, spec)))
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(writes=WRITES)
def test_other_sections_totals_are_the_whole_rescores_to_the_last_bit(
    worlds, spec, writes
):
    with transaction.atomic():
        section = Section.objects.get(pk=worlds[spec])
        event = section.session.event_id
        places = slots(section)
        for what, where, pick in writes:
            slot = places[where % len(places)]
            board, ns, ew = slot
            stored = Result.objects.filter(board=board, ns_pair=ns).first()
            if what == "play":
                play(slot, pick, rescore_it=True)
            elif what == "adjust":
                result_adjust(
                    board=board, ns_pair=ns, ew_pair=ew, ns="60", ew="40",
                    result=stored,
                )  # fmt: skip
            elif stored is not None:
                result_delete(stored)
            if not ScoringRequest.objects.filter(section=section).exists():
                continue
            outcome = rescore(section.pk, queued=True)
            assert outcome.get("boards") is not None, outcome
            after = figures(event)
            rescore_section(section.pk)
            assert after == figures(event)
        transaction.set_rollback(True)


def test_a_total_exact_in_binary_is_moved_and_one_that_is_not_is_summed_again(
    worlds,
):
    """Section A's worst score on board 1: the full field's changed pairs of
    section B are moved by a difference (no line of theirs read), the sparse
    field's summed again from their lines."""
    from unittest import mock

    from tournaments.rescore import pair_totals

    summed: list[set] = []
    real = pair_totals._summed

    def spy(pairs, sides):
        summed.append(set(pairs))
        return real(pairs, sides)

    for sparse in (False, True):
        with transaction.atomic(), mock.patch.object(pair_totals, "_summed", spy):
            section = Section.objects.get(
                pk=worlds[Event.Method.MATCHPOINTS, sparse, False]
            )
            other = set(
                Section.objects.get(
                    session=section.session, letter="B"
                ).pairs.values_list("pk", flat=True)
            )
            summed.clear()
            before = dict(
                PairScore.objects.filter(pair__in=other).values_list("pair", "mp")
            )
            board, ns, ew = slots(section)[0]
            result_submit(
                board=board, ns_pair=ns, ew_pair=ew, contract="7NT", declarer="N",
                tricks=0, result=Result.objects.get(board=board, ns_pair=ns),
            )  # fmt: skip
            rescore(section.pk, queued=True)
            after = dict(
                PairScore.objects.filter(pair__in=other).values_list("pair", "mp")
            )
            moved = {pair for pair in other if before[pair] != after[pair]}
            again = set().union(*summed)
            assert moved
            if sparse:
                assert moved <= again
            else:
                assert not moved & again
            transaction.set_rollback(True)
