"""Travellers in play in other games, the section setting, and the public
pages' publication notices (closed, corrected after publication)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from section_play import BRIDGEOTE_BOARD_ONE, bridgeote_section, playing_mitchell
from teams_play import create, matches, post

from tests.tournaments.results.test_traveller_privacy import (
    BOARD_ONE,
    board_url,
    enter,
    enter_board_one,
)
from tournaments.models import Event, Section, Session, WhizResult
from tournaments.rescore import rescore_section
from tournaments.services.events import event_create
from tournaments.services.privacy import PUBLIC, hidden_boards, incomplete_boards
from tournaments.services.sessions import session_close, session_reopen
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db

FLAT = {"contract": "4S", "result": "="}


def open_room(api, match: dict, board: int) -> None:
    """Board ``board`` entered in the open room only."""
    url = reverse("api-section-results", args=[match["section"]])
    data = {"board": board, "ns": f"{match['home']}NS", "ew": f"{match['away']}EW",
            "declarer": "N"} | FLAT  # fmt: skip
    assert post(api, url, data).status_code == 201


def closed_room(api, match: dict, board: int) -> None:
    url = reverse("api-section-results", args=[match["section"]])
    data = {"board": board, "ns": f"{match['away']}NS", "ew": f"{match['home']}EW",
            "declarer": "N", "contract": "4S", "result": "-1"}  # fmt: skip
    assert post(api, url, data).status_code == 201


def test_a_teams_board_shows_once_both_rooms_played_it(api):
    event = create(api, 2, boards_per_match=2)
    (match,) = matches(api, event["id"])
    open_room(api, match, 1)
    page_url = reverse("results:match", args=[event["id"], match["id"]])
    sheet_url = reverse("api-match", args=[match["id"]])
    # The director sees the open room's line at once.
    assert "<td>420</td>" in api.get(page_url).content.decode()
    public = Client()
    Event.objects.filter(pk=event["id"]).update(results_hidden=False)
    page = public.get(page_url)
    assert page.status_code == 200
    assert "<td>420</td>" not in page.content.decode()
    first = page.context["rows"][0]
    assert (first.open, first.closed) == (None, None)
    section = Section.objects.get(pk=match["section"])
    assert 1 in hidden_boards(section, PUBLIC)
    closed_room(api, match, 1)
    html = public.get(page_url).content.decode()
    assert "<td>420</td>" in html and "<td>-50</td>" in html
    assert 1 not in incomplete_boards(section)
    # The API's match sheet for a table token of the match follows the same
    # rule; a director reads both rooms always.
    board_two_open = {"board": 2, "ns": f"{match['home']}NS",
                      "ew": f"{match['away']}EW", "declarer": "N"} | FLAT  # fmt: skip
    url = reverse("api-section-results", args=[match["section"]])
    assert post(api, url, board_two_open).status_code == 201
    director_rows = api.get(sheet_url).json()["boards"]
    assert director_rows[1]["open"]["score_ns"] == 620  # board 2: NS vulnerable
    token = issue_table_token(section.table_set.get(number=match["closed_table"]))
    rows = Client().get(sheet_url, headers={"Authorization": f"Table {token}"})
    assert rows.status_code == 200
    boards = rows.json()["boards"]
    assert boards[0]["open"]["score_ns"] == 420
    assert boards[1]["open"] is None and boards[1]["closed"] is None


@pytest.fixture
def whiz(director) -> Event:
    players = "\n".join(f"Player {n}" for n in range(1, 13))
    form = {"name": "Whiz Monday", "date": "2026-11-23", "mark": "standard",
            "boards_per_round": "2", "rounds": "", "players": players}  # fmt: skip
    response = director.post(reverse("director:whiz-event-new"), form)
    assert response.status_code == 302
    return Event.objects.get()


def test_a_whiz_board_is_hidden_until_every_table_entered_it(director, whiz):
    section = Section.objects.get(session__event=whiz)
    tablet = Client()
    tablet.post("/table/", {"code": section.table_set.get(number=1).code})
    entry = {"level": "10", "denomination": "S", "doubled": "", "declarer": "N",
             "result": "+1", "key": "k1", "save": "1"}  # fmt: skip
    assert tablet.post("/table/play/1/board/1/", entry).status_code == 302
    board_page = reverse("results:whiz-board", args=[whiz.pk, 1])
    public = Client()
    response = public.get(board_page)
    assert response.status_code == 403
    assert "hidden until every table has played this board" in (
        response.content.decode()
    )
    assert director.get(board_page).status_code == 200
    url = reverse("api-whiz-results", args=[section.pk])

    def lines(table: int) -> list[int]:
        token = issue_table_token(section.table_set.get(number=table))
        got = Client().get(url, headers={"Authorization": f"Table {token}"})
        return [line["board"] for line in got.json()]

    assert lines(1) == [1]
    assert lines(2) == []
    line = WhizResult.objects.get()
    detail = reverse("api-whiz-result-detail", args=[line.pk])
    token = issue_table_token(section.table_set.get(number=2))
    other = Client().get(detail, headers={"Authorization": f"Table {token}"})
    assert other.status_code == 404
    Section.objects.filter(pk=section.pk).update(
        traveller_privacy=Section.TravellerPrivacy.ALWAYS
    )
    assert public.get(board_page).status_code == 200
    assert lines(2) == [1]


def test_barbu_and_chinese_have_nothing_hidden(section):
    Event.objects.filter(pk=section.session.event_id).update(kind=Event.Kind.BARBU)
    Section.objects.filter(pk=section.pk).update(movement=Section.Movement.GAME)
    section = Section.objects.get(pk=section.pk)
    assert incomplete_boards(section) == frozenset()


def test_the_section_form_and_page_set_the_privacy(director, section):
    page = director.get(reverse("director:section", args=[section.pk]))
    assert "Travellers while a board is in play" in page.content.decode()
    url = reverse("director:section-privacy", args=[section.pk])
    assert director.post(url, {"traveller_privacy": "nonsense"}).status_code == 400
    assert director.post(url, {"traveller_privacy": "always"}).status_code == 302
    section.refresh_from_db()
    assert section.traveller_privacy == "always"
    assert Client().post(url, {"traveller_privacy": "until-played"}).status_code == 302
    section.refresh_from_db()
    assert section.traveller_privacy == "always"


def test_a_new_section_chooses_its_privacy(director, section):
    session = section.session
    url = reverse("director:section-new", args=[session.pk]) + "?pairs=6"
    form = {"movement": "0", "boards_per_round": "2", "rounds": "",
            "traveller_privacy": "always"}  # fmt: skip
    response = director.post(url, form)
    assert response.status_code == 302
    assert session.sections.get(letter="B").traveller_privacy == "always"
    del form["traveller_privacy"]
    director.post(url, form)
    assert session.sections.get(letter="C").traveller_privacy == "until-played"


def test_the_api_reads_and_sets_the_privacy(client, director, section):
    url = reverse("api-section-detail", args=[section.pk])
    body = director.get(url).json()
    assert body["traveller_privacy"] == "until-played"
    bad = director.patch(
        url, {"traveller_privacy": "x"}, content_type="application/json"
    )
    assert bad.status_code == 400 and "traveller_privacy" in bad.json()
    empty = director.patch(url, {}, content_type="application/json")
    assert empty.status_code == 400 and "traveller_privacy" in empty.json()
    other = director.patch(
        url, {"traveller_privacy": "always", "tables": 9},
        content_type="application/json",
    )  # fmt: skip
    assert other.status_code == 400 and "tables" in other.json()
    ok = director.patch(
        url, {"traveller_privacy": "always"}, content_type="application/json"
    )
    assert ok.status_code == 200 and ok.json()["traveller_privacy"] == "always"
    section.refresh_from_db()
    assert section.traveller_privacy == "always" and section.tables == 3
    token = issue_table_token(section.table_set.get(number=1))
    tablet = Client().patch(
        url, {"traveller_privacy": "until-played"},
        content_type="application/json",
        headers={"Authorization": f"Table {token}"},
    )  # fmt: skip
    assert tablet.status_code == 403
    anonymous = Client().patch(
        url, {"traveller_privacy": "until-played"}, content_type="application/json"
    )
    assert anonymous.status_code in (401, 403)
    section.refresh_from_db()
    assert section.traveller_privacy == "always"


def test_existing_sections_get_the_default():
    field = Section._meta.get_field("traveller_privacy")
    assert field.default == Section.TravellerPrivacy.UNTIL_PLAYED


# Publication notices.

LIVE_TEXT = "These results may still change; this page updates by itself."
CLOSED_TEXT = "Results awaiting the director's check and publication."
CORRECTING_TEXT = (
    "The director is correcting these results after publishing them; "
    "this page updates by itself."
)


def event_page(section: Section) -> str:
    url = reverse("results:event", args=[section.session.event_id])
    return Client().get(url).content.decode()


def test_a_closed_unpublished_session_says_so(section):
    enter_board_one(section, 3)
    assert LIVE_TEXT in event_page(section)
    session_close(section.session)
    html = event_page(section)
    assert "Session closed" in html and CLOSED_TEXT in html
    assert LIVE_TEXT not in html and "updates by itself" not in html
    traveller = Client().get(board_url(section)).content.decode()
    assert CLOSED_TEXT in traveller


def test_a_reopened_published_session_is_provisional_again(director, section):
    enter_board_one(section, 3)
    session_close(section.session)
    event = section.session.event
    director.post(reverse("director:event-publication", args=[event.pk, "publish"]))
    html = event_page(section)
    assert "Provisional" not in html and "live.js" not in html
    session_reopen(Session.objects.get(pk=section.session_id))
    html = event_page(section)
    assert "Provisional again" in html and CORRECTING_TEXT in html
    assert "live.js" in html
    traveller = Client().get(board_url(section)).content.decode()
    assert CORRECTING_TEXT in traveller


def test_a_change_after_publication_is_provisional_again(director, section):
    enter_board_one(section, 2)
    event = section.session.event
    director.post(reverse("director:event-publication", args=[event.pk, "publish"]))
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.SETUP)
    assert "Provisional" not in event_page(section)
    enter(section, 1, *BOARD_ONE[2])
    html = event_page(section)
    assert "Provisional again" in html and CORRECTING_TEXT in html
    # Publishing again makes them final.
    director.post(reverse("director:event-publication", args=[event.pk, "publish"]))
    assert "Provisional" not in event_page(section)


def test_the_version_changes_when_a_session_closes(section):
    url = reverse("results:event-version", args=[section.session.event_id])
    before = Client().get(url).json()["version"]
    session_close(section.session)
    assert Client().get(url).json()["version"] != before


def test_a_bridgeote_board_is_hidden_until_every_table_entered_it(api):
    section = bridgeote_section("Belote night", dt.date(2026, 11, 24))
    url = reverse("api-bridgeote-results", args=[section.pk])
    for line in BRIDGEOTE_BOARD_ONE[:2]:
        assert post(api, url, {"board": 1} | line).status_code == 201
    response = Client().get(board_url(section))
    assert response.status_code == 403
    assert "<td>50</td>" not in response.content.decode()
    assert post(api, url, {"board": 1} | BRIDGEOTE_BOARD_ONE[2]).status_code == 201
    response = Client().get(board_url(section))
    assert response.status_code == 200
    assert "<td>50</td>" in response.content.decode()


def test_a_butler_board_hides_its_datum_while_in_play(api):
    event = event_create(
        name="Butler night", date=dt.date(2026, 11, 24), method=Event.Method.BUTLER
    )
    section = playing_mitchell(event)
    enter_board_one(section, 2)
    response = Client().get(board_url(section))
    page = response.content.decode()
    assert response.status_code == 403
    assert "Butler datum" not in page and "<td>420</td>" not in page
    pair = section.pairs.get(number=1, direction="NS")
    card = Client().get(reverse("results:pair", args=[section.pk, pair.pk]))
    assert card.status_code == 200
    assert card.context["rows"][0]["in_play"] is True
    enter(section, 1, *BOARD_ONE[2])
    rescore_section(section.pk)
    response = Client().get(board_url(section))
    assert response.status_code == 200
    assert "Butler datum" in response.content.decode()


def test_the_director_is_told_the_results_are_provisional_again(director, section):
    enter_board_one(section, 3)
    event = section.session.event
    director.post(reverse("director:event-publication", args=[event.pk, "publish"]))
    page = director.get(reverse("director:event", args=[event.pk])).content.decode()
    assert "The results are published: final." in page
    session_close(section.session)
    session_reopen(Session.objects.get(pk=section.session_id))
    page = director.get(reverse("director:event", args=[event.pk])).content.decode()
    assert "The results are published: final." not in page
    assert "the public pages say they are provisional again" in page


def test_published_while_playing_is_final_until_something_changes(director, section):
    """A director who publishes without closing: final, until a line comes in
    or the session is reopened after a close; publishing again makes it final."""
    enter_board_one(section, 2)
    event = section.session.event
    publish = reverse("director:event-publication", args=[event.pk, "publish"])
    director.post(publish)
    assert "Provisional" not in event_page(section)
    enter(section, 1, *BOARD_ONE[2])
    assert CORRECTING_TEXT in event_page(section)
    director.post(publish)
    assert "Provisional" not in event_page(section)
    session_close(section.session)
    session_reopen(Session.objects.get(pk=section.session_id))
    assert CORRECTING_TEXT in event_page(section)
    director.post(publish)
    assert "Provisional" not in event_page(section)
