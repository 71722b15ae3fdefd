"""The API's rankings, read without the lines (issue 34), are the same JSON
as the rankings of ``report_json`` built from every line, as before."""

from __future__ import annotations

import pytest
from django.urls import reverse

from bench.fields import mitchell_event
from tournaments.models import Event, Section
from tournaments.rescore import rescore_section
from tournaments.selectors.pairs import event_sections, stored_reports
from tournaments.selectors.pairs_json import report_json

pytestmark = pytest.mark.django_db


def _old_rankings(event: Event) -> list[dict[str, object]]:
    """The body the view answered before: ``report_json`` of every line."""
    reports = stored_reports(event_sections(event))
    stale = any(report.section.stale for report in reports)
    return [r | {"stale": stale} for r in report_json(event, reports)["rankings"]]


@pytest.mark.parametrize(
    ("method", "across_field"),
    [
        (Event.Method.MATCHPOINTS, True),
        (Event.Method.MATCHPOINTS, False),
        (Event.Method.BUTLER, False),
        (Event.Method.CROSS_IMPS, True),
    ],
)
def test_the_rankings_are_the_same_json_as_before(client, method, across_field):
    event = mitchell_event(30, across_field=across_field)
    Event.objects.filter(pk=event.pk).update(method=method)
    event.refresh_from_db()
    sections = list(Section.objects.filter(session__event=event).order_by("pk"))
    assert len(sections) == 2
    for section in sections[:1] if across_field else sections:
        rescore_section(section.pk)
    response = client.get(reverse("api-event-rankings", args=[event.pk]))
    assert response.status_code == 200
    body = response.json()
    assert body == _old_rankings(event)
    entries = [entry for ranking in body for entry in ranking["entries"]]
    assert len(entries) == 60
    assert all(entry["section"] in ("A", "B") for entry in entries)
