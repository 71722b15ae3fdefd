"""Publishing results: provisional banner, hidden results, live version."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from section_play import club_night, play_line

from tournaments.models import Event, Pair, Section
from tournaments.rescore import rescore_section

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    """Board 1 played twice: 4H= and 4H+1: 12.50 % and 87.50 % for NS (Neuberg)."""
    section = club_night()
    play_line(section, 1, "1NS", "1EW", 10)
    play_line(section, 1, "3NS", "2EW", 11)
    rescore_section(section.pk)
    # Board 1 is still in play at table 2: these tests are about publication,
    # so travellers show while boards are in play (test_traveller_privacy).
    Section.objects.filter(pk=section.pk).update(
        traveller_privacy=Section.TravellerPrivacy.ALWAYS
    )
    section.refresh_from_db()
    return section


def pages(section: Section) -> list[str]:
    pair = Pair.objects.get(section=section, number=1, direction="NS")
    return [
        reverse("results:event", args=[section.session.event_id]),
        reverse("results:board", args=[section.pk, 1]),
        reverse("results:pair", args=[section.pk, pair.pk]),
    ]


def publication(event: Event, action: str) -> str:
    return reverse("director:event-publication", args=[event.pk, action])


def test_the_pages_are_provisional_and_live_until_published(director, section):
    event = section.session.event
    public = Client()
    for url in pages(section):
        html = public.get(url).content.decode()
        assert "Provisional" in html, url
        assert "12.50" in html and "live.js" in html, url
        assert reverse("results:event-version", args=[event.pk]) in html
    response = director.post(publication(event, "publish"), follow=True)
    assert Event.objects.get().published
    assert "Results published" in response.content.decode()
    for url in pages(section):
        html = public.get(url).content.decode()
        assert "Provisional" not in html and "live.js" not in html, url
        assert "12.50" in html, url
    director.post(publication(event, "unpublish"))
    assert not Event.objects.get().published


def test_hidden_results_show_no_numbers_to_the_public(
    client, django_user_model, section
):
    event = section.session.event
    staff = django_user_model.objects.create_user(
        "td", password="pw", is_staff=True, is_superuser=True
    )
    client.force_login(staff)
    client.post(publication(event, "hide"))
    assert Event.objects.get().results_hidden
    for url in pages(section):
        html = client.get(url).content.decode()
        assert "12.50" in html and "hidden until you publish" in html, url
    client.logout()
    for url in pages(section):
        response = client.get(url)
        html = response.content.decode()
        assert response.status_code == 200
        assert "Results will be published at the end" in html, url
        assert "12.50" not in html and "0.00" not in html and "%" not in html
        assert "live.js" in html
    excel = client.get(reverse("results:excel", args=[event.pk]))
    assert excel.status_code == 404
    event.published = True
    event.save()
    for url in pages(section):
        assert "12.50" in client.get(url).content.decode(), url


def test_showing_hidden_results_again(director, section):
    event = section.session.event
    director.post(publication(event, "hide"))
    director.post(publication(event, "show"))
    assert not Event.objects.get().results_hidden


def test_publication_is_post_only_and_for_staff(director, section):
    event = section.session.event
    assert director.get(publication(event, "publish")).status_code == 405
    assert director.post(publication(event, "nonsense")).status_code == 404
    response = Client().post(publication(event, "publish"), follow=True)
    assert response.redirect_chain[-1][0].startswith("/accounts/login/?next=")
    assert not Event.objects.get().published


def test_the_event_page_offers_the_publication_buttons(director, section):
    event = section.session.event
    html = director.get(reverse("director:event", args=[event.pk])).content.decode()
    assert publication(event, "publish") in html
    assert publication(event, "hide") in html


def test_the_version_changes_with_a_new_result(client, section):
    url = reverse("results:event-version", args=[section.session.event_id])
    before = client.get(url).json()
    assert set(before) == {"version", "stale"} and before["version"]
    assert before["stale"] is True  # the fixture's lines were never rescored
    assert client.get(url).json() == before
    play_line(section, 1, "2NS", "3EW", 9)
    after = client.get(url).json()
    assert after["version"] != before["version"]
    Event.objects.update(published=True)
    assert client.get(url).json()["version"] != after["version"]
