"""The round clock's API: who reads and changes it, each action, each field.

``section`` is a 3-table Mitchell of 2 boards a round (3 rounds): its
default round length is 2 x 7.5 min = 900 s.  The time is the test's own
(``clock_at``): the service and the API read ``timezone.now``.
"""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tournaments.live import channel
from tournaments.models import Club, Event, RoundClock, SectionChange, Table
from tournaments.services import push
from tournaments.services.table_rounds import table_move_on
from tournaments.services.tokens import issue_table_token

from ..conftest import mitchell_section

pytestmark = pytest.mark.django_db

START = dt.datetime(2026, 11, 24, 20, 0, tzinfo=dt.UTC)


class Now:
    """The time the code under test reads; ``later`` moves it on."""

    def __init__(self) -> None:
        self.at = START

    def later(self, seconds: int) -> None:
        self.at += dt.timedelta(seconds=seconds)


@pytest.fixture
def clock_at(monkeypatch) -> Now:
    now = Now()
    monkeypatch.setattr(timezone, "now", lambda: now.at)
    return now


def url(section) -> str:
    return f"/api/sections/{section.pk}/clock/"


def tablet(section, number: int = 1) -> dict:
    token = issue_table_token(Table.objects.get(section=section, number=number))
    return {"HTTP_AUTHORIZATION": f"Table {token}"}


def change(client, section, body: dict, **headers):
    return client.post(url(section), body, "application/json", **headers)


def iso(moment: dt.datetime) -> str:
    """As the API writes a time: in the site's zone (Paris, +01:00 in November)."""
    return timezone.localtime(moment).isoformat()


MOVE = ["NS stay, EW up one table, boards down one table."]


def test_before_any_start_the_clock_is_stopped_in_round_1(director, section, clock_at):
    body = director.get(url(section)).json()
    assert body == {
        "round": 1, "state": "stopped", "seconds_left": 900, "ends_at": None,
        "ended": False, "length": 900, "rounds": 3, "move": MOVE,
        "late_tables": [],
    }  # fmt: skip
    assert not RoundClock.objects.exists()


def test_start_pause_add_resume_and_the_end_of_the_round(director, section, clock_at):
    reply = change(director, section, {"action": "start", "seconds": 600})
    assert reply.status_code == 200
    body = reply.json()
    assert (body["round"], body["state"], body["seconds_left"]) == (1, "running", 600)
    assert body["ends_at"] == "2026-11-24T21:10:00+01:00"
    assert body["ends_at"] == iso(START + dt.timedelta(seconds=600))
    assert body["length"] == 600
    clock = RoundClock.objects.get(section=section)
    assert (clock.round, clock.length, clock.paused_left) == (1, 600, None)
    assert clock.ends_at == START + dt.timedelta(seconds=600)

    clock_at.later(100)
    assert director.get(url(section)).json()["seconds_left"] == 500
    paused = change(director, section, {"action": "pause"}).json()
    assert (paused["state"], paused["seconds_left"], paused["ends_at"]) == (
        "paused", 500, None
    )  # fmt: skip
    clock_at.later(300)  # paused: nothing runs
    assert director.get(url(section)).json()["seconds_left"] == 500
    added = change(director, section, {"action": "add", "seconds": 60}).json()
    assert (added["state"], added["seconds_left"]) == ("paused", 560)
    resumed = change(director, section, {"action": "start"}).json()
    assert (resumed["state"], resumed["seconds_left"]) == ("running", 560)
    assert resumed["ends_at"] == iso(clock_at.at + dt.timedelta(seconds=560))

    clock_at.later(560)
    ended = director.get(url(section)).json()
    assert ended["state"] == "stopped"
    assert (ended["seconds_left"], ended["ended"], ended["round"]) == (0, True, 1)
    assert ended["ends_at"] == iso(clock_at.at)
    assert ended["late_tables"] == [1, 2, 3]  # no board of round 1 is in

    # The director's next start times the next round, for the set length.
    following = change(director, section, {"action": "start"}).json()
    assert (following["round"], following["state"]) == (2, "running")
    assert following["seconds_left"] == 600
    assert following["late_tables"] == []
    actions = [
        c.after["action"]
        for c in SectionChange.objects.filter(
            section=section, action=SectionChange.Action.CLOCK
        ).order_by("id")
    ]
    assert actions == ["start", "pause", "add", "start", "start"]
    last = SectionChange.objects.filter(section=section).latest("id")
    assert last.before == {"round": 1, "state": "stopped", "seconds_left": 0}
    assert last.after == {
        "round": 2, "state": "running", "seconds_left": 600, "action": "start"
    }  # fmt: skip
    assert last.user.username == "td"


def test_time_taken_away_ends_the_round_and_one_more_minute_reopens_it(
    director, section, clock_at
):
    change(director, section, {"action": "start", "seconds": 300})
    clock_at.later(100)
    cut = change(director, section, {"action": "add", "seconds": -250}).json()
    assert (cut["state"], cut["seconds_left"], cut["ended"]) == ("stopped", 0, True)
    more = change(director, section, {"action": "add", "seconds": 60}).json()
    assert (more["round"], more["state"], more["seconds_left"]) == (1, "running", 60)
    # Taken away from a paused clock: never below 0.
    change(director, section, {"action": "pause"})
    paused = change(director, section, {"action": "add", "seconds": -600}).json()
    assert (paused["state"], paused["seconds_left"]) == ("paused", 0)


def test_late_tables_are_those_whose_round_is_not_finished(director, section, clock_at):
    change(director, section, {"action": "start", "seconds": 60})
    # The director moved table 2 on: it writes round 2, round 1 is theirs.
    table_move_on(Table.objects.get(section=section, number=2), 2)
    assert director.get(url(section)).json()["late_tables"] == []  # still running
    clock_at.later(61)
    assert director.get(url(section)).json()["late_tables"] == [1, 3]


def test_the_first_start_times_the_round_most_tables_write(director, section, clock_at):
    for number in (1, 2):
        table_move_on(Table.objects.get(section=section, number=number), 2)
    body = change(director, section, {"action": "start"}).json()
    assert (body["round"], body["seconds_left"]) == (2, 900)
    # A round named by the director wins.
    named = change(
        director, section, {"action": "start", "seconds": 120, "round": 3}
    ).json()
    assert (named["round"], named["seconds_left"], named["move"]) == (
        3, 120, ["Last round played: the session is over."]
    )  # fmt: skip


def test_a_tablet_reads_the_clock_and_its_own_moves(director, section, clock_at):
    change(director, section, {"action": "start", "seconds": 600})
    reply = Client().get(url(section), **tablet(section, 2))
    assert reply.status_code == 200
    body = reply.json()
    assert (body["state"], body["seconds_left"], body["table"]) == ("running", 600, 2)
    assert body["move"] == MOVE
    assert body["table_moves"] == [
        "2NS: table 2", "2EW: table 3", "Boards 3-4: table 1"
    ]  # fmt: skip
    assert "late_tables" not in body


def test_who_may_read_and_change_the_clock(director, section, clock_at):
    other_section = mitchell_section(section.session, letter="B")
    anybody = Client()
    assert anybody.get(url(section)).status_code == 404
    assert change(anybody, section, {"action": "start"}).status_code == 401
    # A tablet reads its own section's clock only, and changes none.
    assert Client().get(url(section), **tablet(other_section)).status_code == 404
    refused = change(Client(), section, {"action": "start"}, **tablet(section))
    assert refused.status_code == 403
    assert refused.json() == {"detail": "Only the director runs the round clock."}
    assert not RoundClock.objects.exists()
    # Another club's director is the public here.
    users = get_user_model()
    event = Event.objects.get(pk=section.session.event_id)
    event.club = Club.objects.create(name="Home club")
    event.save()
    stranger = users.objects.create_user("far", password="pw-far-2026", is_staff=True)
    Club.objects.create(name="Other club").directors.add(stranger)
    far = Client()
    far.force_login(stranger)
    assert far.get(url(section)).status_code == 404
    assert change(far, section, {"action": "start"}).status_code == 403
    assert not RoundClock.objects.exists()
    assert director.get("/api/sections/999999/clock/").status_code == 404


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "stop"}, "action"),
        ({}, "action"),
        ({"action": "add"}, "seconds"),
        ({"action": "add", "seconds": 0}, "seconds"),
        ({"action": "add", "seconds": 3601}, "seconds"),
        ({"action": "add", "seconds": "a minute"}, "seconds"),
        ({"action": "start", "seconds": 0}, "seconds"),
        ({"action": "start", "seconds": 7201}, "seconds"),
        ({"action": "start", "round": 4}, "round"),
        ({"action": "start", "round": "two"}, "round"),
    ],
)
def test_a_faulty_value_is_a_400_naming_its_field(
    director, section, clock_at, body, field
):
    reply = change(director, section, body)
    assert reply.status_code == 400
    assert list(reply.json()) == [field]
    assert not SectionChange.objects.filter(section=section).exists()


def test_a_state_that_refuses_the_action_is_a_409(director, section, clock_at):
    assert change(director, section, {"action": "pause"}).status_code == 409
    never = change(director, section, {"action": "add", "seconds": 60})
    assert never.status_code == 409
    assert never.json() == {"non_field_errors": ["Start the clock first."]}
    change(director, section, {"action": "start"})
    again = change(director, section, {"action": "start"})
    assert again.status_code == 409
    assert again.json() == {
        "non_field_errors": ["The clock is already running: pause it or add time."]
    }
    # Given seconds, a start while running starts the round afresh.
    clock_at.later(30)
    fresh = change(director, section, {"action": "start", "seconds": 300}).json()
    assert (fresh["state"], fresh["seconds_left"]) == ("running", 300)


def test_a_change_is_pushed_once_it_commits(
    director, section, clock_at, monkeypatch, django_capture_on_commit_callbacks
):
    sent: list[dict] = []
    push._pending.sections = {}
    monkeypatch.setattr(
        channel,
        "publish",
        lambda messages: sent.extend(json.loads(m) for m in messages.values()),
    )
    with django_capture_on_commit_callbacks(execute=True):
        change(director, section, {"action": "start", "seconds": 60})
    topics = {(m["topic"], tuple(m["changes"])) for m in sent}
    assert topics == {
        (f"section:{section.pk}", ("clock",)),
        (f"event:{section.session.event_id}", ("clock",)),
    }


def test_a_howell_section_tells_the_pairs_to_follow_their_table_cards(
    director, section, clock_at
):
    from tournaments.services.events import MovementChoice, section_create

    howell = section_create(
        session=section.session, choice=MovementChoice("howell", 3, 2), letter="H"
    )
    body = change(director, howell, {"action": "start", "seconds": 60}).json()
    assert body["move"] == ["Pairs and boards move as the table cards say."]
    assert body["rounds"] == howell.rounds
    reply = Client().get(url(howell), **tablet(howell, 1))
    assert reply.status_code == 200
    assert reply.json()["table_moves"][-1].startswith("Boards ")
