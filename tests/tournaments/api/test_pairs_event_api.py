"""``POST /api/events/`` (issue 32): a club's director creates a pairs event
with its scoring options and first session's sections; every bad field is a
400 naming it, nothing written; anyone else is refused."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from tournaments.models import Club, Event, Pair, Section, Session, Table
from tournaments.services.directors import director_create
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

URL = "/api/events/"


@pytest.fixture
def club_a():
    """Club A's director (signed in) and club A; club B with its own director."""
    made = director_create("td-a", "Club A", "club-a-director-pw")
    other = director_create("td-b", "Club B", "club-b-director-pw")
    client = APIClient()
    client.force_login(made.user)
    return {"client": client, "club": made.club, "user": made.user, "other": other}


def post(client, body: dict):
    return client.post(URL, body, format="json")


def test_the_events_list_still_answers_on_the_same_route(club_a):
    assert club_a["client"].get(URL).status_code == 200


def test_a_bare_event_goes_to_the_directors_one_club(club_a):
    made = post(club_a["client"], {"name": "Tuesday pairs", "date": "2026-11-24"})
    assert made.status_code == 201, made.json()
    event = Event.objects.get()
    body = made.json()
    assert (body["id"], body["name"], body["date"], body["kind"], body["club"]) == (
        event.pk, "Tuesday pairs", "2026-11-24", "pairs", club_a["club"].pk,
    )  # fmt: skip
    assert (body["method"], body["scale"], body["average_plus"]) == ("mp", 2, 60)
    session = Session.objects.get(event=event)
    assert body["sessions"] == [
        {"id": session.pk, "number": 1, "status": "setup", "sections": []}
    ]
    assert (event.kind, event.club, event.created_by) == (
        "pairs", club_a["club"], club_a["user"],
    )  # fmt: skip


def test_scoring_options_and_sections_are_created_with_table_codes(club_a):
    body = {
        "name": "Butler night",
        "date": "2026-11-25",
        "club": club_a["club"].pk,
        "method": "butler",
        "butler_trim": "5pct",
        "butler_rounding": "half-even",
        "average_plus": 55,
        "imp_average_plus": 2.5,
        "sections": [
            {"movement": "mitchell", "tables": 3, "boards_per_round": 2,
             "pairs": ["Ann – Bob", "Cat – Dan"]},
            {"movement": "howell", "tables": 4, "boards_per_round": 2,
             "traveller_privacy": "always"},
        ],
    }  # fmt: skip
    made = post(club_a["client"], body)
    assert made.status_code == 201, made.json()
    event = Event.objects.get()
    assert (event.method, event.butler_trim, event.butler_rounding) == (
        "butler", "5pct", "half-even",
    )  # fmt: skip
    assert (event.average_plus, event.imp_average_plus) == (
        Decimal(55), Decimal("2.5"),
    )  # fmt: skip
    answer = made.json()
    assert (answer["method"], answer["average_plus"]) == ("butler", 55)
    [session] = answer["sessions"]
    assert session["status"] == "playing"
    mitchell, howell = session["sections"]
    assert (mitchell["letter"], mitchell["movement"], mitchell["tables"]) == (
        "A", "mitchell", 3,
    )  # fmt: skip
    assert (howell["letter"], howell["movement"], howell["tables"]) == (
        "B", "howell", 4,
    )  # fmt: skip
    assert howell["traveller_privacy"] == "always"
    named = {p["label"]: p["names"] for p in mitchell["pairs"] if p["names"]}
    assert named == {"1NS": "Ann – Bob", "2NS": "Cat – Dan"}
    assert len(mitchell["pairs"]) == 6 and len(howell["pairs"]) == 8
    for shown in (mitchell, howell):
        stored = Table.objects.filter(section_id=shown["id"]).order_by("number")
        assert shown["table_codes"] == [
            {"number": t.number, "code": t.code} for t in stored
        ]
    assert Pair.objects.filter(section__session__event=event).count() == 14
    # Next step: table 2 of section A signs in with the code it was given.
    code = mitchell["table_codes"][1]["code"]
    signed = Client().post(
        "/api/table-sign-in/", {"code": code}, content_type="application/json"
    )
    assert signed.status_code == 200
    assert (signed.json()["table"], signed.json()["section"]) == (2, mitchell["id"])


BAD_FIELDS = [
    ({"name": ""}, "name"),
    ({"date": "tomorrow"}, "date"),
    ({"scale": 3}, "scale"),
    ({"average_plus": 160}, "average_plus"),
    ({"method": "rubber"}, "method"),
    ({"game": "poker"}, "game"),
    ({"butler_trim": "half"}, "butler_trim"),
    ({"club": 999999}, "club"),
    ({"colour": "red"}, "colour"),
    ({"sections": [{"movement": "mitchell", "tables": 60, "boards_per_round": 2}]},
     "sections[0].tables"),
    ({"sections": [{"movement": "howell", "tables": 4, "boards_per_round": 2,
                    "rounds": 3}]}, "sections"),
    ({"sections": [{"movement": "bowl", "tables": 4, "boards_per_round": 2}]},
     "sections"),
    ({"sections": "A"}, "sections"),
]  # fmt: skip


@pytest.mark.parametrize(("change", "field"), BAD_FIELDS)
def test_every_bad_field_is_a_400_naming_it_and_nothing_is_written(
    club_a, change, field
):
    body = {"name": "Refused", "date": "2026-11-24"} | change
    refused = post(club_a["client"], body)
    assert refused.status_code == 400
    assert field in refused.json(), refused.json()
    assert not Event.objects.exists() and not Section.objects.exists()


def test_a_section_refused_by_its_movement_says_why():
    made = director_create("td-x", "Club X", "club-x-director-pw")
    client = APIClient()
    client.force_login(made.user)
    body = {
        "name": "Too big",
        "date": "2026-11-24",
        "sections": [
            {"movement": "howell", "tables": 4, "boards_per_round": 2},
            {"movement": "mitchell", "tables": 60, "boards_per_round": 2},
        ],
    }
    refused = post(client, body)
    assert refused.status_code == 400
    assert refused.json() == {
        "sections[1].tables": ["A Mitchell has at most 50 tables."]
    }
    assert not Event.objects.exists() and not Section.objects.exists()


def test_another_clubs_director_cannot_create_in_this_club(club_a):
    other = APIClient()
    other.force_login(club_a["other"].user)
    body = {"name": "Raid", "date": "2026-11-24", "club": club_a["club"].pk}
    refused = post(other, body)
    assert refused.status_code == 400
    assert refused.json() == {"club": ["You do not direct this club."]}
    assert not Event.objects.exists()
    own = post(other, {"name": "At B", "date": "2026-11-24"})
    assert own.status_code == 201
    assert Event.objects.get().club == Club.objects.get(name="Club B")


def test_anyone_but_a_director_is_refused(club_a):
    body = {"name": "Anon", "date": "2026-11-24"}
    anonymous = APIClient().post(URL, body, format="json")
    assert anonymous.status_code == 401
    made = post(
        club_a["client"],
        {**body, "sections": [{"movement": "howell", "tables": 2,
                               "boards_per_round": 2}]},
    )  # fmt: skip
    table = Table.objects.get(number=1)
    tablet = APIClient()
    tablet.credentials(HTTP_AUTHORIZATION=f"Table {issue_table_token(table)}")
    assert tablet.post(URL, body, format="json").status_code == 403
    player = APIClient()
    player.force_login(get_user_model().objects.create_user("ann", password="pw"))
    assert player.post(URL, body, format="json").status_code == 403
    assert made.status_code == 201 and Event.objects.count() == 1


def test_the_schema_documents_the_creation(client):
    schema = client.get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/events/"]["post"]
    assert operation["operationId"] == "pairs_event_create"
    request = operation["requestBody"]["content"]["application/json"]["schema"]
    assert request["$ref"] == "#/components/schemas/PairsEventCreate"
    created = operation["responses"]["201"]["content"]["application/json"]
    assert created["schema"]["$ref"] == "#/components/schemas/PairsEventCreated"
    fields = schema["components"]["schemas"]["PairsEventCreate"]["properties"]
    assert {"name", "date", "club", "method", "scale", "sections"} <= set(fields)
    assert "get" in schema["paths"]["/api/events/"]
