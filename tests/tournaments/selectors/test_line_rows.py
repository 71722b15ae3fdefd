"""The light traveller rows the PBN and USEBIO files read (issue 34) show
every line as the ``Result`` instances did: the same lines in the same
order, the same fields and figures, and the same adjusted, absent and
weighted texts (``LineMarks``, ``award_text``), on random lines."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.fields import mitchell_event
from tournaments.models import Pair, Result, Section
from tournaments.selectors.award_text import award_text, marks_text
from tournaments.selectors.line_rows import line_reports
from tournaments.selectors.pairs import LineRow, stored_reports

pytestmark = pytest.mark.django_db

MARKS = st.sampled_from(["A+", "A", "A-", "60", "40", "50", "0", "100"])
WEIGHTED = st.sampled_from(
    [
        [[70, "4S", "N", 10, 420], [30, "4S", "N", 11, 450]],
        [[60, "3NT", "S", 8, -50], [40, "PASS", "", None, 0]],
        [[50, "", "", None, 450], [50, "2H", "E", 8, 110]],
    ]
)
FIGURES = st.none() | st.floats(-30, 30, allow_nan=False).map(lambda x: round(x, 2))


@st.composite
def lines(draw: st.DrawFn) -> dict[str, object]:
    """What a stored line may hold: played, adjusted (maybe against an
    absent side) or weighted, with or without the scorer's figures."""
    kind = draw(st.sampled_from(["played", "adjusted", "weighted"]))
    shown: dict[str, object] = {
        "contract": "", "declarer": "", "tricks": None, "lead": "",
        "score_ns": None, "adjusted_ns": "", "adjusted_ew": "", "absent": "",
        "weighted": None,
    }  # fmt: skip
    if kind == "adjusted":
        shown["adjusted_ns"] = draw(MARKS)
        shown["adjusted_ew"] = draw(MARKS)
        shown["absent"] = draw(st.sampled_from(["", "NS", "EW"]))
    else:
        shown["contract"] = draw(st.sampled_from(["3NT", "4SX", "PASS", "1C", ""]))
        shown["declarer"] = draw(st.sampled_from(["N", "E", "S", "W", ""]))
        shown["tricks"] = draw(st.none() | st.integers(0, 13))
        shown["lead"] = draw(st.sampled_from(["", "SA", "H7", "DT"]))
        shown["score_ns"] = draw(st.integers(-7600, 7600))
        if kind == "weighted":
            shown["weighted"] = draw(WEIGHTED)
    for name in ("mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns", "imp_ew"):
        shown[name] = draw(FIGURES)
    return shown


def _shown(line: LineRow) -> tuple[object, ...]:
    r = line.result
    return (
        r.pk, r.board.pk, r.board.number, r.board.section.pk,
        r.ns_pair.pk, r.ns_pair.number, r.ns_pair.label, r.ns_pair.names,
        r.ew_pair.pk, r.ew_pair.number, r.ew_pair.label, r.ew_pair.names,
        r.contract, r.declarer, r.tricks, r.lead, r.score_ns,
        r.adjusted_ns, r.adjusted_ew, r.absent, r.weighted,
        r.is_adjusted, r.weighted_text, award_text(r), marks_text(r),
        line.adjusted, line.marks,
        line.mp_ns, line.mp_ew, line.pct_ns, line.pct_ew, line.imp_ns, line.imp_ew,
    )  # fmt: skip


@pytest.fixture
def sections() -> list[Section]:
    event = mitchell_event(30)  # two sections
    return list(
        Section.objects.filter(session__event=event)
        .select_related("session__event", "scoring")
        .order_by("pk")
    )


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(changes=st.lists(lines(), min_size=1, max_size=8), names=st.text(max_size=12))
def test_light_rows_show_what_the_results_show(sections, changes, names):
    with transaction.atomic():
        first = Pair.objects.filter(section=sections[0]).order_by("pk").first()
        Pair.objects.filter(pk=first.pk).update(names=names)
        stored = Result.objects.filter(board__section__in=sections).order_by("?")
        chosen = stored.values_list("pk", flat=True)[: len(changes)]
        for pk, shown in zip(chosen, changes, strict=True):
            Result.objects.filter(pk=pk).update(**shown)
        old = stored_reports(sections)
        new = line_reports(sections)
        for before, after in zip(old, new, strict=True):
            assert [_shown(x) for x in after.lines] == [_shown(x) for x in before.lines]
            assert after.rankings == before.rankings
            assert after.datums == before.datums
            assert after.boards()[0][0] == before.boards()[0][0]
        transaction.set_rollback(True)


def test_a_line_of_a_pair_of_another_section_shows_that_pair(sections):
    first = sections[0]
    stranger = Pair.objects.exclude(section=first).order_by("pk").first()
    line = Result.objects.filter(board__section=first).order_by("pk").first()
    Result.objects.filter(pk=line.pk).update(ns_pair=stranger)
    (old,) = stored_reports([first])
    (new,) = line_reports([first])
    assert [_shown(x)[4:8] for x in new.lines] == [_shown(x)[4:8] for x in old.lines]
