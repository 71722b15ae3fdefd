"""``stored_reports`` of whole sections shares each board and pair among
their lines (issue 34): the same lines, boards, pairs and sections as the
joined read of some lines (``lines=...``), which still joins them."""

from __future__ import annotations

import pytest
from django.db.models import Q

from bench.fields import mitchell_event
from tournaments.models import Pair, Result, Section
from tournaments.selectors.pairs import LineRow, stored_reports

pytestmark = pytest.mark.django_db

EVERY_LINE = Q(pk__isnull=False)  # a filter: the joined read, as before


def _shown(line: LineRow) -> tuple[object, ...]:
    r = line.result
    return (
        r.pk, r.board.number, r.board.section.pk, r.board.deal,
        r.ns_pair.label, r.ns_pair.names, r.ns_pair.section.pk,
        r.ew_pair.label, r.ew_pair.names, r.ew_pair.section.pk,
        r.score_ns, line.mp_ns, line.mp_ew, line.pct_ns, line.pct_ew,
    )  # fmt: skip


@pytest.fixture
def sections():
    event = mitchell_event(30)
    return list(
        Section.objects.filter(session__event=event)
        .select_related("session__event")
        .order_by("pk")
    )


def test_whole_sections_read_the_same_lines_as_the_joined_read(sections):
    whole = stored_reports(sections)
    joined = stored_reports(sections, lines=EVERY_LINE)
    for shared, alone in zip(whole, joined, strict=True):
        assert [_shown(x) for x in shared.lines] == [_shown(x) for x in alone.lines]
        assert len(shared.lines) == 30 * 26 // 2
    pairs = {id(line.result.ns_pair) for line in whole[0].lines}
    assert len(pairs) == 15  # one instance a pair, shared by its lines


def test_a_line_of_a_pair_of_another_section_holds_the_line_s_section(sections):
    first, second = sections
    stranger = Pair.objects.filter(section=second).first()
    line = Result.objects.filter(board__section=first).order_by("pk").first()
    Result.objects.filter(pk=line.pk).update(ns_pair=stranger)
    (report,) = stored_reports([first])
    (read,) = [x for x in report.lines if x.result.pk == line.pk]
    assert read.result.ns_pair.pk == stranger.pk
    assert read.result.ns_pair.section is first
