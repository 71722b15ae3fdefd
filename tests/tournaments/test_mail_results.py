"""Results e-mailed to the players: one mail each, progress, failures counted,
a stopped broker or a lost worker caught up by the sweep."""

from __future__ import annotations

import datetime as dt
import smtplib
from datetime import timedelta

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from tournaments.models import Club, Event, MailJob, Pair, Player, Section
from tournaments.scoring_io import rescore_section
from tournaments.services import mail_jobs
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)
from tournaments.services.mail_jobs import mail_job_run, mail_jobs_sweep
from tournaments.services.results import result_submit
from tournaments.tasks_mail import send_results

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def committing(django_capture_on_commit_callbacks, monkeypatch):
    """Each request's on-commit callbacks (the queued job) run as it ends."""
    request = Client.request

    def committed(self, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return request(self, **kwargs)

    monkeypatch.setattr(Client, "request", committed)


def play(section: Section, board: int, ns: str, ew: str, tricks: int) -> None:
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    result_submit(
        board=section.boards.get(number=board), ns_pair=pairs[ns], ew_pair=pairs[ew],
        contract="4H", declarer="N", tricks=tricks, rescore=False,
    )  # fmt: skip


@pytest.fixture
def section() -> Section:
    """A published 3-table Mitchell of 12 club players, 10 with an address
    (the two of pair 3EW have none).  Board 1: 1NS 4H= (12.50 %), 3NS 4H+1
    (87.50 %); board 3: 2NS 4H= against 2EW, alone (50 %)."""
    club = Club.objects.create(name="BC Donne")
    players = [
        Player.objects.create(
            club=club,
            first_name=f"First{n}",
            last_name=f"Last{n}",
            email="" if n >= 10 else f"p{n}@example.org",
        )
        for n in range(12)
    ]
    event = event_create(
        name="Club night", date=dt.date(2026, 11, 20), club=club, published=True
    )
    section = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", 3, 2),
        entries=[PairEntry(players=players[i : i + 2]) for i in range(0, 12, 2)],
    )
    play(section, 1, "1NS", "1EW", 10)
    play(section, 1, "3NS", "2EW", 11)
    play(section, 3, "2NS", "2EW", 10)
    rescore_section(section.pk)
    return section


def start(client: Client, section: Section, **data):
    return client.post(reverse("director:section-mail", args=[section.pk]), data)


def pair_of(section: Section, label: str) -> Pair:
    return next(pair for pair in section.pairs.all() if pair.label == label)


def test_each_player_with_an_address_gets_one_mail(director, section):
    response = start(director, section)
    job = MailJob.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("director:mail-job", args=[job.pk])
    assert (job.status, job.total, job.sent, job.failed) == ("done", 10, 10, 0)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        f"p{n}@example.org" for n in range(10)
    )
    assert all(len(m.to) == 1 for m in mail.outbox)
    assert len(job.mailed) == 10


def test_a_mail_holds_the_pair_ranking_line_and_its_scorecard_link(director, section):
    start(director, section)
    pair = pair_of(section, "3NS")
    message = next(m for m in mail.outbox if m.to == [pair.players.first().email])
    assert message.subject == "Results: Club night, section A"
    assert f"Pair 3NS: {pair.names}" in message.body
    assert "Rank 1 of 3: 87.50 % (3.5 of 4 matchpoints)" in message.body
    link = f"http://testserver/sections/{section.pk}/pairs/{pair.pk}/"
    assert link in message.body
    assert (
        f"http://testserver/events/{section.session.event_id}/results/" in message.body
    )
    assert message.from_email == "Donne <donne@localhost>"
    second = next(
        m
        for m in mail.outbox
        if m.to == [pair_of(section, "1NS").players.first().email]
    )
    assert "Rank 3 of 3: 12.50 % (0.5 of 4 matchpoints)" in second.body


def test_the_links_use_the_public_address_when_it_is_set(director, section, settings):
    settings.DONNE_PUBLIC_URL = "http://192.168.1.20:8000/"
    start(director, section)
    pair = pair_of(section, "2EW")
    body = next(m for m in mail.outbox if m.to == [pair.players.first().email]).body
    assert f"http://192.168.1.20:8000/sections/{section.pk}/pairs/{pair.pk}/" in body
    assert "testserver" not in body


def test_unpublished_results_go_only_when_the_director_insists(director, section):
    Event.objects.update(published=False)
    page = director.get(reverse("director:section-mail", args=[section.pk]))
    assert 'name="force"' in page.content.decode()
    response = start(director, section)
    assert response.status_code == 409
    assert "not published" in response.content.decode()
    assert not MailJob.objects.exists() and not mail.outbox
    assert start(director, section, force="1").status_code == 302
    assert len(mail.outbox) == 10


def test_a_section_without_any_address_is_refused(director, section):
    Player.objects.update(email="")
    response = start(director, section)
    assert response.status_code == 400
    assert (
        "No player of this section has an e-mail address." in response.content.decode()
    )
    assert not MailJob.objects.exists()


def test_the_page_says_who_gets_a_mail_and_who_has_no_address(director, section):
    body = director.get(
        reverse("director:section-mail", args=[section.pk])
    ).content.decode()
    assert "10 players have an e-mail address" in body
    assert "2 players have none" in body
    assert "p9@example.org" in body


def test_a_second_click_while_sending_gets_the_same_job(director, section):
    job = MailJob.objects.create(section=section, total=10, base_url="http://x")
    response = start(director, section)
    assert response["Location"] == reverse("director:mail-job", args=[job.pk])
    assert MailJob.objects.count() == 1 and not mail.outbox
    with pytest.raises(IntegrityError), transaction.atomic():
        MailJob.objects.create(section=section, total=10, base_url="http://x")


class Bouncing(EmailBackend):
    """Refuses the address p3@example.org, delivers the others."""

    def send_messages(self, messages):
        for message in messages:
            if "p3@example.org" in message.to:
                raise smtplib.SMTPRecipientsRefused({"p3@example.org": (550, b"no")})
        return super().send_messages(messages)


class ServerDown(EmailBackend):
    calls = 0

    def send_messages(self, messages):
        ServerDown.calls += 1
        raise ConnectionRefusedError(111, "Connection refused")


def test_a_refused_address_is_counted_and_the_others_are_sent(
    director, section, monkeypatch
):
    monkeypatch.setattr(mail_jobs, "get_connection", lambda: Bouncing())
    start(director, section)
    job = MailJob.objects.get()
    assert (job.status, job.sent, job.failed) == ("done", 9, 1)
    assert len(mail.outbox) == 9
    assert "First3 Last3" in job.error
    page = director.get(reverse("director:mail-job", args=[job.pk]))
    body = page.content.decode()
    assert "9 of 10 sent." in body and "1 could not be sent." in body
    assert "Refresh" not in page


def test_a_mail_server_down_fails_the_job_at_once(director, section, monkeypatch):
    ServerDown.calls = 0
    monkeypatch.setattr(mail_jobs, "get_connection", lambda: ServerDown())
    start(director, section)
    job = MailJob.objects.get()
    assert (job.status, job.sent, job.failed) == ("failed", 0, 10)
    assert "could not be reached" in job.error and "Connection refused" in job.error
    assert ServerDown.calls == 1 and not mail.outbox


def test_a_stopped_broker_leaves_the_job_queued_and_the_sweep_sends_it(
    director, section, monkeypatch
):
    def down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to redis")

    monkeypatch.setattr(send_results, "apply_async", down)
    response = start(director, section)
    job = MailJob.objects.get()
    assert job.status == "queued" and "task queue could not be reached" in job.error
    page = director.get(response["Location"])
    assert page["Refresh"] == "2" and "Waiting for its turn" in page.content.decode()
    assert mail_jobs_sweep() == {"mail_resent": [], "mail_lost": []}  # too early
    monkeypatch.undo()
    later = timezone.now() + timedelta(minutes=2)
    assert mail_jobs_sweep(later) == {"mail_resent": [job.pk], "mail_lost": []}
    job.refresh_from_db()
    assert (job.status, job.sent, job.error) == ("done", 10, "")
    assert len(mail.outbox) == 10


def test_a_job_whose_worker_was_lost_resumes_without_mailing_twice(section):
    done = [
        p.pk
        for p in Player.objects.filter(email__in=["p0@example.org", "p1@example.org"])
    ]
    job = MailJob.objects.create(
        section=section,
        total=10,
        sent=2,
        mailed=done,
        attempts=1,
        status=MailJob.Status.RUNNING,
        base_url="http://club",
    )
    MailJob.objects.filter(pk=job.pk).update(
        updated=timezone.now() - timedelta(hours=1)
    )
    assert mail_jobs_sweep() == {"mail_resent": [job.pk], "mail_lost": [job.pk]}
    job.refresh_from_db()
    assert (job.status, job.sent, job.failed, job.attempts) == ("done", 10, 0, 2)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        f"p{n}@example.org" for n in range(2, 10)
    )


def test_a_job_is_run_once_even_if_delivered_twice(section):
    job = MailJob.objects.create(section=section, total=10, base_url="http://club")
    assert mail_job_run(job.pk) == "done"
    assert mail_job_run(job.pk) == "done"
    assert len(mail.outbox) == 10
    assert mail_job_run(987654) == ""


def test_a_job_stops_after_its_last_attempt(section):
    job = MailJob.objects.create(
        section=section,
        total=10,
        status=MailJob.Status.RUNNING,
        attempts=3,
        base_url="http://club",
    )
    MailJob.objects.filter(pk=job.pk).update(
        updated=timezone.now() - timedelta(hours=1)
    )
    mail_jobs_sweep()
    job.refresh_from_db()
    assert job.status == "failed" and "worker running it was lost" in job.error
    assert not mail.outbox


def test_the_progress_page_refreshes_while_sending(director, section):
    job = MailJob.objects.create(
        section=section, total=10, sent=3, failed=1, status=MailJob.Status.RUNNING,
        base_url="http://club",
    )  # fmt: skip
    page = director.get(reverse("director:mail-job", args=[job.pk]))
    assert page.status_code == 200 and page["Refresh"] == "2"
    body = page.content.decode()
    assert "3 of 10 sent." in body and 'value="40"' in body


def test_a_name_with_a_line_break_cannot_inject_mail_headers(director, section):
    Event.objects.update(name="Club night\nBcc: victim@example.org")
    start(director, section)
    assert len(mail.outbox) == 10 and MailJob.objects.get().failed == 0
    message = mail.outbox[0]
    assert message.subject == "Results: Club night Bcc: victim@example.org, section A"
    assert message.recipients() == [message.to[0]]
    assert message.message()["Bcc"] is None


def test_mailing_is_for_directors_only(client, section, django_user_model):
    url = reverse("director:section-mail", args=[section.pk])
    assert client.post(url).status_code == 302
    client.force_login(django_user_model.objects.create_user("p", password="pw"))
    assert client.post(url).status_code == 302
    job = MailJob.objects.create(section=section, total=1, base_url="http://x")
    assert client.get(reverse("director:mail-job", args=[job.pk])).status_code == 302
    assert MailJob.objects.count() == 1 and not mail.outbox


def test_unknown_sections_and_jobs_are_404(director, section):
    assert (
        director.post(reverse("director:section-mail", args=[999])).status_code == 404
    )
    assert director.get(reverse("director:mail-job", args=[999])).status_code == 404
    Event.objects.update(kind=Event.Kind.TEAMS)
    assert start(director, section).status_code == 404


def test_deleting_the_event_deletes_its_mailings(director, section):
    start(director, section)
    Event.objects.get().sessions.update(status="closed")
    director.post(
        reverse("director:event-delete", args=[section.session.event_id]),
        {"confirm": "Club night"},
    )
    assert not MailJob.objects.exists()


# -- API ----------------------------------------------------------------------


def api_start(client: Client, section_id: int, body: object = None):
    return client.post(
        f"/api/sections/{section_id}/mail/", body or {}, content_type="application/json"
    )


def test_the_api_starts_a_sending_and_tells_its_progress(director, section):
    response = api_start(director, section.pk)
    assert response.status_code == 202
    job = MailJob.objects.get()
    body = response.json()
    assert body["id"] == job.pk and body["section"] == section.pk
    # Queued as the request commits; the (eager) task runs once it has.
    assert (body["status"], body["total"]) == ("queued", 10)
    assert body["url"] == f"http://testserver/api/mail-jobs/{job.pk}/"
    follow = director.get(f"/api/mail-jobs/{job.pk}/")
    assert follow.status_code == 200
    assert {k: follow.json()[k] for k in ("status", "sent", "failed")} == {
        "status": "done",
        "sent": 10,
        "failed": 0,
    }
    assert len(mail.outbox) == 10


def test_the_api_gives_back_the_sending_under_way(director, section):
    job = MailJob.objects.create(section=section, total=10, base_url="http://x")
    response = api_start(director, section.pk)
    assert response.status_code == 200 and response.json()["id"] == job.pk
    assert not mail.outbox


def test_the_api_refuses_unpublished_results_without_force(director, section):
    Event.objects.update(published=False)
    response = api_start(director, section.pk)
    assert response.status_code == 409 and list(response.json()) == ["force"]
    assert not MailJob.objects.exists()
    assert api_start(director, section.pk, {"force": True}).status_code == 202
    assert len(mail.outbox) == 10


@pytest.mark.parametrize("body", [{"force": "perhaps"}, {"force": [1]}, ["force"]])
def test_the_api_refuses_bad_input_naming_the_field(director, section, body):
    response = api_start(director, section.pk, body)
    assert response.status_code == 400
    assert not MailJob.objects.exists()


def test_the_api_refuses_a_section_without_addresses(director, section):
    Player.objects.update(email="")
    response = api_start(director, section.pk)
    assert response.status_code == 400 and list(response.json()) == ["section"]


def test_the_api_is_for_directors_only(client, section, django_user_model):
    assert api_start(client, section.pk).status_code in (401, 403)
    job = MailJob.objects.create(section=section, total=1, base_url="http://x")
    assert client.get(f"/api/mail-jobs/{job.pk}/").status_code in (401, 403)
    client.force_login(django_user_model.objects.create_user("p", password="pw"))
    assert api_start(client, section.pk).status_code == 403
    assert client.get(f"/api/mail-jobs/{job.pk}/").status_code == 403
    assert not mail.outbox


def test_the_api_404s_unknown_sections_and_jobs(director, section):
    assert api_start(director, 999).status_code == 404
    assert director.get("/api/mail-jobs/999/").status_code == 404
    assert director.get("/api/mail-jobs/null/").status_code == 404


# -- hardening ----------------------------------------------------------------


class Unreachable(EmailBackend):
    def open(self):
        raise TimeoutError("timed out")


def test_a_mail_server_that_cannot_be_opened_fails_the_job(
    director, section, monkeypatch
):
    monkeypatch.setattr(mail_jobs, "get_connection", lambda: Unreachable())
    start(director, section)
    job = MailJob.objects.get()
    assert (job.status, job.sent, job.failed, job.total) == ("failed", 0, 10, 10)
    assert "could not be reached (timed out)" in job.error
    assert not mail.outbox


def test_an_address_with_a_header_in_it_is_counted_not_sent(director, section):
    Player.objects.filter(email="p4@example.org").update(
        email="p4@example.org\nBcc: spy@example.org"
    )
    start(director, section)
    job = MailJob.objects.get()
    assert (job.status, job.sent, job.failed) == ("done", 9, 1)
    assert "First4 Last4" in job.error
    assert all("spy@example.org" not in m.recipients() for m in mail.outbox)
    assert len(mail.outbox) == 9


def test_an_address_added_after_the_start_is_mailed_and_counted(section):
    job = MailJob.objects.create(section=section, total=10, base_url="http://club")
    Player.objects.filter(last_name="Last10").update(email="late@example.org")
    assert mail_job_run(job.pk) == "done"
    job.refresh_from_db()
    assert (job.total, job.sent, job.failed) == (11, 11, 0)
    assert "late@example.org" in [m.to[0] for m in mail.outbox]


class DeletingOnSecond(EmailBackend):
    """Delivers, and the event is deleted as the second mail goes."""

    def send_messages(self, messages):
        sent = super().send_messages(messages)
        if len(mail.outbox) == 2:
            Event.objects.all().delete()
        return sent


def test_a_sending_stops_when_its_event_is_deleted(section, monkeypatch):
    from tournaments.models import Result

    Result.objects.all().delete()  # a line protects its pairs from the cascade
    monkeypatch.setattr(mail_jobs, "get_connection", lambda: DeletingOnSecond())
    job = MailJob.objects.create(section=section, total=10, base_url="http://club")
    assert mail_job_run(job.pk) == ""
    assert len(mail.outbox) == 2


def test_an_unexpected_error_fails_the_job_and_says_so(director, section, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("template missing")

    monkeypatch.setattr(mail_jobs, "results_message", broken)
    start(director, section)
    job = MailJob.objects.get()
    assert job.status == "failed" and job.sent == 0
    assert job.error == "The sending stopped on an unexpected error."
    page = director.get(reverse("director:mail-job", args=[job.pk]))
    assert "Stopped." in page.content.decode() and "Refresh" not in page
