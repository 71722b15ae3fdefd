"""Durable rescoring: a write marks its section stale, only a rescore that
saw every write clears it, and the sweep scores whatever was left behind."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from tests.tournaments.conftest import mitchell_section
from tournaments.models import Result, Section, SectionScoring
from tournaments.rescore import pairs as pairs_rescore
from tournaments.selectors.movement import section_movement
from tournaments.services.rescoring import (
    due_sections,
    rescore,
    section_changed,
    sweep,
)
from tournaments.services.tokens import issue_table_token
from tournaments.tasks import score_section

pytestmark = pytest.mark.django_db

# Board 1 of the 3-table Mitchell, one line per table that plays it: 4S= by N
# (420), 2S+1 (140), 4S-1 (-50): on a top of 4 the NS pairs score 4, 2 and 0.
BOARD_ONE_LINES = [
    {"contract": "4S", "declarer": "N", "result": "="},
    {"contract": "2S", "declarer": "N", "result": "+1"},
    {"contract": "4S", "declarer": "N", "result": "-1"},
]
SCORED = [(420, 4.0, 0.0, 100.0), (140, 2.0, 2.0, 50.0), (-50, 0.0, 4.0, 0.0)]


def board_one(section: Section) -> list[dict[str, object]]:
    """The API bodies of board 1's three lines, with each table's pairs."""
    movement = section_movement(section)
    seatings = [s for s in movement.seatings if 1 in s.boards]
    return [
        {
            "board": 1,
            "ns": movement.pair(seating.ns).label,
            "ew": movement.pair(seating.ew).label,
        }
        | line
        for seating, line in zip(seatings, BOARD_ONE_LINES, strict=True)
    ]


def table_auth(section: Section, number: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


def post(client, section: Section, data, headers=None):
    url = reverse("api-section-results", args=[section.pk])
    return client.post(url, data, content_type="application/json", headers=headers)


def scored_lines(section: Section) -> list[tuple]:
    return list(
        Result.objects.filter(board__section=section, board__number=1)
        .order_by("-score_ns")
        .values_list("score_ns", "mp_ns", "mp_ew", "pct_ns")
    )


def stale(section: Section) -> bool:
    return Section.objects.get(pk=section.pk).stale


def changes(section: Section) -> int:
    return SectionScoring.objects.get(section=section).changes


def broker_down():
    return mock.patch.object(
        score_section,
        "apply_async",
        side_effect=OperationalError("Error 111 connecting to 127.0.0.1:6379."),
    )


@pytest.mark.django_db(transaction=True)
def test_a_line_sent_while_the_broker_is_down_is_stored_then_swept(
    client, director, section, caplog
):
    """Commits for real: the rescore is queued when the request's write commits."""
    first, *others = board_one(section)
    with broker_down():
        response = post(client, section, first, table_auth(section, 1))
        for line in others:
            assert post(director, section, line).status_code == 201
    assert response.status_code == 201
    assert response.json()["score_ns"] == 420
    assert stale(section)
    assert changes(section) == 3
    assert [row[1] for row in scored_lines(section)] == [None, None, None]
    assert "Could not queue the rescore of section" in caplog.text

    call_command("sweep_stale", "--all")

    assert scored_lines(section) == SCORED
    assert not stale(section)


def test_a_write_during_a_rescore_leaves_the_section_stale(director, section):
    for line in board_one(section):
        assert post(director, section, line).status_code == 201
    original = pairs_rescore.score_loaded

    def meanwhile_a_line_lands(*args, **kwargs):
        section_changed(section.pk)
        return original(*args, **kwargs)

    with mock.patch.object(pairs_rescore, "score_loaded", meanwhile_a_line_lands):
        outcome = rescore(section.pk)
    assert outcome["fresh"] == 0
    assert scored_lines(section) == SCORED
    assert stale(section)
    assert changes(section) == 4

    assert rescore(section.pk)["fresh"] == 1
    assert not stale(section)


def test_a_rescore_that_raises_leaves_the_section_stale(
    director, section, django_capture_on_commit_callbacks, caplog
):
    first, *others = board_one(section)
    broken = mock.patch.object(
        pairs_rescore, "score_loaded", side_effect=ZeroDivisionError("scorer bug")
    )
    with broken, django_capture_on_commit_callbacks(execute=True):
        response = post(director, section, first)
    assert response.status_code == 201
    assert stale(section)
    assert "Could not queue the rescore of section" in caplog.text
    for line in others:
        assert post(director, section, line).status_code == 201

    call_command("sweep_stale", "--all")

    assert scored_lines(section) == SCORED
    assert not stale(section)


def test_embedded_the_next_write_rescores_a_section_left_stale(
    director, section, django_capture_on_commit_callbacks, settings
):
    settings.DONNE_SWEEP_GRACE_SECONDS = 0
    other = mitchell_section(section.session, letter="B", first_board=7)
    broken = mock.patch.object(
        pairs_rescore, "score_loaded", side_effect=ZeroDivisionError("scorer bug")
    )
    lines = board_one(section)
    with broken, django_capture_on_commit_callbacks(execute=True):
        for line in lines:
            assert post(director, section, line).status_code == 201
    assert stale(section)
    assert [row[1] for row in scored_lines(section)] == [None, None, None]

    the_next = lines[0] | {"board": 7}
    with django_capture_on_commit_callbacks(execute=True):
        assert post(director, other, the_next).status_code == 201

    assert scored_lines(section) == SCORED
    assert not stale(section)
    assert not stale(other)


def test_the_sweep_leaves_a_section_just_queued_alone(section, settings):
    settings.DONNE_SWEEP_GRACE_SECONDS = 10
    now = timezone.now()
    scoring = SectionScoring.objects.filter(section=section)
    SectionScoring.objects.create(
        section=section, stale_since=now - dt.timedelta(minutes=5), queued_at=now
    )
    assert due_sections(now) == []
    assert due_sections(now + dt.timedelta(seconds=11)) == [section.pk]
    scoring.update(queued_at=None)
    assert due_sections(now) == [section.pk]
    scoring.update(stale_since=now)
    assert due_sections(now) == []


def test_the_sweep_scores_and_clears_what_it_queues(director, section, settings):
    settings.DONNE_SWEEP_GRACE_SECONDS = 0
    for line in board_one(section):
        assert post(director, section, line).status_code == 201
    assert stale(section)

    assert sweep(timezone.now() + dt.timedelta(seconds=1)) == [section.pk]

    assert scored_lines(section) == SCORED
    assert not stale(section)
    assert SectionScoring.objects.get(section=section).queued_at is None


def test_the_api_says_when_scores_are_updating(client, director, section):
    event = section.session.event
    event.published = True
    event.save()
    for line in board_one(section):
        assert post(director, section, line).status_code == 201
    urls = {
        "section": reverse("api-section-detail", args=[section.pk]),
        "event": reverse("api-event-detail", args=[event.pk]),
        "rankings": reverse("api-event-rankings", args=[event.pk]),
    }

    def stale_flags() -> list[bool]:
        section_body = client.get(urls["section"]).json()
        event_body = client.get(urls["event"]).json()
        rankings = client.get(urls["rankings"]).json()
        return [
            section_body["stale"],
            event_body["sessions"][0]["sections"][0]["stale"],
            *[ranking["stale"] for ranking in rankings],
        ]

    rescore(section.pk)
    section_changed(section.pk)
    assert stale_flags() == [True, True, True, True]
    rescore(section.pk)
    assert stale_flags() == [False, False, False, False]


UPDATING = "Scores updating"


def test_the_pages_say_when_scores_are_updating(client, director, section):
    for line in board_one(section):
        assert post(director, section, line).status_code == 201
    pages = [
        reverse("results:event", args=[section.session.event_id]),
        reverse("results:board", args=[section.pk, 1]),
        reverse("director:section", args=[section.pk]),
        reverse("director:console", args=[section.pk]),
        reverse("director:console", args=[section.pk]) + "?partial=1",
    ]
    for page in pages:
        response = director.get(page)
        assert response.status_code == 200, page
        assert UPDATING in response.content.decode(), page
    version = reverse("results:event-version", args=[section.session.event_id])
    before = director.get(version).json()
    assert before["stale"] is True

    rescore(section.pk)

    for page in pages:
        assert UPDATING not in director.get(page).content.decode(), page
    after = director.get(version).json()
    assert after["stale"] is False
    assert after["version"] != before["version"]


def test_a_transaction_queues_its_sections_rescore_once(
    director, section, django_capture_on_commit_callbacks
):
    other = mitchell_section(section.session, letter="B", first_board=7)
    sending = mock.patch.object(score_section, "apply_async")
    with sending as sent, django_capture_on_commit_callbacks(execute=True):
        for _ in range(3):
            section_changed(section.pk)
        section_changed(other.pk)
    assert [call.args for call in sent.call_args_list] == [
        ((section.pk,), {"queued": True}),
        ((other.pk,), {"queued": True}),
    ]
    assert changes(section) == 3
    # A write while that rescore waits to start is folded into it.
    with sending as sent, django_capture_on_commit_callbacks(execute=True):
        section_changed(section.pk)
    assert sent.call_args_list == []
    # Once it has started, a later write is a new rescore.
    rescore(section.pk, queued=True)
    with sending as sent, django_capture_on_commit_callbacks(execute=True):
        section_changed(section.pk)
    assert [call.args for call in sent.call_args_list] == [
        ((section.pk,), {"queued": True})
    ]
