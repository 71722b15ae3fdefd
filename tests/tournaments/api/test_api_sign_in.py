"""POST /api/table-sign-in/: a table's code for its token, rate-limited."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Session
from tournaments.services.tokens import TOKEN_MAX_AGE, read_table_token

pytestmark = pytest.mark.django_db

URL = "/api/table-sign-in/"


def sign_in(client, code):
    return client.post(URL, {"code": code}, content_type="application/json")


def test_the_route_is_named():
    assert reverse("api-table-sign-in") == URL


def test_a_right_code_gives_the_tables_token(client, section):
    table = section.table_set.get(number=2)
    response = sign_in(client, f" {table.code.lower()} ")
    assert response.status_code == 200
    body = response.json()
    assert body["table"] == 2
    assert body["section"] == section.pk
    assert body["event"] == section.session.event_id
    assert body["expires_in"] == TOKEN_MAX_AGE
    token = read_table_token(body["token"])
    assert (token.table_id, token.section_id) == (table.pk, section.pk)


def test_the_token_reads_its_section(client, section):
    token = sign_in(client, section.table_set.get(number=1).code).json()["token"]
    response = client.get(
        reverse("api-section-results", args=[section.pk]),
        headers={"Authorization": f"Table {token}"},
    )
    assert response.status_code == 200


def test_a_missing_code_is_named(client, section):
    response = client.post(URL, {}, content_type="application/json")
    assert response.status_code == 400
    assert "code" in response.json()


def test_a_wrong_code_is_refused_and_five_lock_the_caller_out(client, section):
    for _ in range(5):
        response = sign_in(client, "WRONG1")
        assert response.status_code == 400
        assert "no table with this code" in response.json()["code"][0]
    response = sign_in(client, section.table_set.get(number=1).code)
    assert response.status_code == 429
    assert "token" not in response.json()


def test_a_session_not_being_played_gives_no_token(client, section):
    Session.objects.filter(pk=section.session_id).update(status="closed")
    response = sign_in(client, section.table_set.get(number=1).code)
    assert response.status_code == 400
    assert "not being played" in response.json()["code"][0]
