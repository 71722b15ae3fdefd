"""A Bridgeote duplicate pairs event through the API: marks, then matchpoints."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from tournaments.models import Event, Result, Session
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    event = event_create(
        name="Bridgeote night", date=dt.date(2026, 11, 20), game=Event.Game.BRIDGEOTE
    )
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status="playing")
    return section


def post(api, section, data, status=201):
    url = reverse("api-bridgeote-results", args=[section.pk])
    response = api.post(url, data, "application/json")
    assert response.status_code == status, response.json()
    return response.json()


def test_three_tables_mark_and_matchpoint_board_one(api, section):
    # Board 1 is played at tables 1, 3 and 2 (Mitchell, 3 tables, 2 boards).
    lines = [
        # 100H by N made with 110 card points: NS 100, EW 160 - 110 = 50.
        {"ns": "1NS", "ew": "1EW", "contract": "100H", "declarer": "N",
         "points": 110},
        # 100H by N, 90 points: one down, EW take 160 + 0 announcements.
        {"ns": "2NS", "ew": "3EW", "contract": "100H", "declarer": "N",
         "points": 90},
        # 80S by E made with 100 and a Belote (20): EW 80, NS 60.
        {"ns": "3NS", "ew": "2EW", "contract": "80S", "declarer": "E",
         "points": 100, "taker_announcements": 20},
    ]  # fmt: skip
    scores = [post(api, section, {"board": 1} | line)["score_ns"] for line in lines]
    # NS net marks: 100 - 50 = +50;  0 - 160 = -160;  60 - 80 = -20.
    assert scores == [50, -160, -20]
    mp = {r.ns_pair.label: (r.mp_ns, r.mp_ew) for r in Result.objects.all()}
    # Top 4 on three tables: +50 beats both (4), -20 beats one (2), -160 none (0).
    assert mp == {"1NS": (4, 0), "3NS": (2, 2), "2NS": (0, 4)}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"contract": "70H"}, "contract"),
        ({"declarer": "X"}, "declarer"),
        ({"points": 200}, "points"),
    ],
)
def test_bad_deals_name_the_field(api, section, change, field):
    line = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "100H",
            "declarer": "N", "points": 110} | change  # fmt: skip
    body = post(api, section, line, status=400)
    assert field in body
    assert not Result.objects.exists()


def test_a_bridge_line_is_refused_in_a_bridgeote_event(api, section):
    url = reverse("api-section-results", args=[section.pk])
    data = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
            "declarer": "N", "result": "="}  # fmt: skip
    response = api.post(url, data, "application/json")
    assert response.status_code == 400 and "contract" in response.json()


def test_the_tablet_enters_a_bridgeote_deal(section):
    from django.test import Client

    tablet = Client()
    code = section.table_set.get(number=1).code
    assert tablet.post("/table/", {"code": code}).status_code == 302
    form = tablet.get("/table/play/1/board/1/").content.decode()
    assert "Takers&#x27; card points" in form or "card points" in form
    entry = {
        "bid": "100", "strain": "H", "doubled": "", "declarer": "N", "points": "110",
        "taker_announced": "20", "defence_announced": "0", "key": "k1", "save": "1",
    }  # fmt: skip
    response = tablet.post("/table/play/1/board/1/", entry)
    assert response.status_code == 302
    line = Result.objects.get()
    # Made: NS 100, EW 160 - 110 = 50: net +50.
    assert (line.contract, line.card_points, line.taker_announced, line.score_ns) == (
        "100H",
        110,
        20,
        50,
    )
    shown = tablet.get("/table/play/1/board/1/").content.decode()
    assert "110 card points" in shown
