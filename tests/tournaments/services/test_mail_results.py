"""Results e-mailed to the players: one mail each with its ranking line and
scorecard link, the director's pages, who may send."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import IntegrityError, transaction
from django.urls import reverse
from mail_play import mailing_section, pair_of, start

from tournaments.models import Event, MailJob, Player, Section

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("requests_commit")]


@pytest.fixture
def section() -> Section:
    return mailing_section()


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


def test_the_demo_club_night_can_be_mailed(demo, director):
    """The demo's members have (example.org) addresses: the finished 7-table
    Mitchell mails its 28 players, each the line of the pair they played in."""
    section = Section.objects.get(session__event__name="Tuesday Mitchell", letter="A")
    response = start(director, section, force="1")
    assert response.status_code == 302
    job = MailJob.objects.get()
    assert (job.status, job.total, job.sent, job.failed) == ("done", 28, 28, 0)
    assert len({m.to[0] for m in mail.outbox}) == 28
    score = section.pairs.get(number=1, direction="NS").score
    first = section.pairs.get(number=1, direction="NS").players.order_by("pk")[0]
    body = next(m.body for m in mail.outbox if m.to == [first.email])
    assert f"{score.pct:.2f} %" in body and f"Rank {score.rank} of 7" in body
