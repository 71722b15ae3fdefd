"""The events API: reads by audience, traveller writes by directors and tables."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Result, ResultChange, Source
from tournaments.selectors.pairs import stored_report
from tournaments.selectors.pairs_json import report_json
from tournaments.services.events import MovementChoice, section_create
from tournaments.services.rescoring import rescore
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

# In a 3-table Mitchell with 2 boards a round, table 1 plays boards 1-2 in
# round 1 (1NS v 1EW) and table 2 plays boards 3-4 (2NS v 2EW).
BOARD_ONE = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
             "declarer": "N", "result": "=", "lead": "SK"}  # fmt: skip
BOARD_THREE = {"board": 3, "ns": "2NS", "ew": "2EW", "contract": "3NT",
               "declarer": "N", "result": "="}  # fmt: skip


@pytest.fixture
def event(section):
    return section.session.event


def table_auth(section, number):
    """The Authorization header of table ``number``'s tablet."""
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


def results_url(section):
    return reverse("api-section-results", args=[section.pk])


def post(client, url, data, headers=None):
    return client.post(url, data, content_type="application/json", headers=headers)


def patch(client, url, data, headers=None):
    return client.patch(url, data, content_type="application/json", headers=headers)


def test_a_token_enters_its_own_board_in_round_one(client, section):
    response = post(client, results_url(section), BOARD_ONE, table_auth(section, 1))
    assert response.status_code == 201
    body = response.json()
    assert body["score_ns"] == 400  # 3NT= by N, board 1 none vulnerable
    assert (body["round"], body["table"], body["ns"], body["ew"]) == (
        1,
        1,
        "1NS",
        "1EW",
    )
    assert (body["lead"], body["tricks"], body["disputed"]) == ("SK", 9, False)
    line = Result.objects.get()
    assert (line.source, line.table.number) == (Source.TABLE, 1)
    assert line.entered_by is None


def test_a_token_cannot_enter_another_tables_board(client, section):
    response = post(client, results_url(section), BOARD_THREE, table_auth(section, 1))
    assert response.status_code == 403
    assert response.json() == {
        "detail": "Board 3 between 2NS and 2EW is played at another table, "
        "not at table 1."
    }
    assert not Result.objects.exists()


def test_a_token_cannot_name_another_table(client, section):
    data = BOARD_THREE | {"table": 2}
    response = post(client, results_url(section), data, table_auth(section, 1))
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_a_token_cannot_enter_its_board_in_another_round(client, section):
    data = BOARD_ONE | {"round": 2}
    response = post(client, results_url(section), data, table_auth(section, 1))
    assert response.status_code == 400
    assert response.json() == {
        "ns": [
            "In this movement 1NS and 1EW do not play board 1 at table 1 in round 2."
        ]
    }
    assert not Result.objects.exists()


def test_a_token_cannot_write_in_another_section(client, event, section):
    other = section_create(
        session=event.sessions.get(),
        choice=MovementChoice("mitchell", 3, 2),
        letter="B",
    )
    response = post(client, results_url(section), BOARD_ONE, table_auth(other, 1))
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_a_token_cannot_correct_another_tables_line(client, director, section):
    created = post(director, results_url(section), BOARD_THREE).json()
    url = reverse("api-result-detail", args=[created["id"]])
    client.logout()
    response = patch(client, url, {"result": "+1"}, table_auth(section, 1))
    assert response.status_code == 403
    assert Result.objects.get().score_ns == 400  # 3NT= by N, board 3 EW vul


def test_a_token_corrects_its_own_line(client, section):
    auth = table_auth(section, 1)
    created = post(client, results_url(section), BOARD_ONE, auth).json()
    url = reverse("api-result-detail", args=[created["id"]])
    response = patch(client, url, {"result": "-1"}, auth)
    assert response.status_code == 200
    assert response.json()["score_ns"] == -50


def test_a_second_different_entry_from_a_table_is_refused(client, section):
    auth = table_auth(section, 1)
    post(client, results_url(section), BOARD_ONE, auth)
    response = post(client, results_url(section), BOARD_ONE | {"result": "+1"}, auth)
    assert response.status_code == 409
    assert "only the director can change it" in response.json()["non_field_errors"][0]
    assert Result.objects.get().disputed


def test_a_forged_token_is_refused(client, section):
    headers = {"Authorization": "Table not-a-token"}
    response = post(client, results_url(section), BOARD_ONE, headers)
    assert response.status_code == 401
    assert client.get(results_url(section), headers=headers).status_code == 401


def test_the_public_cannot_write(client, event, section):
    event.published = True
    event.save()
    response = post(client, results_url(section), BOARD_ONE)
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Table"
    assert not Result.objects.exists()


def test_a_user_who_is_not_a_director_cannot_write(client, section, django_user_model):
    client.force_login(django_user_model.objects.create_user("player"))
    response = post(client, results_url(section), BOARD_ONE)
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_the_public_cannot_read_an_unpublished_event(client, event, section):
    assert client.get(reverse("api-event-list")).json() == []
    for url in (
        reverse("api-event-detail", args=[event.pk]),
        reverse("api-event-rankings", args=[event.pk]),
        reverse("api-section-detail", args=[section.pk]),
        reverse("api-section-assignments", args=[section.pk]),
        results_url(section),
    ):
        assert client.get(url).status_code == 404, url


def test_the_public_cannot_read_hidden_results(client, event, section):
    event.results_hidden = True
    event.save()
    assert client.get(results_url(section)).status_code == 404
    assert client.get(reverse("api-event-rankings", args=[event.pk])).status_code == 404


def test_the_public_reads_a_published_event(client, event, section):
    event.published = True
    event.save()
    body = client.get(reverse("api-event-detail", args=[event.pk])).json()
    assert body["name"] == "Tuesday pairs"
    assert body["published"] is True
    assert body["sessions"][0]["sections"] == [
        {"id": section.pk, "letter": "A", "movement": "mitchell", "tables": 3,
         "rounds": 3, "boards_per_round": 2, "stale": False}
    ]  # fmt: skip
    assert [e["id"] for e in client.get(reverse("api-event-list")).json()] == [event.pk]
    detail = client.get(reverse("api-section-detail", args=[section.pk])).json()
    assert [pair["label"] for pair in detail["pairs"]] == [
        "1EW", "2EW", "3EW", "1NS", "2NS", "3NS"
    ]  # fmt: skip
    assert client.get(results_url(section)).json() == []


def test_a_token_reads_its_own_unpublished_section(client, event, section):
    auth = table_auth(section, 2)
    url = reverse("api-section-detail", args=[section.pk])
    assert client.get(url, headers=auth).status_code == 200
    assert client.get(results_url(section), headers=auth).status_code == 200
    assert client.get(reverse("api-event-list"), headers=auth).json()[0]["id"] == (
        event.pk
    )


def test_the_assignments_follow_the_movement(client, director, section):
    url = reverse("api-section-assignments", args=[section.pk])
    rows = director.get(url).json()
    assert len(rows) == 9
    assert rows[0] == {"round": 1, "table": 1, "ns": "1NS", "ew": "1EW",
                       "boards": [1, 2], "sit_out": False}  # fmt: skip
    assert rows[1]["boards"] == [3, 4]


def test_a_repeated_submission_is_stored_once(client, section):
    auth = table_auth(section, 1) | {"Idempotency-Key": "tablet-1-b1"}
    first = post(client, results_url(section), BOARD_ONE, auth)
    again = post(client, results_url(section), BOARD_ONE, auth)
    assert (first.status_code, again.status_code) == (201, 200)
    assert first.json()["id"] == again.json()["id"]
    assert Result.objects.get().idempotency_key == "tablet-1-b1"


def test_the_idempotency_key_can_be_a_field(director, section):
    data = BOARD_ONE | {"key": "k-1"}
    first = post(director, results_url(section), data)
    again = post(director, results_url(section), data)
    assert (first.status_code, again.status_code) == (201, 200)
    assert Result.objects.count() == 1


def test_a_director_corrects_a_line(director, section):
    created = post(director, results_url(section), BOARD_ONE)
    assert created.status_code == 201
    assert Result.objects.get().source == Source.API
    url = reverse("api-result-detail", args=[created.json()["id"]])
    response = patch(director, url, {"contract": "4S", "result": "+1"})
    assert response.status_code == 200
    assert (response.json()["contract"], response.json()["score_ns"]) == ("4S", 450)
    assert Result.objects.get().score_ns == 450
    actions = ResultChange.objects.values_list("action", flat=True)
    assert list(actions) == ["create", "correct"]


def test_a_director_enters_any_table(director, section):
    response = post(director, results_url(section), BOARD_THREE | {"table": 2})
    assert response.status_code == 201
    assert response.json()["table"] == 2


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"contract": "8S"}, "contract"),
        ({"declarer": "Q"}, "declarer"),
        ({"result": "+9"}, "result"),
        ({"ns": "9NS"}, "ns"),
        ({"board": 99}, "board"),
        ({"result": "", "tricks": None}, "tricks"),
    ],
)
def test_bad_input_names_the_field(director, section, change, field):
    response = post(director, results_url(section), BOARD_ONE | change)
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert not Result.objects.exists()


def test_a_missing_field_is_named(director, section):
    data = {k: v for k, v in BOARD_ONE.items() if k != "contract"}
    response = post(director, results_url(section), data)
    assert response.status_code == 400
    assert response.json() == {"contract": ["This field is required."]}


def test_the_rankings_have_the_report_shape(client, director, event, section):
    post(director, results_url(section), BOARD_ONE)
    post(director, results_url(section), BOARD_ONE | {
        "board": 2, "declarer": "S", "result": "-1"})  # fmt: skip
    rescore(section.pk)
    event.published = True
    event.save()
    client.logout()
    body = client.get(reverse("api-event-rankings", args=[event.pk])).json()
    rankings = report_json(event, [stored_report(section)])["rankings"]
    assert body == [ranking | {"stale": False} for ranking in rankings]
    assert [group["direction"] for group in body] == ["NS", "EW"]
    lines = client.get(results_url(section)).json()
    assert lines[0]["pct_ns"] is not None


def test_the_schema_lists_the_endpoints(client):
    response = client.get(reverse("api-schema"))
    assert response.status_code == 200
    text = response.content.decode()
    assert "openapi" in text
    assert "/api/sections/{id}/results/" in text
    assert "/api/events/{id}/rankings/" in text
    assert "/api/table-sign-in/" in text
    for path in ("/api/teams-events/", "/api/whiz-events/", "/api/matches/{id}/"):
        assert path in text


def test_the_schema_builds_without_warnings(tmp_path):
    """Every view documents its input and output, with no clashing names."""
    from django.core.management import call_command

    call_command(
        "spectacular", "--validate", "--fail-on-warn", "--file", tmp_path / "s.yml"
    )


def test_the_docs_pages_load_without_a_cdn(client):
    for name in ("api-docs", "api-redoc"):
        response = client.get(reverse(name))
        assert response.status_code == 200
        assert b"cdn.jsdelivr" not in response.content
