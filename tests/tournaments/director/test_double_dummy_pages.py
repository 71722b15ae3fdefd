"""Double-dummy analysis of an event's deals: the task, its progress, the pages.

The deals are Newton Bridge Club's boards 1-6 of 20 January 2016
(rchillyard/Bridge test resources, see tests/data/README.md), whose export
publishes each board's par: NS 450, EW 400, NS 460, NS 600, EW 430, NS -100.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from games.double_dummy import available
from tournaments.importers.hand_records import import_hand_records
from tournaments.models import Analysis, Board, Event
from tournaments.services import analysis as analysis_service
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db
needs_solver = pytest.mark.skipif(not available(), reason="endplay is not installed")

PUBLISHED_PAR = {1: 450, 2: -400, 3: 460, 4: 600, 5: -430, 6: -100}


@pytest.fixture
def event(data_dir) -> Event:
    """A 3-table Mitchell (boards 1-6) holding Newton's deals."""
    event = event_create(name="Newton night", date=dt.date(2016, 1, 20))
    section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    path = data_dir / "pbn" / "newtonbridge_20160120_1.pbn"
    assert import_hand_records(event, path.read_bytes()).attached == 6
    return event


def _url(event: Event) -> str:
    return f"/api/events/{event.pk}/double-dummy/"


@needs_solver
def test_the_director_runs_it_and_every_board_gets_its_published_par(api, event):
    response = api.post(_url(event), {}, content_type="application/json")
    assert response.status_code == 202
    boards = {b.number: b for b in Board.objects.filter(section__session__event=event)}
    assert {n: b.par_score for n, b in boards.items()} == PUBLISHED_PAR
    assert boards[1].dd_tricks == "9ba679ba672236622366"
    assert boards[1].par_contracts == "4S N +1, 4S S +1"
    run = Analysis.objects.get(event=event)
    assert (run.status, run.done, run.total) == ("done", 6, 6)
    progress = api.get(_url(event)).json()
    assert progress | {"message": ""} == {
        "available": True,
        "message": "",
        "status": "done",
        "done": 6,
        "total": 6,
        "percent": 100,
        "boards_with_deals": 6,
        "boards_analysed": 6,
    }


@needs_solver
def test_a_second_run_while_one_is_going_is_refused(api, event):
    Analysis.objects.create(event=event, total=6, done=2, status="running")
    response = api.post(_url(event), {}, content_type="application/json")
    assert response.status_code == 409
    assert "already running" in response.json()["detail"]
    assert Analysis.objects.filter(event=event).count() == 1


def test_an_event_without_hands_has_nothing_to_analyse(api):
    event = event_create(name="No deals", date=dt.date(2026, 11, 24))
    response = api.post(_url(event), {}, content_type="application/json")
    assert response.status_code == 409
    assert not Analysis.objects.exists()


def test_only_a_director_starts_it(client, django_user_model, event):
    Event.objects.filter(pk=event.pk).update(published=True)
    assert client.post(_url(event)).status_code == 401
    client.force_login(django_user_model.objects.create_user("player", "", "pw"))
    assert client.post(_url(event)).status_code == 403
    assert client.get(_url(event)).status_code == 200
    assert not Analysis.objects.exists()


def test_an_unpublished_event_is_not_shown_to_the_public(client, event):
    assert client.get(_url(event)).status_code == 404


def test_without_the_solver_the_pages_say_so_and_work(
    api, director, event, monkeypatch
):
    monkeypatch.setattr(analysis_service, "available", lambda: False)
    response = api.post(_url(event), {}, content_type="application/json")
    assert response.status_code == 409
    assert "pip install endplay" in response.json()["detail"]
    page = director.get(f"/director/events/{event.pk}/")
    assert page.status_code == 200
    assert "pip install endplay" in page.content.decode()
    records = director.get(f"/events/{event.pk}/hand-records/")
    assert records.status_code == 200
    assert records.content.decode().count('class="hand-record"') == 6


def test_the_event_page_shows_the_progress_bar_while_it_runs(director, event):
    Analysis.objects.create(event=event, total=6, done=2, status="running")
    for url in (f"/director/events/{event.pk}/", f"/events/{event.pk}/results/"):
        html = director.get(url).content.decode()
        assert '<progress max="6" value="2"' in html, url
        assert "analysis.js" in html


@needs_solver
def test_the_hand_records_show_diagrams_tables_and_par(api, director, event):
    api.post(_url(event), {}, content_type="application/json")
    html = director.get(f"/events/{event.pk}/hand-records/").content.decode()
    assert html.count('class="hand-record"') == 6
    # Board 1: North A97653.94.AT5.A8 (12 HCP); the table's NT column for N is 9.
    assert "A97653" in html and "N 12" in html
    assert "4S N +1, 4S S +1: NS 450" in html
    first = html[
        html.index('class="dd"') : html.index("</table>", html.index('class="dd"'))
    ]
    rows = re.findall(r"<tr><th>([NSEW])</th>((?:<td>\d+</td>)+)</tr>", first)
    # ♣ ♦ ♥ ♠ NT, from the file's [DoubleDummyTricks] "9ba67 9ba67 22366 22366".
    assert [(seat, re.findall(r"\d+", cells)) for seat, cells in rows] == [
        ("N", ["7", "6", "10", "11", "9"]),
        ("S", ["7", "6", "10", "11", "9"]),
        ("E", ["6", "6", "3", "2", "2"]),
        ("W", ["6", "6", "3", "2", "2"]),
    ]


@needs_solver
def test_the_traveller_shows_the_deal_and_the_par(api, client, director, event):
    api.post(_url(event), {}, content_type="application/json")
    section = event.sessions.get().sections.get()
    url = f"/sections/{section.pk}/boards/1/"
    assert "NS 450" in director.get(url).content.decode()
    sheet = director.get(f"/director/sections/{section.pk}/boards/6/").content.decode()
    assert "<strong>Par</strong> 3HX N -1, 3HX S -1: EW 100" in sheet
    Event.objects.filter(pk=event.pk).update(published=True)
    html = client.get(url).content.decode()
    assert "A97653" in html and "4S N +1, 4S S +1: NS 450" in html


def test_hands_stay_hidden_from_players_until_published(client, event):
    section = event.sessions.get().sections.get()
    board = client.get(f"/sections/{section.pk}/boards/1/").content.decode()
    assert "A97653" not in board
    records = client.get(f"/events/{event.pk}/hand-records/").content.decode()
    assert "A97653" not in records
    assert "once the results are published" in records


def test_a_stopped_broker_fails_the_run_with_a_message_not_a_500(
    api, event, monkeypatch
):
    from kombu.exceptions import OperationalError

    from tournaments.tasks import double_dummy

    def refuse(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379")

    monkeypatch.setattr(analysis_service, "available", lambda: True)
    monkeypatch.setattr(double_dummy, "apply_async", refuse)
    response = api.post(_url(event), {}, content_type="application/json")
    assert response.status_code == 202
    run = Analysis.objects.get(event=event)
    assert run.status == "failed"
    assert "cannot be reached" in run.message
