"""The round clock's pages: the console's panel and controls, the room
screen, and the tablet's clock bar with its ``/table/clock/`` answer."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tournaments.models import Club, Event, RoundClock, SectionChange

pytestmark = pytest.mark.django_db


def console(section) -> str:
    return f"/director/sections/{section.pk}/console/"


def control(client, section, **form):
    return client.post(f"/director/sections/{section.pk}/clock/change/", form)


def test_the_console_shows_the_clock_and_its_controls(director, section):
    page = director.get(console(section)).content.decode()
    assert f'data-clock="/api/sections/{section.pk}/clock/"' in page
    assert '<strong class="clock-time" data-clock-time>15:00</strong>' in page
    assert 'name="minutes" type="number" min="0.1" max="120" step="any" value="15"' in (
        page
    )
    for button in ("Start the round", "Pause", "Resume", "+1 min"):
        assert f">{button}</button>" in page
    assert f'href="/director/sections/{section.pk}/clock/"' in page


def test_the_console_buttons_start_pause_resume_and_add(director, section):
    reply = control(director, section, action="start", minutes="20")
    assert reply.status_code == 302
    assert reply["Location"] == console(section)
    clock = RoundClock.objects.get(section=section)
    assert (clock.length, clock.round, clock.paused_left) == (1200, 1, None)
    page = director.get(console(section)).content.decode()
    assert "The round clock started." in page
    assert 'value="20"' in page

    control(director, section, action="pause")
    clock.refresh_from_db()
    assert clock.ends_at is None and 1195 <= clock.paused_left <= 1200
    control(director, section, action="add")
    clock.refresh_from_db()
    assert 1255 <= clock.paused_left <= 1260
    control(director, section, action="resume")
    clock.refresh_from_db()
    assert clock.paused_left is None and clock.ends_at is not None
    assert SectionChange.objects.filter(section=section).count() == 4


def test_a_faulty_length_or_a_refused_action_is_said_on_the_console(director, section):
    reply = control(director, section, action="start", minutes="soon")
    assert reply.status_code == 302
    page = director.get(console(section)).content.decode()
    assert "Type the round&#x27;s length in minutes." in page
    control(director, section, action="pause")
    page = director.get(console(section)).content.decode()
    assert "The clock is not running." in page
    control(director, section, action="start", minutes="500")
    page = director.get(console(section)).content.decode()
    assert "A round lasts 1 to 7200 seconds." in page
    assert not SectionChange.objects.filter(section=section).exists()


def test_the_room_screen_is_the_directors(director, section):
    control(director, section, action="start", minutes="1")
    page = director.get(f"/director/sections/{section.pk}/clock/")
    assert page.status_code == 200
    text = page.content.decode()
    assert '<body class="clock-room">' in text
    assert 'data-push="/push/?t=' in text
    assert "Round 1</p>" in text
    assert "NS stay, EW up one table, boards down one table." in text
    # Anybody else: the sign-in page; another club's director: 404.
    assert Client().get(f"/director/sections/{section.pk}/clock/").status_code == 302
    event = Event.objects.get(pk=section.session.event_id)
    event.club = Club.objects.create(name="Home club")
    event.save()
    stranger = get_user_model().objects.create_user(
        "far", password="pw-far-2026", is_staff=True
    )
    Club.objects.create(name="Other club").directors.add(stranger)
    far = Client()
    far.force_login(stranger)
    assert far.get(f"/director/sections/{section.pk}/clock/").status_code == 404
    assert control(far, section, action="pause").status_code == 404


def test_the_tablet_has_a_clock_bar_and_reads_its_clock(director, section):
    client = Client()
    code = section.table_set.get(number=1).code
    client.post("/table/", {"code": code})
    page = client.get("/table/play/").content.decode()
    assert 'data-clock="/table/clock/"' in page
    assert "/static/clock.js" in page
    before = client.get("/table/clock/").json()
    assert (before["state"], before["ended"], before["table"]) == ("stopped", False, 1)
    assert before["table_moves"] == []
    control(director, section, action="start", minutes="10")
    body = client.get("/table/clock/").json()
    assert (body["round"], body["state"]) == (1, "running")
    assert 595 <= body["seconds_left"] <= 600
    assert body["table_moves"][0] == "1NS: table 1"
    assert Client().get("/table/clock/").status_code == 403
