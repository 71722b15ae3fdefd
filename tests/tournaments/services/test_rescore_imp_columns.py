"""A rescore by IMPs through columns stores exactly what ``score_imp_session``
stores: every line's IMPs, every board's datum and every pair score.

The fields are ``test_rescore_columns``' (ties, lines left unplayed, A+/A-,
A, percentages, an award against an absent pair, a weighted score), with an
IMP penalty besides; each is scored once by the reference path (``load_field``
as line objects, ``score_imp_session``, ``store_imp_boards``), its figures
read, then blanked and rescored by ``rescore_pairs_section`` (``pairs_columns``,
``score_imp_columns``, ``store_imp_columns``).  Marked ``database``: it runs
on PostgreSQL too.
"""

from __future__ import annotations

import pytest
from django.db import transaction

from tests.tournaments.services.test_rescore_columns import blank, field, play, stored
from tournaments.models import Board, Event, Penalty, Section
from tournaments.rescore.fields import locked_field
from tournaments.rescore.pair_settings import event_settings
from tournaments.rescore.pairs import load_field, rescore_pairs_section, score_loaded
from tournaments.rescore.pairs_store import (
    IMP_FIGURES,
    store_imp_boards,
    store_standings,
)
from tournaments.services.penalties import penalty_give

pytestmark = [pytest.mark.django_db, pytest.mark.database]

BUTLER = {"method": Event.Method.BUTLER}
CROSS = {"method": Event.Method.CROSS_IMPS}


def rescore_by_lines(section_id: int) -> None:
    """The reference: the field as line objects scored by ``score_imp_session``."""
    with transaction.atomic():
        sections = locked_field(section_id)
        data = load_field(sections)
        scored = score_loaded(data, event_settings(sections[0].session.event))
        boards = Board.objects.filter(section__in=sections)
        store_imp_boards(boards, data.stored, scored)
        store_standings(sections, scored.rankings, IMP_FIGURES)


def datums(sections: list[Section]) -> list[tuple]:
    """Every board's datum, in key order."""
    boards = Board.objects.filter(section__in=sections).order_by("pk")
    return list(boards.values_list("pk", "datum"))


def imp_field(sections: int = 1, seed: int = 0, **options: object) -> list[Section]:
    """``test_rescore_columns``' field played (its % of a top penalty taken
    back), then scored by IMPs with ``options``."""
    field_sections = field(sections=sections)
    for section in field_sections:
        play(section, seed + section.pk)
    Penalty.objects.filter(pair__section__in=field_sections).delete()
    Event.objects.filter(sessions__sections__in=field_sections).update(**options)
    return list(Section.objects.filter(pk__in=[s.pk for s in field_sections]))


def columns_equal_lines(sections: list[Section], seed: int = 0) -> None:
    pair = sections[0].pairs.order_by("pk")[seed % 3]
    penalty_give(
        sections[0], pair=pair, unit=Penalty.Unit.IMPS, amount=3,
        reason="Slow play", user=None,
    )  # fmt: skip
    rescore_by_lines(sections[0].pk)
    reference, reference_datums = stored(sections), datums(sections)
    assert any(row[6] is not None for row in reference["lines"])
    assert any(row[4] for row in reference["scores"])  # the IMP penalty
    blank(sections)
    Board.objects.filter(section__in=sections).update(datum=None)
    outcome = rescore_pairs_section(sections[0].pk)
    assert stored(sections) == reference
    assert datums(sections) == reference_datums
    assert outcome["lines"] == len(reference["lines"])


@pytest.mark.parametrize("seed", [0, 3])
@pytest.mark.parametrize("method", [BUTLER, CROSS], ids=["butler", "cross-imps"])
def test_a_mitchell_by_imp_columns_stores_what_score_imp_session_stores(method, seed):
    columns_equal_lines(imp_field(seed=seed, **method), seed)


@pytest.mark.parametrize(
    "options",
    [
        {**BUTLER, "butler_trim": Event.ButlerTrim.NONE, "butler_rounding": "none"},
        {**BUTLER, "butler_trim": Event.ButlerTrim.FIVE_PERCENT},
        {**CROSS, "cross_imps_total": True},
        {**CROSS, "cross_imps_cap": 10},
        {**CROSS, "imp_round_cap": 12},
    ],
    ids=["butler-untrimmed", "butler-5pc", "cross-total", "cross-cap", "round-cap"],
)
def test_the_imp_settings_by_columns_store_what_score_imp_session_stores(options):
    columns_equal_lines(imp_field(seed=1, **options), seed=1)


def test_a_butler_field_of_two_sections_by_columns_stores_the_same():
    columns_equal_lines(imp_field(sections=2, seed=4, **BUTLER), seed=4)


def test_a_butler_field_rescored_as_it_stands_writes_no_line():
    sections = imp_field(seed=2, **BUTLER)
    rescore_pairs_section(sections[0].pk)
    before = stored(sections)
    assert any(row[6] is not None for row in before["lines"])
    assert rescore_pairs_section(sections[0].pk)["lines"] == len(before["lines"])
    assert stored(sections) == before
