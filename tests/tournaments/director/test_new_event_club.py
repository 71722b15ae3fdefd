"""A new event starts in the director's club (issue 32): its typed names
become the club's players, and the mail page says why nobody gets a mail."""

from __future__ import annotations

import datetime as dt

import pytest
from director_forms import NEW_EVENT_SETTINGS, new_section_form
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Event, Player, Section
from tournaments.services.directors import director_create
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def club_initial(client: Client) -> object:
    page = client.get(reverse("director:event-new"))
    assert page.status_code == 200
    return page.context["form"]["club"].value()


def six_pairs(client: Client, event: Event) -> Section:
    """The director enters six pairs by name on the section page."""
    url, data = new_section_form(
        client, event, 6, lambda i: (f"Ann Able{i}", f"Bob Baker{i}")
    )
    assert client.post(url, data).status_code == 302
    return Section.objects.get(session__event=event)


def test_the_site_administrator_of_the_one_club_gets_it_preselected(director):
    club = Club.objects.create(name="BC Donne")
    assert club_initial(director) == club.pk
    page = director.get(reverse("director:event-new")).content.decode()
    assert f'<option value="{club.pk}" selected>BC Donne</option>' in page


def test_a_new_event_of_the_preselected_club_makes_its_names_players(director):
    club = Club.objects.create(name="BC Donne")
    data = {"name": "Tuesday", "date": "2026-11-24", "club": club_initial(director)}
    response = director.post(reverse("director:event-new"), data | NEW_EVENT_SETTINGS)
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.club == club
    section = six_pairs(director, event)
    assert Player.objects.filter(club=club).count() == 12
    assert sorted(section.pairs.get(number=1, direction="NS").players.values_list(
        "last_name", flat=True
    )) == ["Able0", "Baker0"]  # fmt: skip
    # Next step: the mail page says why no mail can go, and where to fix it.
    page = director.get(reverse("director:section-mail", args=[section.pk]))
    text = page.content.decode()
    assert "0 players have an e-mail address" in text
    assert (
        "None of the 12 players of this section has an e-mail address: add them "
        "on the club's players page."
    ) in text
    admin = reverse("admin:tournaments_club_change", args=[club.pk])
    assert f'<a href="{admin}">The club\'s players</a>' in text
    assert director.get(admin).status_code == 200


def test_a_director_of_two_clubs_starts_in_the_club_of_their_last_event():
    made = director_create("two", "Club A", "two-clubs-director-pw")
    user, first = made.user, made.club
    second = Club.objects.create(name="Club B")
    second.directors.add(user)
    client = signed_in(user)
    assert club_initial(client) is None  # no event yet: they must choose
    refused = client.post(
        reverse("director:event-new"),
        {"name": "No club", "date": "2026-11-24"} | NEW_EVENT_SETTINGS,
    )
    assert refused.status_code == 400
    assert "club" in refused.context["form"].errors
    event_create(name="Old", date=dt.date(2026, 11, 1), club=first, user=user)
    event_create(name="Last", date=dt.date(2026, 11, 2), club=second, user=user)
    assert club_initial(client) == second.pk


def test_an_events_settings_keep_the_club_it_has(director):
    Club.objects.create(name="BC Donne")
    event = event_create(name="Bare", date=dt.date(2026, 11, 20))
    page = director.get(reverse("director:event-settings", args=[event.pk]))
    assert page.context["form"]["club"].value() is None


def test_the_mail_page_of_an_event_without_club_says_why_nobody_gets_one(director):
    event = event_create(name="Bare", date=dt.date(2026, 11, 20))
    section = six_pairs(director, event)
    assert not Player.objects.exists()
    text = director.get(reverse("director:section-mail", args=[section.pk]))
    assert (
        "This event has no club, so the names of its pairs are not players and "
        "have no e-mail address: give the event its club in its settings."
    ) in text.content.decode()
