"""The same results file sent twice answers with the event it made the first
time (its SHA-256 kept per club): a 200 with that event through the API, the
event's page from the director's upload page; another club's upload of the
same file is its own event; once the first event is deleted the file
imports again; two uploads at the same moment make one event (the
database's unique constraint decides), on both engines."""

from __future__ import annotations

import base64

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from race_database import api_client, at_once, in_thread, on_file_database

from tournaments.models import Event, Result
from tournaments.services.directors import director_create
from tournaments.services.event_deletion import event_delete

PASSWORD = "north-south-4417"
URL = "/api/results-files/"


def director(name: str, club: str) -> Client:
    client = Client()
    client.force_login(director_create(name, club, PASSWORD).user)
    return client


def send(client: Client, data: bytes, name: str = "results.pbn"):
    return client.post(URL, {"file": SimpleUploadedFile(name, data)})


@pytest.fixture
def pbn(data_dir) -> bytes:
    return (data_dir / "pbn" / "newtonbridge_20160120_1.pbn").read_bytes()


@pytest.mark.django_db
def test_the_same_file_twice_answers_with_the_first_event(pbn):
    club_a = director("ann", "Club A")
    first = send(club_a, pbn)
    assert first.status_code == 201
    event = first.json()
    lines = Result.objects.filter(board__section__session__event=event["id"]).count()
    assert lines == 240
    again = send(club_a, pbn, name="renamed.pbn")
    assert (again.status_code, again.json()) == (200, event)
    assert Event.objects.count() == 1
    assert Result.objects.count() == 240
    # Another club sending the same file gets its own event.
    other = send(director("bob", "Club B"), pbn)
    assert other.status_code == 201
    assert other.json()["id"] != event["id"]
    assert Event.objects.count() == 2
    # The first event deleted, club A's file imports again.
    event_delete(event["id"], confirm=event["name"], user=None)
    anew = send(club_a, pbn)
    assert anew.status_code == 201
    assert anew.json()["id"] not in (event["id"], other.json()["id"])
    assert Event.objects.filter(club__name="Club A").count() == 1


@pytest.mark.django_db
def test_a_usebio_file_twice_and_a_changed_file(data_dir):
    club_a = director("ann", "Club A")
    data = (data_dir / "usebio" / "mp_pairs_howell.xml").read_bytes()
    first = send(club_a, data, "howell.xml")
    assert first.status_code == 201
    again = send(club_a, data, "howell.xml")
    assert (again.status_code, again.json()) == (200, first.json())
    # One byte more is another file: a second event.
    changed = send(club_a, data + b"\n", "howell.xml")
    assert changed.status_code == 201
    assert Event.objects.count() == 2


@pytest.mark.django_db
def test_the_upload_page_leads_to_the_first_event(pbn):
    club_a = director("ann", "Club A")
    page = "/director/events/import/"
    first = club_a.post(page, {"file": SimpleUploadedFile("r.pbn", pbn)})
    assert first.status_code == 302
    event = Event.objects.get()
    again = club_a.post(page, {"file": SimpleUploadedFile("r.pbn", pbn)}, follow=True)
    assert again.redirect_chain[-1][0] == f"/director/events/{event.pk}/"
    assert "This file was already imported: here is its event" in (
        again.content.decode()
    )
    assert Event.objects.count() == 1


def removed() -> None:
    """No event left (lines first: a line protects its pairs)."""
    Result.objects.all().delete()
    Event.objects.all().delete()


@pytest.mark.django_db(transaction=True)
def test_two_uploads_at_once_make_one_event(pbn, tmp_path):
    director_create("ann", "Club A", PASSWORD)
    basic = "Basic " + base64.b64encode(f"ann:{PASSWORD}".encode()).decode()

    def upload():
        response = api_client().post(
            URL,
            {"file": SimpleUploadedFile("r.pbn", pbn)},
            headers={"Authorization": basic},
        )
        return response.status_code, response.json()

    with on_file_database(tmp_path):
        for _try in range(3):
            in_thread(removed)
            (one, first), (two, second) = at_once(upload, upload)
            assert sorted([one, two]) == [200, 201], (first, second)
            assert first == second
            assert in_thread(
                lambda: list(Event.objects.values_list("pk", flat=True))
            ) == [first["id"]]
            assert in_thread(Result.objects.count) == 240
