"""A Bridgeote duplicate pairs event through the API: marks, then matchpoints."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from section_play import BRIDGEOTE_BOARD_ONE, bridgeote_post, bridgeote_section
from tablet_play import tablet_client

from tournaments.models import Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return bridgeote_section(date=dt.date(2026, 11, 20))


def test_three_tables_mark_and_matchpoint_board_one(api, section):
    # Board 1 is played at tables 1, 3 and 2 (Mitchell, 3 tables, 2 boards).
    scores = [
        bridgeote_post(api, section, {"board": 1} | line)["score_ns"]
        for line in BRIDGEOTE_BOARD_ONE
    ]
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
    body = bridgeote_post(api, section, line, status=400)
    assert field in body
    assert not Result.objects.exists()


def test_a_bridge_line_is_refused_in_a_bridgeote_event(api, section):
    url = reverse("api-section-results", args=[section.pk])
    data = {"board": 1, "ns": "1NS", "ew": "1EW", "contract": "3NT",
            "declarer": "N", "result": "="}  # fmt: skip
    response = api.post(url, data, "application/json")
    assert response.status_code == 400 and "contract" in response.json()


def test_the_tablet_enters_a_bridgeote_deal(section):
    tablet = tablet_client(section)
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


def test_the_director_types_a_bridgeote_traveller(
    director, section, django_capture_on_commit_callbacks
):
    """The same three lines as above, typed on the director's traveller page:
    the same net marks and matchpoints; a redisplay gives back what was typed."""
    url = reverse("director:traveller", args=[section.pk, 1])
    page = director.get(url)
    assert (
        "Announcements" in page.content.decode()
        and "data-preview" not in page.content.decode()
    )
    rows = {(r.ns_label, r.ew_label): r.index for r in page.context["rows"]}
    first, second, third = rows["1NS", "1EW"], rows["2NS", "3EW"], rows["3NS", "2EW"]
    data = {
        f"c{first}": "100H", f"d{first}": "N", f"r{first}": "110",
        f"c{second}": "100H", f"d{second}": "N", f"r{second}": "90",
        f"c{third}": "80S", f"d{third}": "E", f"r{third}": "100", f"l{third}": "20",
    }  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        assert director.post(url, data).status_code == 302
    scores = {r.ns_pair.label: (r.score_ns, r.mp_ns) for r in Result.objects.all()}
    assert scores == {"1NS": (50, 4), "2NS": (-160, 0), "3NS": (-20, 2)}
    again = {r.index: r for r in director.get(url).context["rows"]}
    assert (again[third].contract, again[third].result, again[third].lead) == (
        "80S",
        "100",
        "20",
    )


def test_a_faulty_bridgeote_row_keeps_the_whole_board_unsaved(director, section):
    url = reverse("director:traveller", args=[section.pk, 1])
    rows = director.get(url).context["rows"]
    first, second = rows[0].index, rows[1].index
    data = {
        f"c{first}": "100H", f"d{first}": "N", f"r{first}": "110",
        f"c{second}": "100H", f"d{second}": "N", f"r{second}": "lots",
    }  # fmt: skip
    response = director.post(url, data)
    assert response.status_code == 400
    errors = response.context["rows"][1].errors
    assert errors == ["Points: the takers' card points, a whole number."]
    assert not Result.objects.exists()


def test_a_capot_is_ticked_and_kept(
    director, section, django_capture_on_commit_callbacks
):
    """CAPOT H by N, every trick won: NS mark 250 (the rule book's capot)."""
    url = reverse("director:traveller", args=[section.pk, 1])
    index = director.get(url).context["rows"][0].index
    data = {f"c{index}": "CAPOT H", f"d{index}": "N", f"r{index}": "160",
            f"k{index}": "on"}  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        assert director.post(url, data).status_code == 302
    line = Result.objects.get()
    assert (line.capot, line.score_ns) == (True, 250)
    assert director.get(url).context["rows"][0].capot is True
