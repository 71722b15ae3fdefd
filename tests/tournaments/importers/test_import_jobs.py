"""Large results files are imported by a Celery job, in short transactions:
the director follows its progress, the same file is never imported twice,
and a failed job leaves nothing half-written."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.importers import import_jobs
from tournaments.importers.import_jobs import JOB_THRESHOLD_BYTES, import_job_run
from tournaments.models import Event, ImportJob, Pair, Result

pytestmark = pytest.mark.django_db

PAIRS = 10
BOARDS = 30
HEADER = "PairId_NS;PairId_EW;Contract;Declarer;Result"


def large_pbn(duplicate_last_line: bool = False) -> bytes:
    """A Mitchell of 10 pairs a side over 30 boards (300 lines), one game per
    board with its ScoreTable, padded over the job threshold with % lines."""
    games = []
    for board in range(1, BOARDS + 1):
        rows = [
            f"{ns}NS {(ns + board) % PAIRS + 1}EW 4S N {9 + (ns + board) % 3}"
            for ns in range(1, PAIRS + 1)
        ]
        if duplicate_last_line and board == BOARDS:
            rows.append(rows[-1])
        games.append(
            f'[Event "Big night"]\n[Board "{board}"]\n[ScoreTable "{HEADER}"]\n'
            + "\n".join(rows)
        )
    text = "\n\n".join(games) + "\n"
    padding = ("%" + "x" * 99 + "\n") * (JOB_THRESHOLD_BYTES // 100 + 10)
    return (padding + text).encode()


@pytest.fixture(autouse=True)
def committing(django_capture_on_commit_callbacks, monkeypatch):
    """Each request's on-commit callbacks (the queued job, then its scoring)
    run as the request ends, as they would outside the test's transaction."""
    from django.test import Client

    request = Client.request

    def committed(self, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return request(self, **kwargs)

    monkeypatch.setattr(Client, "request", committed)


def post(client, data: bytes, name: str = "big.pbn"):
    return client.post("/api/results-files/", {"file": SimpleUploadedFile(name, data)})


def test_a_large_file_is_a_202_job_that_imports_the_event(director, monkeypatch):
    monkeypatch.setattr(import_jobs, "BATCH_LINES", 7)  # many short transactions
    data = large_pbn()
    assert len(data) > JOB_THRESHOLD_BYTES
    response = post(director, data)
    assert response.status_code == 202, response.content
    body = response.json()
    job = ImportJob.objects.get()
    assert body["job"] == job.pk
    assert body["url"] == f"http://testserver/api/import-jobs/{job.pk}/"
    assert body["message"] == "The file is being imported: follow its job."
    detail = director.get(body["url"])
    assert detail.status_code == 200
    shown = detail.json()
    event = Event.objects.get()
    assert (shown["status"], shown["done"], shown["total"]) == ("done", 300, 300)
    assert (shown["event"], shown["faults"], shown["fault_count"]) == (
        event.pk,
        [],
        0,
    )
    assert shown["file_name"] == "big.pbn"
    assert event.name == "Big night"
    assert Result.objects.filter(board__section__session__event=event).count() == 300
    job.refresh_from_db()
    assert job.sha256 and bytes(job.data) == b""  # the upload is not kept


def test_a_large_bridgewebs_mitchell_numbered_in_each_direction_is_a_job(director):
    """The same night written "1 3 4S N 10" (numbers 1..10 in each
    direction; "9 9" on board 9): the job reads it as a Mitchell."""
    data = large_pbn().replace(b"NS ", b" ").replace(b"EW ", b" ")
    assert b"\n9 9 4S N" in data
    response = post(director, data)
    assert response.status_code == 202, response.content
    assert ImportJob.objects.get().status == "done"
    pairs = Pair.objects.filter(section__session__event=Event.objects.get())
    assert (
        sorted(pairs.values_list("direction", flat=True)) == ["EW"] * 10 + ["NS"] * 10
    )
    assert Result.objects.count() == 300


def test_the_same_file_again_returns_its_job_not_a_second_event(director):
    data = large_pbn()
    first = post(director, data).json()
    again = post(director, data, name="copy.pbn")
    assert again.status_code == 200
    assert again.json()["job"] == first["job"]
    assert again.json()["message"] == (
        "This file was already sent: here is its import, not a second one."
    )
    assert Event.objects.count() == 1
    assert ImportJob.objects.count() == 1


def test_a_file_whose_event_was_deleted_can_be_imported_again(director):
    data = large_pbn()
    post(director, data)
    Result.objects.all().delete()
    Event.objects.all().delete()
    again = post(director, data)
    assert again.status_code == 202
    assert ImportJob.objects.get().pk == again.json()["job"]
    assert Event.objects.count() == 1


def test_two_live_jobs_of_one_file_cannot_exist():
    from django.db import IntegrityError, transaction

    ImportJob.objects.create(kind="results", sha256="a" * 64, status="running")
    ImportJob.objects.create(kind="results", sha256="a" * 64, status="failed")
    with pytest.raises(IntegrityError), transaction.atomic():
        ImportJob.objects.create(kind="results", sha256="a" * 64)


def test_a_failed_job_removes_its_committed_batches(director, monkeypatch):
    """The store fails on its sixth batch, after 250 lines were committed in
    batches of 50 (issue 21: the lines are checked first, so only the store
    itself can fail midway); the event goes, the fault stays."""
    from tournaments.services.bulk_lines import SectionLines

    monkeypatch.setattr(import_jobs, "BATCH_LINES", 50)
    stored = SectionLines.store

    def failing(self, start=0, stop=None, **kwargs):
        if start == 250:
            raise ValidationError("refused by the database")
        return stored(self, start, stop, **kwargs)

    monkeypatch.setattr(SectionLines, "store", failing)
    response = post(director, large_pbn())
    assert response.status_code == 202
    job = ImportJob.objects.get()
    assert job.status == "failed"
    assert (job.done, job.total) == (250, 300)  # five batches of 50 committed
    assert (job.fault_count, job.faults) == (1, ["refused by the database"])
    assert job.event is None
    assert not Event.objects.exists()
    assert not Result.objects.exists() and not Pair.objects.exists()


def test_a_refused_line_fails_the_job_before_a_line_is_stored(director, monkeypatch):
    """The write path's rules refuse the file's last line (board 30, 10NS v
    1EW): every line is checked before any is stored, so the job stored none."""
    from tournaments.services.bulk_lines import SectionLines

    monkeypatch.setattr(import_jobs, "BATCH_LINES", 50)
    checked = SectionLines.check

    def refusing(self, line):
        if (line.board.number, line.ns_pair.label) == (BOARDS, "10NS"):
            raise ValidationError("refused by the write path")
        return checked(self, line)

    monkeypatch.setattr(SectionLines, "check", refusing)
    response = post(director, large_pbn())
    assert response.status_code == 202
    job = ImportJob.objects.get()
    assert (job.status, job.done, job.total) == ("failed", 0, 300)
    assert job.fault_count == 1
    assert job.faults[0].startswith("Board 30, line ")
    assert job.faults[0].endswith(" (10NS v 1EW): refused by the write path")
    assert not Event.objects.exists() and not Result.objects.exists()


def test_a_pair_twice_on_a_board_fails_the_job_before_any_line_is_stored(director):
    """The file's last line repeats the one before: refused on reading,
    naming the board and both lines of the file."""
    data = large_pbn(duplicate_last_line=True)
    last = data.decode().splitlines().index("10NS 1EW 4S N 10") + 1
    response = post(director, data)
    assert response.status_code == 202
    job = ImportJob.objects.get()
    assert (job.status, job.done, job.event) == ("failed", 0, None)
    assert job.faults == [
        f"Board 30, line {last + 1} (10NS v 1EW): pair 10NS plays this board "
        f"twice (also at line {last})"
    ]
    assert not Event.objects.exists()


def test_a_large_file_that_cannot_be_read_fails_with_its_fault(director):
    data = large_pbn().replace(b'[Board "3"]', b'[Board "99999999999999999999"]')
    response = post(director, data)
    assert response.status_code == 202
    shown = director.get(response.json()["url"]).json()
    assert shown["status"] == "failed"
    assert shown["event"] is None
    assert len(shown["faults"]) == 1
    assert "board 999999999999… must be from 1 to 999" in shown["faults"][0]
    assert not Event.objects.exists()


def test_an_unexpected_error_fails_the_job_and_removes_the_event(director, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(import_jobs, "imported_section_create", broken)
    response = post(director, large_pbn())
    assert response.status_code == 202
    job = ImportJob.objects.get()
    assert (job.status, job.faults) == (
        "failed",
        ["The import stopped on an unexpected error."],
    )
    assert not Event.objects.exists()


def test_a_job_over_its_time_limit_fails_and_removes_the_event(director, monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    from tournaments.services.bulk_lines import SectionLines

    def slow(*args, **kwargs):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(SectionLines, "store", slow)
    post(director, large_pbn())
    job = ImportJob.objects.get()
    assert (job.status, job.faults, job.fault_count) == (
        "failed",
        ["The import took too long and was stopped."],
        1,
    )
    assert not Event.objects.exists()


def test_a_job_runs_once(director):
    post(director, large_pbn())
    job = ImportJob.objects.get()
    assert import_job_run(job.pk) == "done"  # already done: nothing again
    assert Event.objects.count() == 1


def test_the_directors_page_follows_the_job_to_the_event(director):
    response = director.post(
        reverse("director:results-import"),
        {"file": SimpleUploadedFile("big.pbn", large_pbn())},
    )
    job = ImportJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("director:import-job", args=[job.pk])
    page = director.get(response["Location"])
    event = Event.objects.get()
    assert page.status_code == 200
    assert "Refresh" not in page  # done: it stops refreshing
    content = page.content.decode()
    assert "Imported." in content
    assert reverse("director:event", args=[event.pk]) in content
    again = director.post(
        reverse("director:results-import"),
        {"file": SimpleUploadedFile("big.pbn", large_pbn())},
        follow=True,
    )
    assert again.redirect_chain[-1][0] == reverse("director:import-job", args=[job.pk])
    shown = [str(message) for message in again.context["messages"]]
    assert shown == [
        "This file was already sent: here is its import, not a second one."
    ]
    assert Event.objects.count() == 1


def test_a_running_jobs_page_refreshes_every_two_seconds(director):
    job = ImportJob.objects.create(
        file_name="big.pbn",
        kind="results",
        sha256="0" * 64,
        status="running",
        done=30,
        total=120,
    )
    page = director.get(reverse("director:import-job", args=[job.pk]))
    assert page["Refresh"] == "2"
    assert "30 of 120 lines stored." in page.content.decode()
    assert '<progress max="100" value="25">' in page.content.decode()


def test_a_failed_jobs_page_lists_its_faults(director):
    faults = [f"Line {n}: bad" for n in range(1, 101)] + ["… and 5 more faults"]
    job = ImportJob.objects.create(
        file_name="big.pbn",
        kind="results",
        sha256="0" * 64,
        status="failed",
        faults=faults,
        fault_count=105,
    )
    page = director.get(reverse("director:import-job", args=[job.pk]))
    assert "Refresh" not in page
    content = page.content.decode()
    assert content.count("<li>Line ") == 100
    assert "… and 5 more faults" in content


def test_only_directors_create_or_read_jobs(client, django_user_model):
    job = ImportJob.objects.create(file_name="a.pbn", kind="results", sha256="0")
    url = f"/api/import-jobs/{job.pk}/"
    assert client.get(url).status_code == 401
    assert post(client, large_pbn()).status_code == 401
    page = reverse("director:import-job", args=[job.pk])
    assert client.get(page).status_code == 302  # to the login page
    client.force_login(django_user_model.objects.create_user("player"))
    assert client.get(url).status_code == 403
    assert post(client, large_pbn()).status_code == 403
    assert client.get(page).status_code == 302
    assert ImportJob.objects.count() == 1
    assert not Event.objects.exists()


def test_an_unknown_job_is_a_404(director):
    assert director.get("/api/import-jobs/999/").status_code == 404


def test_celery_finds_the_import_task():
    from config.celery import app

    app.loader.import_default_modules()
    assert "imports.run_job" in app.tasks


def test_a_job_stores_the_same_event_as_a_direct_import(
    data_dir, django_capture_on_commit_callbacks, monkeypatch
):
    """A real USEBIO Mitchell through a job (batches of 25 lines) ranks every
    pair as the one-transaction import does."""
    from tournaments.importers.import_jobs import import_job_start
    from tournaments.importers.results_files import results_file_import
    from tournaments.models import PairScore

    monkeypatch.setattr(import_jobs, "BATCH_LINES", 25)
    data = (data_dir / "usebio" / "mp_pairs_mitchell.xml").read_bytes()
    with django_capture_on_commit_callbacks(execute=True):
        job, new = import_job_start(data, file_name="mitchell.xml")
    with django_capture_on_commit_callbacks(execute=True):
        direct = results_file_import(data)
    job.refresh_from_db()
    assert (new, job.status, job.done) == (True, "done", job.total)

    def ranking(event: Event) -> dict[str, tuple[float, str]]:
        scores = PairScore.objects.filter(pair__section__session__event=event)
        return {s.pair.label: (s.pct, s.rank) for s in scores}

    assert ranking(job.event) == ranking(direct)
    assert len(ranking(direct)) > 10


def test_the_sweep_resends_a_job_never_received_and_fails_a_lost_one(
    monkeypatch, django_user_model
):
    """A job sent while the broker was down is sent again; a job whose worker
    died mid-import is failed and its half-built event removed."""
    import datetime as dt

    from django.utils import timezone

    from tournaments.importers.import_jobs import import_jobs_sweep

    sent = []
    monkeypatch.setattr(import_jobs, "send_task", lambda task, *a: sent.append(a))
    old = timezone.now() - dt.timedelta(hours=1)
    waiting = ImportJob.objects.create(file_name="a.pbn", sha256="a" * 64, data=b"x")
    lost = ImportJob.objects.create(
        file_name="b.pbn", sha256="b" * 64, data=b"y", status="running"
    )
    half = Event.objects.create(name="Half built", date=dt.date(2026, 11, 24))
    ImportJob.objects.filter(pk=lost.pk).update(event=half)
    fresh = ImportJob.objects.create(
        file_name="c.pbn", sha256="c" * 64, data=b"z", status="running"
    )
    ImportJob.objects.filter(pk__in=[waiting.pk, lost.pk]).update(updated=old)
    assert import_jobs_sweep() == {"resent": [waiting.pk], "failed": [lost.pk]}
    assert sent == [(waiting.pk,)]
    lost.refresh_from_db()
    assert lost.status == "failed" and "worker" in lost.faults[0]
    assert not Event.objects.filter(pk=half.pk).exists()
    fresh.refresh_from_db()
    assert fresh.status == "running"


def test_a_jobs_progress_moves_a_batch_at_a_time(director, monkeypatch):
    """300 lines in batches of 100: the count moves three times while the
    lines are stored (never once a line), each time in its own commit."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    monkeypatch.setattr(import_jobs, "BATCH_LINES", 100)
    with CaptureQueriesContext(connection) as queries:
        post(director, large_pbn())
    moves = [
        q["sql"]
        for q in queries
        if q["sql"].startswith('UPDATE "tournaments_importjob"')
        and '"done" =' in q["sql"]
        and '"done" + ' in q["sql"]
    ]
    assert len(moves) == 3
    job = ImportJob.objects.get()
    assert (job.status, job.done, job.total) == ("done", 300, 300)
