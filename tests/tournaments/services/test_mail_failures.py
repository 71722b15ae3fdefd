"""Results by e-mail when things go wrong: a refused address, a mail server
down, a stopped broker, a lost worker, a deleted event, an unexpected error."""

from __future__ import annotations

import smtplib
from datetime import timedelta

import pytest
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError
from mail_play import mailing_section, start

from tournaments.models import Event, MailJob, Player, Result, Section
from tournaments.services import mail_jobs
from tournaments.services.mail_jobs import mail_job_run, mail_jobs_sweep
from tournaments.tasks.mail import send_results

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("requests_commit")]


@pytest.fixture
def section() -> Section:
    return mailing_section()


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
