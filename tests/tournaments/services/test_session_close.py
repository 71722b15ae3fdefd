"""Closing a session: missing results and open disputes are listed, and the
director confirms before it closes; with none it closes at once."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from section_play import enter_seating

from tournaments.models import Result, Session
from tournaments.selectors.movement import section_movement
from tournaments.services.closing import close_check
from tournaments.services.results import result_answer
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db


def play_all(section, skip: tuple[int, int, int] | None = None) -> None:
    """Every seating's boards, 4S= by N, but ``skip`` (round, table, board)."""
    for seating in section_movement(section).seatings:
        place = (seating.round, seating.table)
        boards = [n for n in seating.boards if (*place, n) != skip]
        enter_seating(section, *place, boards, played=("4S", "N", 10))


def status(section) -> str:
    return Session.objects.get(pk=section.session_id).status


def close_url(section) -> str:
    return reverse("director:session-status", args=[section.session_id, "close"])


def test_a_session_with_everything_in_closes_at_once(td, section):
    play_all(section)
    response = td.post(close_url(section))
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "director:event", args=[section.session.event_id]
    )
    assert status(section) == Session.Status.CLOSED


def test_missing_results_and_disputes_are_listed_before_closing(td, section):
    # Round 2 at table 1 is 1NS v 3EW on boards 3-4 (3-table Mitchell).
    play_all(section, skip=(2, 1, 4))
    line = Result.objects.get(board__number=1, ns_pair__number=1)
    result_answer(line, agree=False)  # a director records "not agreed"
    response = td.post(close_url(section))
    assert response.status_code == 409
    assert status(section) == Session.Status.PLAYING
    check = response.context["check"]
    assert [(m.round, m.table, m.board, m.players) for m in check.missing] == [
        (2, 1, 4, "1NS v 3EW")
    ]
    assert [(d.board, d.table, d.result) for d in check.disputes] == [(1, 1, line.pk)]
    html = response.content.decode()
    assert "1 missing result" in html and "1 open dispute" in html
    assert "Section A, round 2, table 1: board 4" in html
    assert reverse("director:traveller", args=[section.pk, 1]) in html
    assert 'name="confirm"' in html
    # Not confirmed: still nothing closes.
    assert td.post(close_url(section), {"confirm": ""}).status_code == 409
    assert status(section) == Session.Status.PLAYING
    # Confirmed: it closes, as it is.
    response = td.post(close_url(section), {"confirm": "1"})
    assert response.status_code == 302
    assert status(section) == Session.Status.CLOSED
    assert Result.objects.get(pk=line.pk).disputed


def test_an_empty_session_lists_every_board_of_the_movement(section):
    check = close_check(section.session)
    # 3 tables, 3 rounds, 2 boards a round: 18 lines, none entered.
    assert len(check.missing) == 18 and check.disputes == []
    assert (check.missing[0].round, check.missing[0].table) == (1, 1)
    assert [m.board for m in check.missing[:2]] == [1, 2]


def test_a_resolved_dispute_no_longer_holds_the_close(td, section):
    play_all(section)
    line = Result.objects.get(board__number=1, ns_pair__number=1)
    result_answer(line, agree=False)  # a director records "not agreed"
    assert td.post(close_url(section)).status_code == 409
    td.post(reverse("director:result-keep", args=[line.pk]))
    assert td.post(close_url(section)).status_code == 302
    assert status(section) == Session.Status.CLOSED


def test_closing_is_the_directors(client, section, django_user_model):
    play_all(section)
    response = client.post(close_url(section))
    assert response.status_code == 302 and "/login/" in response["Location"]
    client.force_login(django_user_model.objects.create_user("ada"))
    assert "/login/" in client.post(close_url(section))["Location"]
    assert status(section) == Session.Status.PLAYING


# -- the API -------------------------------------------------------------------


def api_close(client, section, body=None, headers=None):
    url = reverse("api-session-close", args=[section.session_id])
    return client.post(
        url, body or {}, content_type="application/json", headers=headers
    )


def test_the_api_answers_409_with_the_list_unless_confirmed(td, section):
    play_all(section, skip=(1, 2, 3))
    response = api_close(td, section)
    assert response.status_code == 409
    body = response.json()
    assert body["closed"] is False and body["disputes"] == []
    assert body["missing"] == [
        {"section": section.pk, "letter": "A", "board": 3, "round": 1, "table": 2,
         "players": "2NS v 2EW", "result": None}
    ]  # fmt: skip
    assert "confirm" in body["detail"]
    assert status(section) == Session.Status.PLAYING
    response = api_close(td, section, {"confirm": True})
    assert response.status_code == 200 and response.json()["closed"] is True
    assert status(section) == Session.Status.CLOSED
    again = api_close(td, section)  # closing twice changes nothing
    assert again.status_code == 200 and again.json()["closed"] is True


def test_the_api_closes_a_complete_session_at_once(td, section):
    play_all(section)
    response = api_close(td, section)
    assert response.status_code == 200
    assert response.json() == {"closed": True, "missing": [], "disputes": []}


@pytest.mark.parametrize(
    ("body", "field"), [({"confirm": "maybe"}, "confirm"), ({"confirm": []}, "confirm")]
)
def test_a_bad_confirm_is_a_400_naming_it(td, section, body, field):
    response = api_close(td, section, body)
    assert response.status_code == 400 and field in response.json()
    assert status(section) == Session.Status.PLAYING


def test_only_a_director_closes_through_the_api(client, section):
    play_all(section)
    token = issue_table_token(section.table_set.get(number=1))
    tablet = api_close(client, section, headers={"Authorization": f"Table {token}"})
    assert tablet.status_code == 403
    assert api_close(Client(), section).status_code == 401
    assert status(section) == Session.Status.PLAYING
    assert api_close(client, section).status_code == 401
    missing = reverse("api-session-close", args=[999])
    assert client.post(missing).status_code == 401
