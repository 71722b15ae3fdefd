"""The API of a board played by the wrong pairs or turned round: directors
only, refusals naming the field (the board of ``wrong_pairs``, worked by
hand in ``test_line_pairs``)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from wrong_pairs import line, mp
from wrong_pairs import section as section

from tournaments.models import Result, ResultChange, Source
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


def api_url(name: str, result: Result) -> str:
    return reverse(name, args=[result.pk])


def table_auth(section, number: int) -> dict[str, str]:
    token = issue_table_token(section.table_set.get(number=number))
    return {"Authorization": f"Table {token}"}


# Swap and PATCH ------------------------------------------------------------------


def test_api_swap_by_a_director(section, api):
    stored = line(section, "3NS")
    response = api.post(api_url("api-result-swap", stored), {}, "application/json")
    assert response.status_code == 200
    body = response.json()
    assert (body["ns"], body["ew"], body["score_ns"]) == ("5EW", "3NS", 430)
    assert (body["mp_ns"], body["mp_ew"], body["round"], body["table"]) == (2, 1, 4, 3)
    assert mp(section, "5EW") == (2, 66.67)
    change = ResultChange.objects.exclude(action="create").get(result=stored)
    assert (change.source, change.user.username) == (Source.API, "td")
    again = api.post(
        api_url("api-result-swap", stored), {"ns": "3NS"}, "application/json"
    )
    assert again.status_code == 400
    assert again.json() == {
        "ns": ["Board 1 was already swapped: 5EW sits North-South now."]
    }


def test_api_patch_fixes_a_lines_pairs(section, director):
    stored = line(section, "4NS")
    url = api_url("api-result-detail", stored)
    response = director.patch(url, {"ew": "3EW"}, content_type="application/json")
    assert response.status_code == 200
    body = response.json()
    assert (body["ns"], body["ew"], body["round"], body["table"]) == (
        "4NS",
        "3EW",
        3,
        4,
    )
    assert (body["contract"], body["score_ns"]) == ("4S", -50)
    twice = director.patch(url, {"ew": "1EW"}, content_type="application/json")
    assert twice.status_code == 400
    assert twice.json() == {
        "ew": [
            "Pair 1EW already has a result on board 1: it would play the board twice."
        ]
    }
    itself = director.patch(url, {"ns": "3EW"}, content_type="application/json")
    assert itself.status_code == 400
    assert itself.json() == {"ew": ["A pair cannot play against itself."]}
    unknown = director.patch(url, {"ns": "99NS"}, content_type="application/json")
    assert unknown.status_code == 400
    assert unknown.json() == {"ns": ["No pair 99NS in this section."]}
    stored.refresh_from_db()
    assert (stored.ns_pair.label, stored.ew_pair.label) == ("4NS", "3EW")


def test_api_patch_fixes_pairs_and_result_at_once(section, director):
    stored = line(section, "4NS")
    url = api_url("api-result-detail", stored)
    response = director.patch(
        url, {"ew": "3EW", "result": "="}, content_type="application/json"
    )
    assert response.status_code == 200
    assert (response.json()["ew"], response.json()["score_ns"]) == ("3EW", 420)


def test_a_tablet_cannot_swap_or_fix_pairs(section, client):
    stored = line(section, "1NS")
    auth = table_auth(section, 1)
    swap = client.post(
        api_url("api-result-swap", stored), {}, content_type="application/json",
        headers=auth,
    )  # fmt: skip
    assert swap.status_code == 403
    fix = client.patch(
        api_url("api-result-detail", stored), {"ew": "3EW"},
        content_type="application/json", headers=auth,
    )  # fmt: skip
    assert fix.status_code == 403
    stored.refresh_from_db()
    assert (stored.ns_pair.label, stored.ew_pair.label) == ("1NS", "1EW")
    assert not ResultChange.objects.filter(result=stored).exclude(
        action=ResultChange.Action.CREATE
    )


def test_anonymous_and_players_cannot_swap(section, client, django_user_model):
    stored = line(section, "1NS")
    url = api_url("api-result-swap", stored)
    assert client.post(url, {}, content_type="application/json").status_code == 401
    player = django_user_model.objects.create_user("player", password="pw")
    client.force_login(player)
    assert client.post(url, {}, content_type="application/json").status_code == 403
    page = reverse("director:line-swap", args=[section.pk, 1, stored.pk])
    assert client.post(page).status_code == 302  # to the sign-in page
    stored.refresh_from_db()
    assert stored.ns_pair.label == "1NS"


def test_api_swap_of_an_unknown_line_is_404(section, director):
    response = director.post(
        reverse("api-result-swap", args=[999999]), {}, content_type="application/json"
    )
    assert response.status_code == 404


def test_a_teams_line_is_not_swapped(director):
    from teams_play import create, enter, first_board, matches

    event = create(director, 4)
    match = matches(director, event["id"])[0]
    board = first_board(match)
    enter(director, match, board, {"contract": "3NT", "result": "="},
          {"contract": "3NT", "result": "-1"})  # fmt: skip
    stored = Result.objects.filter(board__section_id=match["section"]).first()
    response = director.post(
        reverse("api-result-swap", args=[stored.pk]), {},
        content_type="application/json",
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json() == {
        "ns": ["A teams match's teams are set by its match, not by its lines."]
    }
    before = (stored.ns_pair_id, stored.ew_pair_id)
    stored.refresh_from_db()
    assert (stored.ns_pair_id, stored.ew_pair_id) == before


def test_api_patch_fixes_pairs_and_moves_the_line_to_another_table(section, director):
    stored = line(section, "4NS")
    url = api_url("api-result-detail", stored)
    response = director.patch(
        url, {"ew": "3EW", "table": 2, "round": 5}, content_type="application/json"
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["ns"], body["ew"], body["round"], body["table"]) == (
        "4NS",
        "3EW",
        5,
        2,
    )
