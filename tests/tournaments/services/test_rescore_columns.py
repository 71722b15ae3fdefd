"""A matchpoint rescore through columns stores exactly what ``score_session``
stores: every line's figures and every pair score, to the last digit.

Each field is played through the write path without rescoring (ties, lines
left unplayed, A+/A-, A, percentages, an award against an absent pair, a
weighted score, a penalty), scored once by the reference path (``load_field``
as line objects, ``score_session``, ``store_mp_lines``), its figures read,
then blanked and scored by ``rescore_pairs_section`` (``pairs_columns``,
``score_columns``, ``store_mp_columns``): the two must be equal, floats
compared with ``==``.  Marked ``database``: ``scripts/test.sh`` runs it on
PostgreSQL too.
"""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest
from django.db import transaction

from games.weighted import WeightedPart
from tournaments.models import Event, PairScore, Penalty, Result, Section
from tournaments.rescore.fields import locked_field
from tournaments.rescore.pair_settings import event_settings
from tournaments.rescore.pairs import load_field, rescore_pairs_section, score_loaded
from tournaments.rescore.pairs_columns import NULL_FIGURE, line_columns
from tournaments.rescore.pairs_store import (
    LINE_FIELDS,
    MP_FIGURES,
    store_mp_columns,
    store_mp_lines,
    store_standings,
)
from tournaments.selectors.movement import section_movement
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.penalties import penalty_give
from tournaments.services.results import result_adjust, result_submit, result_weighted

pytestmark = [pytest.mark.django_db, pytest.mark.database]

# Few contracts, so that many lines tie.
CONTRACTS = [("4S", "N", 10), ("4S", "N", 10), ("3NT", "S", 9), ("2H", "E", 8)]
ADJUSTED = [("A+", "A-", ""), ("A", "A", ""), ("60", "40", ""), ("60", "0", "EW")]
SCORE_FIELDS = ["mp", "top", "pct", "imps", "penalty", "boards", "rank", "ranking"]
SCORE_FIELDS += ["field_rank"]


def field(
    *,
    movement: str = "mitchell",
    sections: int = 1,
    **options: object,
) -> list[Section]:
    """An event of ``sections`` sections of 5 tables, with ``options`` set
    on the event, across the field when several."""
    event = event_create(name="Columns", date=dt.date(2026, 12, 8))
    Event.objects.filter(pk=event.pk).update(across_field=sections > 1, **options)
    session = event.sessions.get()
    return [
        section_create(
            session=session, choice=MovementChoice(movement, 5, 2), letter=letter
        )
        for letter in "AB"[:sections]
    ]


def play(section: Section, seed: int) -> None:
    """Most of the section's slots played (some left out), a few adjusted,
    one weighted, one pair fined: nothing rescored."""
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    boards = {board.number: board for board in section.boards.all()}

    def label(seat: object) -> str:
        return movement.pair(seat).label

    slots = [
        (boards[number], pairs[label(s.ns)], pairs[label(s.ew)])
        for s in movement.seatings
        for number in s.boards
    ]  # fmt: skip
    for index, (board, ns, ew) in enumerate(slots):
        pick = (index * 7 + seed) % 11
        where = {"board": board, "ns_pair": ns, "ew_pair": ew, "rescore": False}
        if pick == 0:
            continue
        if pick == 1:
            mark_ns, mark_ew, absent = ADJUSTED[(index + seed) % len(ADJUSTED)]
            result_adjust(ns=mark_ns, ew=mark_ew, absent=absent, **where)
        elif pick == 2 and index % 3 == 0:
            parts = [WeightedPart(30, "4S", "N", 10), WeightedPart(70, "4S", "N", 11)]
            result_weighted(parts=parts, **where)
        else:
            contract, declarer, tricks = CONTRACTS[(index + pick) % len(CONTRACTS)]
            result_submit(contract=contract, declarer=declarer, tricks=tricks, **where)
    penalty_give(
        section, pair=slots[seed % len(slots)][1], unit=Penalty.Unit.TOP_PCT,
        amount=25, reason="Slow play", user=None,
    )  # fmt: skip


def rescore_by_session(section_id: int) -> None:
    """The reference: the field loaded as line objects and matchpointed by
    ``score_session`` (``score_loaded`` without columns), stored by
    ``store_mp_lines``."""
    with transaction.atomic():
        sections = locked_field(section_id)
        data = load_field(sections)
        scored = score_loaded(data, event_settings(sections[0].session.event))
        store_mp_lines(data.stored, scored.lines)
        store_standings(sections, scored.rankings, MP_FIGURES)


def stored(sections: list[Section]) -> dict[str, list]:
    """Every figure a matchpoint rescore stores for the field."""
    lines = Result.objects.filter(board__section__in=sections).order_by("pk")
    scores = PairScore.objects.filter(pair__section__in=sections)
    return {
        "lines": list(lines.values_list("pk", *LINE_FIELDS)),
        "scores": list(
            scores.order_by("pair_id").values_list("pair_id", *SCORE_FIELDS)
        ),
    }


def blank(sections: list[Section]) -> None:
    """Forget every stored figure, so the columns must write them all."""
    Result.objects.filter(board__section__in=sections).update(
        **dict.fromkeys(LINE_FIELDS)
    )
    PairScore.objects.filter(pair__section__in=sections).delete()


def columns_equal_session(sections: list[Section], seed: int = 0) -> None:
    for section in sections:
        play(section, seed + section.pk)
    rescore_by_session(sections[0].pk)
    reference = stored(sections)
    assert any(row[1] is not None for row in reference["lines"])
    assert reference["scores"]
    blank(sections)
    outcome = rescore_pairs_section(sections[0].pk)
    assert stored(sections) == reference
    assert outcome["lines"] == len(reference["lines"])
    assert any(row[SCORE_FIELDS.index("penalty") + 1] for row in reference["scores"])
    special = Result.objects.filter(board__section__in=sections).exclude(
        adjusted_ns="", weighted__isnull=True
    )
    assert special.filter(weighted__isnull=False).exists()
    assert special.exclude(adjusted_ns="").exists()


@pytest.mark.parametrize("seed", [0, 3, 5])
def test_a_mitchell_by_columns_stores_what_score_session_stores(seed):
    columns_equal_session(field(), seed)


@pytest.mark.parametrize(
    "options",
    [
        {"mp_rounding": Event.MpRounding.HUNDREDTHS},
        {"average_rule": "session"},
        {"neuberg": False, "scale": 1},
        {"mp_rounding": Event.MpRounding.HUNDREDTHS, "average_rule": "session"},
    ],
)
def test_the_settings_by_columns_store_what_score_session_stores(options):
    columns_equal_session(field(**options), seed=1)


def test_a_howell_by_columns_stores_what_score_session_stores():
    columns_equal_session(field(movement="howell"), seed=2)


def test_a_field_of_two_sections_by_columns_stores_what_score_session_stores():
    columns_equal_session(field(sections=2), seed=4)


def test_the_columns_write_only_the_lines_that_changed():
    sections = field()
    play(sections[0], 0)
    rescore_pairs_section(sections[0].pk)
    data = load_field(sections, columns=True)
    scored = score_loaded(data, event_settings(sections[0].session.event))
    columns = data.columns
    assert store_mp_columns(
        columns.pk, columns.figures, scored.lines, null=NULL_FIGURE
    ) == 0  # fmt: skip
    first, second = Result.objects.filter(board__section=sections[0])[:2]
    Result.objects.filter(pk=first.pk).update(mp_ns=99.0)
    Result.objects.filter(pk=second.pk).update(imp_ew=1.0)
    data = load_field(sections, columns=True)
    columns = data.columns
    assert store_mp_columns(
        columns.pk, columns.figures, scored.lines, null=NULL_FIGURE
    ) == 2  # fmt: skip
    assert Result.objects.get(pk=second.pk).imp_ew is None
    assert Result.objects.get(pk=first.pk).mp_ns != 99.0


def test_plain_rows_become_columns_and_the_special_lines_their_results():
    null = NULL_FIGURE
    weighted = [[30.0, "4S", "N", 10, 420], [70.0, "4S", "N", 11, 450]]
    scored = [2.0, 0.0, 100.0, 0.0, 2.0, null, null]
    rows = [
        (7, 1, 10, 20, 420, 0, *[null] * 7, "", "", "", None),
        (8, 1, 11, 21, 0, 1, *scored, "A+", "A-", "", None),
        (9, 1, 12, 22, 441, 1, *[null] * 7, "", "", "", weighted),
        (10, 2, 12, 22, 0, 1, *[null] * 7, "60", "0", "EW", None),
    ]  # fmt: skip
    columns = line_columns(rows)
    assert columns.pk.tolist() == [7, 8, 9, 10]
    assert columns.board.tolist() == [1, 1, 1, 2]
    assert columns.score.tolist() == [420, 0, 441, 0]
    assert columns.figures.shape == (7, 4)
    assert columns.figures[:, 1].tolist()[:5] == [2.0, 0.0, 100.0, 0.0, 2.0]
    assert np.isneginf(columns.figures[:, 0]).all()
    assert sorted(columns.special) == [1, 2, 3]
    assert columns.special[1].ns == "A+"
    assert columns.special[2].parts == ((0.3, 420), (0.7, 450))
    assert columns.special[3].absent == "EW"
    assert len(line_columns([])) == 0
