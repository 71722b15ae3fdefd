"""Second entries and disputes in every game whose lines can be disputed:
Whiz (``WhizResult``), Bridgeote and teams (``Result``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from section_play import bridgeote_section
from teams_play import create as create_teams
from teams_play import matches

from tournaments.models import (
    Result,
    ResultChange,
    Session,
    Table,
    WhizResult,
)
from tournaments.services.closing import close_check
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

NAMES = ["Ada", "Bea", "Cyd", "Dot", "Eve", "Flo", "Gus", "Hal", "Ivy", "Jon", "Kim",
         "Lou"]  # fmt: skip


def actions() -> list[str]:
    return list(ResultChange.objects.order_by("id").values_list("action", flat=True))


def json_post(client, url, data=None, headers=None):
    body = data or {}
    return client.post(url, body, content_type="application/json", headers=headers)


def token(section_id: int, number: int) -> dict[str, str]:
    table = Table.objects.get(section_id=section_id, number=number)
    return {"Authorization": f"Table {issue_table_token(table)}"}


# -- Whiz ----------------------------------------------------------------------


@pytest.fixture
def whiz(director):
    body = {
        "name": "Whiz night",
        "date": "2026-11-20",
        "boards_per_round": 1,
        "players": [{"name": name} for name in NAMES],
    }
    response = json_post(director, reverse("api-whiz-event-new"), body)
    assert response.status_code == 201, response.json()
    return response.json()


def whiz_enter(event, line, key):
    url = reverse("api-whiz-results", args=[event["section"]])
    data = {"board": 1, "contract": "10S", "declarer": "N", "result": "="} | line
    return json_post(Client(), url, data | {"key": key}, token(event["section"], 1))


def test_a_whiz_second_entry_confirms_or_is_refused(whiz):
    first = whiz_enter(whiz, {}, "a")
    assert first.status_code == 201
    same = whiz_enter(whiz, {"result": "", "tricks": 10}, "b")  # tricks, not "="
    assert same.status_code == 200
    assert (same.json()["id"], same.json()["disputed"]) == (first.json()["id"], False)
    assert actions() == ["create", "same"]
    other = whiz_enter(whiz, {"result": "+1"}, "c")
    assert other.status_code == 409
    line = WhizResult.objects.get()
    assert line.disputed and line.tricks == 10
    refused = ResultChange.objects.get(action="refuse")
    assert (refused.before["tricks"], refused.after["tricks"]) == (10, 11)
    assert refused.before["points_n"] != refused.after["points_n"]


def test_the_director_resolves_a_whiz_dispute(whiz, director):
    whiz_enter(whiz, {}, "a")
    whiz_enter(whiz, {"result": "+1"}, "c")
    line = WhizResult.objects.get()
    url = reverse("api-whiz-result-resolve", args=[line.pk])
    assert json_post(Client(), url).status_code == 401
    assert json_post(Client(), url, headers=token(whiz["section"], 1)).status_code == (
        403
    )
    console = director.get(reverse("director:console", args=[whiz["section"]]))
    listed = [(d.board, d.table, d.whiz) for d in console.context["disputes"]]
    assert listed == [(1, 1, True)]
    traveller = reverse("director:whiz-traveller", args=[whiz["id"], 1])
    assert traveller in console.content.decode()
    html = director.get(traveller).content.decode()
    keep = reverse("director:whiz-result-keep", args=[line.pk])
    assert f'data-disputed="{line.pk}"' in html and keep in html
    response = director.post(keep)
    assert response.status_code == 302 and response["Location"] == traveller
    line.refresh_from_db()
    assert not line.disputed and line.tricks == 10
    assert actions() == ["create", "refuse", "resolve"]
    assert json_post(director, url).json()["disputed"] is False
    assert actions() == ["create", "refuse", "resolve"]


def test_a_whiz_session_lists_its_missing_boards(whiz):
    whiz_enter(whiz, {}, "a")
    session = Session.objects.get(event_id=whiz["id"])
    check = close_check(session)
    assert check.missing and all(m.whiz for m in check.missing)
    assert (1, 1) not in {(m.board, m.table) for m in check.missing}


# -- Bridgeote -----------------------------------------------------------------


@pytest.fixture
def bridgeote():
    return bridgeote_section(date=dt.date(2026, 11, 20))


def test_a_bridgeote_second_entry_confirms_or_is_refused(bridgeote, director):
    url = reverse("api-bridgeote-results", args=[bridgeote.pk])
    deal = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "100H",
            "declarer": "N", "points": 110}  # fmt: skip
    headers = token(bridgeote.pk, 1)
    assert json_post(Client(), url, deal | {"key": "a"}, headers).status_code == 201
    same = json_post(Client(), url, deal | {"key": "b"}, headers)
    assert same.status_code in (200, 201) and same.json()["disputed"] is False
    assert actions() == ["create", "same"]
    other = json_post(Client(), url, deal | {"key": "c", "points": 90}, headers)
    assert other.status_code == 409
    line = Result.objects.get()
    assert line.disputed and line.card_points == 110 and line.score_ns == 50
    refused = ResultChange.objects.get(action="refuse")
    assert (refused.before["score_ns"], refused.after["score_ns"]) == (50, -160)
    resolve = reverse("api-result-resolve", args=[line.pk])
    assert json_post(director, resolve).json()["disputed"] is False
    assert actions() == ["create", "same", "refuse", "resolve"]


# -- teams ---------------------------------------------------------------------


def teams_board_one(director) -> tuple[dict, str, dict]:
    """The first match of a new 4-team event, the URL its lines are posted
    to, and board 1 of its open room: 4H by S, just made."""
    event = create_teams(director, 4)
    match = matches(director, event["id"])[0]
    url = reverse("api-section-results", args=[match["section"]])
    line = {"board": 1, "ns": f"{match['home']}NS", "ew": f"{match['away']}EW",
            "contract": "4H", "declarer": "S", "result": "="}  # fmt: skip
    return match, url, line


def test_a_teams_line_second_entry_and_its_resolution(director):
    match, url, line = teams_board_one(director)
    headers = token(match["section"], match["open_table"])
    first = json_post(Client(), url, line, headers | {"Idempotency-Key": "a"})
    assert first.status_code == 201, first.json()
    same = json_post(Client(), url, line, headers | {"Idempotency-Key": "b"})
    assert same.status_code == 200 and same.json()["disputed"] is False
    other = json_post(
        Client(), url, line | {"result": "-1"}, headers | {"Idempotency-Key": "c"}
    )
    assert other.status_code == 409
    stored = Result.objects.get()
    assert stored.disputed and stored.tricks == 10
    resolve = reverse("api-result-resolve", args=[stored.pk])
    assert json_post(Client(), resolve, headers=headers).status_code == 403
    assert json_post(director, resolve).json()["disputed"] is False
    assert actions() == ["create", "same", "refuse", "resolve"]


def whiz_form(director, event, number=1, **changes):
    """The Whiz traveller form as the page shows it, with ``changes`` typed."""
    url = reverse("director:whiz-traveller", args=[event["id"], number])
    rows = director.get(url).context["rows"]
    data = {"stay": ""}
    for row in rows:
        data |= {
            f"c{row.index}": row.contract,
            f"d{row.index}": row.declarer,
            f"r{row.index}": row.result,
        }
    return url, rows, data | changes


def test_a_whiz_correction_settles_and_an_unchanged_save_writes_nothing(whiz, director):
    whiz_enter(whiz, {}, "a")
    whiz_enter(whiz, {"result": "+1"}, "c")
    line = WhizResult.objects.get()
    url, rows, data = whiz_form(director, whiz)
    assert [row.result_id for row in rows if row.disputed] == [line.pk]
    assert director.post(url, data).status_code == 302  # unchanged
    assert actions() == ["create", "refuse"]
    line.refresh_from_db()
    assert line.disputed
    index = next(row.index for row in rows if row.result_id == line.pk)
    assert director.post(url, data | {f"r{index}": "11"}).status_code == 302
    line.refresh_from_db()
    assert (line.tricks, line.disputed) == (11, False)
    assert actions() == ["create", "refuse", "correct", "resolve"]
    resolved = ResultChange.objects.get(action="resolve")
    assert (resolved.before["tricks"], resolved.after["tricks"]) == (10, 11)
    assert resolved.user.username == "td"


def test_a_tablet_cannot_patch_a_disputed_whiz_line(whiz):
    whiz_enter(whiz, {}, "a")
    whiz_enter(whiz, {"result": "+1"}, "c")
    line = WhizResult.objects.get()
    url = reverse("api-whiz-result-detail", args=[line.pk])
    response = Client().patch(
        url,
        {"result": "+1"},
        content_type="application/json",
        headers=token(whiz["section"], 1),
    )
    assert response.status_code == 403
    line.refresh_from_db()
    assert (line.tricks, line.disputed) == (10, True)


def test_a_teams_session_lists_the_boards_still_to_play(director):
    match, url, line = teams_board_one(director)
    assert json_post(director, url, line).status_code == 201
    session = Session.objects.get(sections=match["section"])
    check = close_check(session)
    first = [m for m in check.missing if m.section == match["section"]]
    entered = (1, f"{match['home']}NS v {match['away']}EW")
    assert entered not in {(m.board, m.players) for m in first}
    # The closed room's board 1 is still to play.
    assert (1, f"{match['away']}NS v {match['home']}EW") in {
        (m.board, m.players) for m in first
    }


def test_the_whiz_event_page_lists_its_open_disputes(whiz, director):
    whiz_enter(whiz, {}, "a")
    whiz_enter(whiz, {"result": "+1"}, "c")
    line = WhizResult.objects.get()
    page_url = reverse("director:event", args=[whiz["id"]])
    html = director.get(page_url).content.decode()
    assert "1 open dispute" in html
    keep = reverse("director:whiz-result-keep", args=[line.pk])
    assert keep in html
    response = director.post(keep, {"back": page_url})
    assert response["Location"] == page_url
    assert "open dispute" not in director.get(page_url).content.decode()


def test_the_console_shows_a_whiz_dispute_side_by_side(whiz, director):
    """Table 1 enters 10S= by N, a second device 10S+1: the console shows
    both with the three players' points (the seed's mark: 10 for the
    level, 2 an overtrick, 10 for a game; the defenders score nothing on a
    made contract), and offers keep and edit only."""
    whiz_enter(whiz, {}, "a")
    assert whiz_enter(whiz, {"result": "+1"}, "c").status_code == 409
    console = director.get(reverse("director:console", args=[whiz["section"]]))
    (side,) = console.context["dispute_sides"]
    assert side.stored == "N 1N, E 1E, S 1S: 10S by N, 10 tricks: 20/0/0"
    assert side.other == "N 1N, E 1E, S 1S: 10S by N, 11 tricks: 22/0/0"
    assert not side.takeable
    html = console.content.decode()
    assert side.stored in html and side.other in html
    assert reverse("director:whiz-result-keep", args=[side.pending.result]) in html
