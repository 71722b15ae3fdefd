"""Results by e-mail through the API: start a sending, follow it; directors only."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from mail_play import mailing_section

from tournaments.models import Event, MailJob, Player, Section

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("requests_commit")]


@pytest.fixture
def section() -> Section:
    return mailing_section()


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


def test_the_api_needs_the_csrf_token_with_a_session(section, django_user_model):
    client = Client(enforce_csrf_checks=True)
    client.force_login(
        django_user_model.objects.create_user(
            "boss", password="pw", is_staff=True, is_superuser=True
        )
    )
    assert api_start(client, section.pk).status_code == 403
    assert not MailJob.objects.exists() and not mail.outbox
