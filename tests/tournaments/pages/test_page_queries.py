"""Nasty query strings over the public results pages, the terminal pages and
the score preview: every one is answered (200, a redirect or a 4xx), never a
500.  The pages that read a query field (the terminal's ?round= and ?code=,
the bridge page's ?boards=, the preview's fields) refuse a bad one clearly."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import pytest
from django.test import Client, TestCase
from django.urls import reverse

from tests.support.module_world import module_world, world_director_client
from tests.support.pairs_play import played_section
from tournaments.models import Event, Section, Session, WhizScore
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db

NASTY = [
    "", " ", "-1", "0", "1.5", "1e9", "9" * 30, "9" * 5000, "١", "１", "%00",
    "%FF%FE", "%ED%A0%80", "<script>alert(1)</script>", "' OR 1=1 --",
    "..%2F..%2Fetc%2Fpasswd", "☃♠♥", "x" * 10_000, "null", "[]", "{}", "%25%25",
    "70%25+4S+N+%3D%3B+30%25+4S+N+%2B1", "A%2B%2FA-",
]  # fmt: skip
FIELDS = ["round", "code", "boards", "board", "page", "format", "lang", "next"]


def _query(value: str) -> str:
    """Every field a view might read set to ``value``, one repeated, one as an
    array, raw (already URL-encoded where it matters)."""
    pairs = [f"{field}={value}" for field in FIELDS]
    return "&".join([*pairs, f"round={value}", f"round[]={value}", value])


def _night() -> Section:
    """A played 3-table Mitchell, published: every page has something to show."""
    event = event_create(name="Night", date=dt.date(2026, 11, 24), published=True)
    section = played_section(
        event.sessions.get(), "A", [f"P{n} – Q{n}" for n in range(6)]
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return section


@pytest.fixture(scope="module")
def night(django_db_setup, django_db_blocker) -> Iterator[Section]:
    """:func:`_night`, played once for the module (each test in a savepoint)."""
    with module_world(django_db_blocker, _night) as section:
        yield section


def _public_urls(section: Section) -> list[str]:
    event = section.session.event_id
    pair = section.pairs.first().pk
    return [
        f"/events/{event}/results/",
        f"/events/{event}/results.xlsx",
        f"/events/{event}/results.pbn",
        f"/events/{event}/usebio.xml",
        f"/events/{event}/hand-records/",
        f"/events/{event}/results/version.json",
        f"/sections/{section.pk}/boards/1/",
        f"/sections/{section.pk}/boards/6/",
        f"/sections/{section.pk}/pairs/{pair}/",
        "/games/bridge/",
        "/api/score/",
        f"/api/sections/{section.pk}/results/",
    ]


TERMINAL = [
    "/table/",
    "/table/play/",
    "/table/play/1/board/1/",
    "/table/play/1/board/2/",
    "/table/play/2/board/3/",
    "/table/play/9/board/1/",
    "/table/play/1/board/99/",
]


@pytest.mark.parametrize("value", NASTY)
def test_the_public_pages_answer_any_query(client, night, value):
    for url in _public_urls(night):
        response = client.get(f"{url}?{_query(value)}")
        assert response.status_code in (200, 400, 404), (url, response.status_code)


@pytest.mark.parametrize("value", NASTY)
def test_the_terminal_pages_answer_any_query(night, value):
    tablet = Client()
    signed_out = Client()
    code = night.table_set.get(number=1).code
    assert tablet.post("/table/", {"code": code}).status_code == 302
    for url in TERMINAL:
        for client in (tablet, signed_out):
            response = client.get(f"{url}?{_query(value)}")
            assert response.status_code in (200, 302, 400, 404), (
                url,
                response.status_code,
            )


@pytest.mark.parametrize(
    ("round", "status"),
    [("1", 200), ("3", 200), ("4", 404), ("0", 404), ("-1", 404), ("x", 404),
     ("9" * 30, 404), ("9" * 5000, 404), ("١", 200), ("", 200)],
)  # fmt: skip
def test_the_terminal_round_is_a_round_of_the_movement(night, round, status):
    tablet = Client()
    code = night.table_set.get(number=1).code
    tablet.post("/table/", {"code": code})
    response = tablet.get(f"/table/play/?round={round}")
    assert response.status_code == status
    if status == 200 and round.isascii() and round:
        assert f"round {round}" in response.content.decode()


def test_a_code_in_the_sign_in_link_is_shown_escaped(client, night):
    page = client.get("/table/?code=%3Cscript%3Ex%3C/script%3E").content.decode()
    assert "<script>x" not in page and "&lt;script&gt;x" in page


def _whiz_night() -> Section:
    """A Whiz event with board 1 typed by the director, published."""
    director = world_director_client("td")
    form = {"name": "Whiz Monday", "date": "2026-11-23", "mark": "standard",
            "boards_per_round": "2", "rounds": "",
            "players": "\n".join(f"Player {n}" for n in range(1, 13))}  # fmt: skip
    assert director.post(reverse("director:whiz-event-new"), form).status_code == 302
    event = Event.objects.get(name="Whiz Monday")
    url = reverse("director:whiz-traveller", args=[event.pk, 1])
    with TestCase.captureOnCommitCallbacks(execute=True):
        director.post(url, {"c0": "10S", "d0": "N", "r0": "=", "c1": "9H", "d1": "E",
                            "r1": "-1"})  # fmt: skip
    Event.objects.filter(pk=event.pk).update(published=True)
    return Section.objects.get(session__event=event)


@pytest.fixture(scope="module")
def whiz_night(django_db_setup, django_db_blocker) -> Iterator[Section]:
    """:func:`_whiz_night`, played once for the module."""
    with module_world(django_db_blocker, _whiz_night) as section:
        yield section


@pytest.mark.parametrize("value", NASTY)
def test_the_whiz_pages_answer_any_query(whiz_night, value):
    event = whiz_night.session.event_id
    entrant = WhizScore.objects.values_list("entrant_id", flat=True).first()
    public = [
        f"/events/{event}/results/",
        f"/events/{event}/results.xlsx",
        f"/events/{event}/whiz/boards/1/",
        f"/events/{event}/whiz/players/{entrant}/",
    ]
    tablet, anyone = Client(), Client()
    code = whiz_night.table_set.get(number=1).code
    assert tablet.post("/table/", {"code": code}).status_code == 302
    for url in public + TERMINAL:
        for client in (tablet, anyone):
            response = client.get(f"{url}?{_query(value)}")
            assert response.status_code in (200, 302, 400, 404), (
                url,
                response.status_code,
            )
