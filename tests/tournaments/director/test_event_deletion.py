"""Deleting an event: typed confirmation, refused while played, all rows gone."""

from __future__ import annotations

import datetime as dt
import logging

import pytest
from django.test import Client
from django.urls import reverse
from pairs_play import played_section

from tournaments.models import (
    Board,
    Event,
    Pair,
    PairScore,
    Result,
    ResultChange,
    Section,
    SectionScoring,
    Session,
    Table,
)
from tournaments.services.event_deletion import EventInPlay, event_delete
from tournaments.services.events import event_create
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

NAME = "Tuesday pairs"


@pytest.fixture
def played() -> Event:
    """A closed session with a 3-table Mitchell entered and scored."""
    event = event_create(name=NAME, date=dt.date(2026, 11, 24))
    session = event.sessions.get()
    played_section(session, "A", [f"Pair {n}" for n in range(1, 7)])
    Session.objects.filter(pk=session.pk).update(status=Session.Status.CLOSED)
    return event


@pytest.fixture
def other() -> Event:
    """An event that must survive every deletion of ``played``."""
    event = event_create(name="Other club night", date=dt.date(2026, 11, 25))
    played_section(event.sessions.get(), "A", [f"Other {n}" for n in range(1, 7)])
    return event


def page(event: Event) -> str:
    return reverse("director:event-delete", args=[event.pk])


def api(event: Event | int) -> str:
    return f"/api/events/{getattr(event, 'pk', event)}/"


def rows_of(event_id: int) -> dict[str, int]:
    return {
        "sessions": Session.objects.filter(event=event_id).count(),
        "sections": Section.objects.filter(session__event=event_id).count(),
        "pairs": Pair.objects.filter(section__session__event=event_id).count(),
        "boards": Board.objects.filter(section__session__event=event_id).count(),
        "tables": Table.objects.filter(section__session__event=event_id).count(),
        "lines": Result.objects.filter(board__section__session__event=event_id).count(),
        "scores": PairScore.objects.filter(
            pair__section__session__event=event_id
        ).count(),
        "audit": ResultChange.objects.filter(
            board__section__session__event=event_id
        ).count(),
        "scoring": SectionScoring.objects.filter(
            section__session__event=event_id
        ).count(),
    }


def test_the_page_says_what_goes_and_asks_for_the_name(director, played):
    response = director.get(page(played))
    assert response.status_code == 200
    body = response.content.decode()
    assert "1 session(s), 1 section(s), 6 pair(s) and 18 result line(s)" in body
    assert 'name="confirm"' in body and "disabled" not in body


def test_a_wrong_name_is_a_form_error_and_deletes_nothing(director, played):
    before = rows_of(played.pk)
    for typed in ["", "tuesday pairs", "Tuesday", "Other club night"]:
        response = director.post(page(played), {"confirm": typed})
        assert response.status_code == 400, typed
        assert response.context["form"].errors["confirm"]
    assert rows_of(played.pk) == before
    assert before["lines"] == 18 and before["scores"] == 6 and before["audit"] >= 18


def test_the_typed_name_deletes_every_row_under_the_event(
    director, played, other, caplog
):
    survivors = rows_of(other.pk)
    caplog.set_level(logging.INFO, logger="tournaments.services.event_deletion")
    response = director.post(page(played), {"confirm": f"  {NAME} "})
    assert response.status_code == 302
    assert response["Location"] == reverse("director:dashboard")
    assert not Event.objects.filter(pk=played.pk).exists()
    assert set(rows_of(played.pk).values()) == {0}
    assert rows_of(other.pk) == survivors
    log = caplog.records[-1].getMessage()
    assert f"Event {played.pk} “{NAME}” of 2026-11-24 deleted by td" in log
    assert "18 lines" in log
    dashboard = director.get(response["Location"]).content.decode()
    assert f"Event “{NAME}” deleted." in dashboard


def test_an_event_being_played_is_refused_with_409(director, played):
    Session.objects.filter(event=played).update(status=Session.Status.PLAYING)
    response = director.get(page(played))
    assert "Session 1 is being played" in response.content.decode()
    response = director.post(page(played), {"confirm": NAME})
    assert response.status_code == 409
    assert "close it before deleting the event" in response.content.decode()
    assert rows_of(played.pk)["lines"] == 18
    with pytest.raises(EventInPlay):
        event_delete(played.pk, confirm=NAME, user=None)


def test_the_page_is_for_directors_only(client, played, django_user_model):
    assert client.get(page(played)).status_code == 302
    assert client.post(page(played), {"confirm": NAME}).status_code == 302
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert client.post(page(played), {"confirm": NAME}).status_code == 302
    assert Event.objects.filter(pk=played.pk).exists()


def test_an_unknown_event_is_a_404(director):
    assert director.get("/director/events/999/delete/").status_code == 404
    assert (
        director.post("/director/events/999/delete/", {"confirm": "x"}).status_code
        == 404
    )


def test_the_form_needs_the_csrf_token(django_user_model, played):
    client = Client(enforce_csrf_checks=True)
    client.force_login(
        django_user_model.objects.create_user(
            "boss", password="pw", is_staff=True, is_superuser=True
        )
    )
    assert client.post(page(played), {"confirm": NAME}).status_code == 403
    assert Event.objects.filter(pk=played.pk).exists()


def test_every_event_page_links_to_it(director, played):
    body = director.get(reverse("director:event", args=[played.pk])).content.decode()
    assert page(played) in body


# -- API ----------------------------------------------------------------------


def test_the_api_deletes_with_the_name_in_the_body(director, played, other):
    response = director.delete(
        api(played), {"confirm": NAME}, content_type="application/json"
    )
    assert response.status_code == 204
    assert set(rows_of(played.pk).values()) == {0}
    assert Event.objects.filter(pk=other.pk).exists()
    assert director.delete(api(played) + "?confirm=x").status_code == 404


def test_the_api_takes_the_name_in_the_query_string(director, played):
    response = director.delete(api(played) + "?confirm=Tuesday%20pairs")
    assert response.status_code == 204
    assert not Event.objects.filter(pk=played.pk).exists()


@pytest.mark.parametrize(
    "body",
    [{}, {"confirm": "Tuesday"}, {"confirm": None}, {"confirm": 3}, {"confirm": ["x"]}],
)
def test_the_api_refuses_a_wrong_name_naming_the_field(director, played, body):
    response = director.delete(api(played), body, content_type="application/json")
    assert response.status_code == 400
    assert list(response.json()) == ["confirm"]
    assert rows_of(played.pk)["lines"] == 18


def test_the_api_refuses_a_list_or_broken_json(director, played):
    response = director.delete(api(played), [NAME], content_type="application/json")
    assert response.status_code == 400
    response = director.delete(api(played), "{", content_type="application/json")
    assert response.status_code == 400
    assert Event.objects.filter(pk=played.pk).exists()


def test_the_api_refuses_an_event_being_played_with_409(director, played):
    Session.objects.filter(event=played).update(status=Session.Status.PLAYING)
    response = director.delete(
        api(played), {"confirm": NAME}, content_type="application/json"
    )
    assert response.status_code == 409
    assert response.json()["sessions"] == [1]
    assert "being played" in response.json()["detail"]
    assert rows_of(played.pk)["lines"] == 18


def test_the_api_refuses_the_public_a_player_and_a_tablet(
    client, played, django_user_model
):
    Event.objects.filter(pk=played.pk).update(published=True)
    assert client.delete(api(played) + "?confirm=x").status_code in (401, 403)
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    response = client.delete(
        api(played), {"confirm": NAME}, content_type="application/json"
    )
    assert response.status_code == 403
    client.logout()
    # A token is given, and accepted, only while its session is played.
    Session.objects.filter(event=played).update(status=Session.Status.PLAYING)
    table = Table.objects.filter(section__session__event=played).first()
    response = client.delete(
        api(played),
        {"confirm": NAME},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Table {issue_table_token(table)}",
    )
    assert response.status_code == 403
    assert rows_of(played.pk)["lines"] == 18


def test_the_api_404s_an_unknown_or_malformed_id(director):
    assert director.delete(api(999) + "?confirm=x").status_code == 404
    assert director.delete("/api/events/null/").status_code == 404


def test_every_demo_event_can_be_deleted(demo, director):
    """Every kind of event (pairs, teams, Whiz, Barbu, Chinese, Bridgeote)."""
    Session.objects.update(status=Session.Status.CLOSED)
    events = list(Event.objects.all())
    assert {event.kind for event in events} >= {
        "pairs",
        "teams",
        "whiz",
        "barbu",
        "chinese",
    }
    for event in events:
        response = director.post(page(event), {"confirm": event.name})
        assert response.status_code == 302, (event.kind, event.name)
    assert not Event.objects.exists()
    assert not Section.objects.exists() and not Result.objects.exists()


def test_the_api_needs_the_csrf_token_with_a_session(django_user_model, played):
    client = Client(enforce_csrf_checks=True)
    client.force_login(
        django_user_model.objects.create_user(
            "boss", password="pw", is_staff=True, is_superuser=True
        )
    )
    response = client.delete(
        api(played), {"confirm": NAME}, content_type="application/json"
    )
    assert response.status_code == 403
    assert Event.objects.filter(pk=played.pk).exists()


def test_a_session_being_set_up_does_not_stop_the_deletion(director, played):
    Session.objects.filter(event=played).update(status=Session.Status.SETUP)
    assert director.post(page(played), {"confirm": NAME}).status_code == 302
    assert not Event.objects.filter(pk=played.pk).exists()
