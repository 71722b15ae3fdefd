"""The views every game shares over the API: a line entered by a table token
at its own table or by the director, an event created by a director only,
a refusal naming its field."""

from __future__ import annotations

import pytest
from django.urls import reverse
from named_players import DAY, NAMES, entries

from tournaments.barbu.services import barbu_event_create
from tournaments.models import (
    BarbuDeal,
    ChineseHand,
    Event,
    Result,
    Section,
    Source,
    Table,
)
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


def token(table: Table) -> dict[str, str]:
    return {"HTTP_AUTHORIZATION": f"Table {issue_table_token(table)}"}


# The line-entry views: a table token at its own table, the director anywhere.


@pytest.fixture
def barbu(api):
    body = {
        "name": "Barbu night",
        "date": "2026-11-24",
        "players": [{"name": name} for name in NAMES[:8]],
    }
    response = api.post(reverse("api-barbu-event-new"), body, "application/json")
    assert response.status_code == 201, response.json()
    return Section.objects.get(pk=response.json()["section"])


KING = {"round": 1, "contract": "barbu", "record": {"king": "E"}}


def test_a_table_token_writing_another_table_is_refused(client, barbu):
    url = reverse("api-barbu-deals", args=[barbu.pk])
    table = barbu.table_set.get(number=1)
    response = client.post(url, KING | {"table": 2}, "application/json", **token(table))
    assert response.status_code == 403
    assert not BarbuDeal.objects.exists()


def test_a_table_token_writes_its_own_table_as_the_tablet(client, barbu):
    url = reverse("api-barbu-deals", args=[barbu.pk])
    table = barbu.table_set.get(number=2)
    response = client.post(url, KING, "application/json", **token(table))
    assert response.status_code == 201, response.json()
    deal = BarbuDeal.objects.get()
    assert (deal.table.number, deal.source, deal.entered_by) == (2, Source.TABLE, None)


def test_a_token_of_another_section_cannot_write_here(client, barbu):
    other = barbu_event_create(name="Other", date=DAY, entries=entries(4))
    stranger = Table.objects.get(section__session__event=other, number=1)
    url = reverse("api-barbu-deals", args=[barbu.pk])
    response = client.post(
        url, KING | {"table": 1}, "application/json", **token(stranger)
    )
    assert response.status_code == 403
    assert not BarbuDeal.objects.exists()


def test_the_director_names_the_table_and_is_recorded(api, barbu):
    url = reverse("api-barbu-deals", args=[barbu.pk])
    missing = api.post(url, KING, "application/json")
    assert missing.status_code == 400 and "table" in missing.json()
    unknown = api.post(url, KING | {"table": 9}, "application/json")
    assert unknown.status_code == 400 and "table" in unknown.json()
    assert not BarbuDeal.objects.exists()
    stored = api.post(url, KING | {"table": 1}, "application/json")
    assert stored.status_code == 201, stored.json()
    deal = BarbuDeal.objects.get()
    assert deal.source == Source.API and deal.entered_by.username == "td"


def test_a_chinese_hand_needs_its_table_from_the_director(api):
    response = api.post(
        reverse("api-chinese-event-new"),
        {"name": "C", "date": "2026-11-24", "players": [{"name": "A"}, {"name": "B"}]},
        "application/json",
    )
    section = response.json()["section"]
    url = reverse("api-chinese-matches", args=[section])
    hand = {"round": 1, "hand": 1, "tricks_a": 14}
    nameless = api.post(url, hand, "application/json")
    assert nameless.status_code == 400 and "table" in nameless.json()
    assert api.post(url, hand | {"table": 1}, "application/json").status_code == 201
    assert ChineseHand.objects.get().tricks_b == 12


def test_a_bridgeote_line_is_refused_on_a_bridge_section(api, section):
    url = reverse("api-bridgeote-results", args=[section.pk])
    line = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "100H",
            "declarer": "N", "points": 90}  # fmt: skip
    assert api.post(url, line, "application/json").status_code == 404
    assert not Result.objects.exists()


# The creation views: a director only; a refusal names its field.


@pytest.mark.parametrize(
    "name", ["api-whiz-event-new", "api-barbu-event-new", "api-chinese-event-new"]
)
def test_only_a_director_creates_a_player_event(client, django_user_model, name):
    players = [{"name": n} for n in NAMES[:8]]
    body = {
        "name": "x",
        "date": "2026-11-24",
        "players": players,
        "boards_per_round": 2,
    }
    anonymous = client.post(reverse(name), body, "application/json")
    assert anonymous.status_code in (401, 403)
    user = django_user_model.objects.create_user("player", password="pw")
    client.force_login(user)
    assert client.post(reverse(name), body, "application/json").status_code == 403
    assert not Event.objects.exists()


@pytest.mark.parametrize(
    ("name", "body", "field"),
    [
        ("api-barbu-event-new", {"club": 999}, "club"),
        ("api-barbu-event-new", {"players": [{"player": 999}]}, "players"),
        ("api-barbu-event-new", {"players": "Ann"}, "players"),
        ("api-barbu-event-new", {"date": "24/11/2026"}, "date"),
        ("api-chinese-event-new", {"players": [{"name": "Solo"}]}, "players"),
        ("api-chinese-event-new", {"hands": 3}, "hands"),
        ("api-whiz-event-new", {"boards_per_round": 0}, "boards_per_round"),
        ("api-whiz-event-new", {"mark": "golf"}, "mark"),
    ],
)
def test_a_bad_creation_names_its_field_and_stores_nothing(api, name, body, field):
    base = {"name": "x", "date": "2026-11-24", "boards_per_round": 2,
            "players": [{"name": n} for n in NAMES[:8]]}  # fmt: skip
    response = api.post(reverse(name), base | body, "application/json")
    assert response.status_code == 400
    assert field in response.json()
    assert not Event.objects.exists()
