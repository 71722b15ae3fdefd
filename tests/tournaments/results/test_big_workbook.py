"""A big event's workbook is built by a task (issue 21): the download URL
answers 202 (JSON or a refreshing page) while it builds, then serves the
file; a changed result makes the stored file stale; the broker down is said,
never a 500; small events stay synchronous."""

from __future__ import annotations

import datetime as dt
import sys
from io import BytesIO
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone
from openpyxl import load_workbook

from tournaments.exporters import workbook_builds
from tournaments.exporters.workbook_builds import workbook_build_run
from tournaments.importers.event_store import event_import
from tournaments.importers.pbn import parse_sessions
from tournaments.models import Event, EventWorkbook, Result

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from imports import pbn_field

pytestmark = pytest.mark.django_db

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def big(settings, django_capture_on_commit_callbacks) -> Event:
    """A 3-table field (78 lines), scored, over a threshold of 50 lines."""
    settings.DONNE_EXCEL_TASK_LINES = 50
    with django_capture_on_commit_callbacks(execute=True):
        event = event_import(parse_sessions(pbn_field(3, 3), name="Big night"))
    return event


@pytest.fixture
def sent(monkeypatch) -> list[tuple]:
    """The build tasks sent, not run (a worker would run them later)."""
    calls: list[tuple] = []

    def send(task, *args):
        calls.append(args)
        return True

    monkeypatch.setattr(workbook_builds, "send_task", send)
    return calls


def url(event: Event) -> str:
    return reverse("results:excel", args=[event.pk])


def test_the_api_gets_202_then_the_file(client, big, sent):
    first = client.get(url(big), **JSON)
    assert first.status_code == 202
    assert first.json() == {
        "status": "building",
        "progress": 0,
        "url": f"http://testserver{url(big)}",
    }
    (row_id, stamp), = sent  # fmt: skip
    again = client.get(url(big), **JSON)
    assert again.status_code == 202 and len(sent) == 1  # not sent twice
    assert workbook_build_run(row_id, stamp) == "done"
    done = client.get(url(big), **JSON)
    assert done.status_code == 200
    assert done["Content-Type"] == XLSX
    assert done["Content-Disposition"] == 'attachment; filename="big-night.xlsx"'
    book = load_workbook(BytesIO(done.content), read_only=True)
    assert len(book.sheetnames) > 1
    row = EventWorkbook.objects.get()
    assert (row.status, row.progress, row.language) == ("done", 100, "en")


def test_a_browser_gets_a_refreshing_page_then_the_file(client, big, sent):
    page = client.get(url(big))
    assert page.status_code == 202
    assert page["Refresh"] == "2"
    assert b"is being built" in page.content
    workbook_build_run(*sent[0])
    assert client.get(url(big)).status_code == 200


def test_a_changed_result_makes_the_stored_file_stale(client, big, sent):
    client.get(url(big))
    workbook_build_run(*sent[0])
    built = client.get(url(big)).content
    line = Result.objects.order_by("pk").first()
    Result.objects.filter(pk=line.pk).update(score_ns=line.score_ns + 10)
    Result.objects.get(pk=line.pk).save()  # a change moves ``updated``
    stale = client.get(url(big), **JSON)
    assert stale.status_code == 202  # never the old file
    assert len(sent) == 2 and sent[1][1] != sent[0][1]
    assert workbook_build_run(*sent[0]) == "skipped"  # the old build's task
    workbook_build_run(*sent[1])
    fresh = client.get(url(big))
    assert fresh.status_code == 200 and fresh.content != b""
    assert EventWorkbook.objects.get().stamp == sent[1][1]
    assert built[:2] == fresh.content[:2] == b"PK"


def test_a_result_stored_while_building_makes_that_build_stale(client, big, sent):
    client.get(url(big))
    Result.objects.order_by("pk").first().save()
    workbook_build_run(*sent[0])  # built from the results before the change
    assert client.get(url(big), **JSON).status_code == 202
    assert len(sent) == 2


def test_the_broker_down_is_said_not_a_500(client, big, monkeypatch):
    monkeypatch.setattr(workbook_builds, "send_task", lambda task, *args: False)
    page = client.get(url(big))
    assert page.status_code == 503
    assert b"task queue is not answering" in page.content
    body = client.get(url(big), **JSON)
    assert body.status_code == 503
    assert body.json()["status"] == "failed"
    assert "task queue" in body.json()["message"]


def test_eager_mode_builds_in_the_request(client, big, settings):
    assert settings.CELERY_TASK_ALWAYS_EAGER
    response = client.get(url(big))
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    assert EventWorkbook.objects.get().status == "done"


def test_each_language_has_its_own_file(client, big, sent):
    client.get(url(big))
    client.get(url(big), HTTP_ACCEPT_LANGUAGE="fr")
    assert sorted(EventWorkbook.objects.values_list("language", flat=True)) == [
        "en",
        "fr",
    ]


def test_a_hidden_event_is_a_404_to_the_public(director, big, sent):
    from django.test import Client

    Event.objects.filter(pk=big.pk).update(results_hidden=True, published=False)
    assert Client().get(url(big), **JSON).status_code == 404
    assert not sent and not EventWorkbook.objects.exists()
    assert director.get(url(big), **JSON).status_code == 202


def test_a_small_event_stays_synchronous(client, big, sent, settings):
    settings.DONNE_EXCEL_TASK_LINES = 78
    response = client.get(url(big))
    assert response.status_code == 200 and response["Content-Type"] == XLSX
    assert not sent and not EventWorkbook.objects.exists()


def test_a_failed_build_is_said_and_tried_again_later(client, big, sent, monkeypatch):
    from tournaments.exporters.workbook.book import Book

    def broken(self, target):
        raise RuntimeError("disk full")

    client.get(url(big))
    monkeypatch.setattr(Book, "save", broken)
    assert workbook_build_run(*sent[0]) == "failed"
    page = client.get(url(big), **JSON)
    assert page.status_code == 503
    assert page.json()["message"] == "The workbook could not be built."
    assert len(sent) == 1  # not again at once
    EventWorkbook.objects.update(updated=timezone.now() - dt.timedelta(minutes=2))
    assert client.get(url(big), **JSON).status_code == 202
    assert len(sent) == 2  # a minute later it is tried again


def test_a_build_whose_worker_died_is_started_again(client, big, sent):
    client.get(url(big))
    EventWorkbook.objects.update(
        status="running", updated=timezone.now() - dt.timedelta(minutes=12)
    )
    assert client.get(url(big), **JSON).status_code == 202
    assert len(sent) == 2 and EventWorkbook.objects.get().status == "queued"


def test_the_build_moves_its_progress_while_writing(big, sent, client):
    """The task's progress is stored as the sheets are written: a few
    updates (every 10 %), never one a row."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url(big))
    with CaptureQueriesContext(connection) as queries:
        workbook_build_run(*sent[0])
    updates = [
        q["sql"]
        for q in queries
        if q["sql"].startswith('UPDATE "tournaments_eventworkbook"')
    ]
    assert 3 <= len(updates) <= 12, len(updates)  # claim, progress..., done


def test_deleting_the_event_removes_its_stored_workbook(client, big, sent):
    from tournaments.services.event_deletion import event_delete

    client.get(url(big))
    workbook_build_run(*sent[0])
    assert EventWorkbook.objects.get().status == "done"
    event_delete(big.pk, confirm=big.name, user=None)
    assert not EventWorkbook.objects.exists()


def test_a_big_event_in_play_is_still_a_409(section, settings, sent):
    """Boards in play: refused (409) before any build is asked, as today."""
    from django.test import Client

    from tournaments.services.results import result_submit

    settings.DONNE_EXCEL_TASK_LINES = 0
    ns, ew = (
        section.pairs.get(number=1, direction="NS"),
        section.pairs.get(number=1, direction="EW"),
    )
    board = section.boards.get(number=1)
    result_submit(board=board, ns_pair=ns, ew_pair=ew, contract="4S",
                  declarer="N", tricks=10)  # fmt: skip
    event = section.session.event
    Event.objects.filter(pk=event.pk).update(results_hidden=False)
    response = Client().get(url(event), **JSON)
    assert response.status_code == 409
    assert not sent and not EventWorkbook.objects.exists()
