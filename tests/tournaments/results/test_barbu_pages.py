"""Barbu pages: the director's score sheet, the results, the workbook."""

from __future__ import annotations

import datetime as dt
from io import BytesIO

import pytest
from barbu_play import SHEET, SHEET_STORED
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from tablet_play import tablet_client

from tournaments.barbu.services import barbu_event_create
from tournaments.models import BarbuDeal, BarbuScore, Event, Section
from tournaments.whiz.services import WhizEntry

pytestmark = pytest.mark.django_db


@pytest.fixture
def barbu() -> Event:
    return barbu_event_create(
        name="Barbu Friday",
        date="2026-11-20",
        entries=[WhizEntry(name=name) for name in ("Ann", "Ben", "Cat", "Dan")],
    )


def test_the_director_types_a_whole_manche(
    director, barbu, django_capture_on_commit_callbacks
):
    url = reverse("director:barbu-manche", args=[barbu.pk, 1, 1])
    with django_capture_on_commit_callbacks(execute=True):
        assert director.post(url, SHEET).status_code == 302
    deals = {d.contract: d.points() for d in BarbuDeal.objects.all()}
    assert deals["barbu"] == {"N": 0, "E": -20, "S": 0, "W": 0}
    # Hearts -2 each, the ace -6 in all: E 5 x -2 - 6 = -16.
    assert deals["hearts"] == {"N": -6, "E": -16, "S": -4, "W": -4}
    assert deals["tricks"] == {"N": -22, "E": -14, "S": -6, "W": 16}
    assert deals["last-two"] == {"N": 0, "E": 0, "S": -10, "W": -20}
    assert deals["reussite"] == {"N": 20, "E": 45, "S": -10, "W": 10}
    # Queens: base N -12, S -12; E (0) doubles N (-12): E +12, N -24.
    assert deals["queens"] == {"N": -24, "E": 12, "S": -12, "W": 0}
    # Trump: base N 20, E S W 15; each doubles N, each losing 5 to N: N 35.
    assert deals["trump"] == {"N": 35, "E": 10, "S": 10, "W": 10}
    assert sum(sum(points.values()) for points in deals.values()) == 0
    stored = {d.contract: (d.order, d.trump, d.height) for d in BarbuDeal.objects.all()}
    assert stored == SHEET_STORED
    totals = {s.entrant.display_name: s.points for s in BarbuScore.objects.all()}
    assert sum(totals.values()) == 0 and len(totals) == 4
    page = director.get(url).content.decode()
    assert "S&gt;N, W&gt;N, W&gt;E, W&gt;S" in page


def test_a_sheet_that_does_not_add_up_keeps_nothing(director, barbu):
    url = reverse("director:barbu-manche", args=[barbu.pk, 1, 1])
    response = director.post(url, SHEET | {"r-queens": "N2 S1"})
    assert response.status_code == 400
    rows = {row.contract.value: row for row in response.context["rows"]}
    assert rows["queens"].errors
    assert not BarbuDeal.objects.exists()


def test_results_pages_and_workbook(
    director, barbu, django_capture_on_commit_callbacks
):
    url = reverse("director:barbu-manche", args=[barbu.pk, 1, 1])
    with django_capture_on_commit_callbacks(execute=True):
        director.post(url, SHEET)
    assert director.get(reverse("director:event", args=[barbu.pk])).status_code == 200
    Event.objects.filter(pk=barbu.pk).update(published=True)
    public = Client()
    page = public.get(reverse("results:event", args=[barbu.pk])).content.decode()
    assert "Round 1, table 1" in page and "Ann" in page
    score = BarbuScore.objects.select_related("entrant").first()
    card = public.get(
        reverse("results:barbu-player", args=[barbu.pk, score.entrant.pk])
    )
    assert card.status_code == 200
    book = load_workbook(
        BytesIO(public.get(reverse("results:excel", args=[barbu.pk])).content)
    )
    assert book.sheetnames == ["Ranking", "Deals"]
    rows = list(book["Deals"].iter_rows(values_only=True))
    assert len(rows) == 1 + 7
    ranking = list(book["Ranking"].iter_rows(values_only=True))[1:]
    assert sum(row[4] for row in ranking) == 0
    # Places are numbers with "=" beside a shared one, as stored for the page.
    stored = {s.entrant.number: s.rank for s in BarbuScore.objects.all()}
    assert {row[2]: f"{row[0]}{row[1] or ''}" for row in ranking} == stored
    assert all(type(row[0]) is int for row in ranking)
    assert Section.objects.get(session__event=barbu).tables == 1


def test_the_tablet_enters_its_manche(barbu, django_capture_on_commit_callbacks):
    section = Section.objects.get(session__event=barbu)
    tablet = tablet_client(section)
    page = tablet.get("/table/play/").content.decode()
    assert "Ann" in page and "declarer" in page
    with django_capture_on_commit_callbacks(execute=True):
        saved = tablet.post("/table/play/", SHEET | {"round": "1"})
    assert saved.status_code == 302
    assert BarbuDeal.objects.filter(source="table").count() == 7
    # Round 1 is full: the tablet moves on to round 2.
    assert "round 2" in tablet.get("/table/play/").content.decode()
    bad = tablet.post("/table/play/", {"round": "2", "r-queens": "N9"})
    assert bad.status_code == 400
    assert BarbuDeal.objects.count() == 7


def test_the_director_creates_barbu_and_chinese_events(director):
    players = "\n".join(f"P{n}" for n in range(1, 9))
    base = {"name": "Games night", "date": "2026-11-27", "players": players}
    barbu = director.post(reverse("director:barbu-event-new"), base | {"rounds": "4"})
    assert barbu.status_code == 302
    chinese = director.post(
        reverse("director:chinese-event-new"),
        base | {"format": "swiss", "hands": "4", "rounds": "3"},
    )
    assert chinese.status_code == 302
    kinds = sorted(Event.objects.values_list("kind", flat=True))
    assert kinds == ["barbu", "chinese"]
    bad = director.post(
        reverse("director:chinese-event-new"),
        base | {"format": "swiss", "hands": "3", "rounds": "3"},
    )
    assert bad.status_code == 400 and "hands" in bad.context["form"].errors
    assert Event.objects.count() == 2
    for event in Event.objects.all():
        assert (
            director.get(reverse("director:event", args=[event.pk])).status_code == 200
        )


def test_barbu_table_cards_seat_the_four_and_name_each_declarer(director, barbu):
    """One table of four over four rounds: each seat declares one round's manche."""
    event_page = director.get(reverse("director:event", args=[barbu.pk]))
    assert (
        reverse("director:barbu-cards", args=[barbu.pk]) in event_page.content.decode()
    )
    page = director.get(reverse("director:barbu-cards", args=[barbu.pk]))
    assert page.status_code == 200
    (card,) = page.context["cards"]
    assert [row.round for row in card.rows] == [1, 2, 3, 4]
    assert [row.note.split(" · ")[0] for row in card.rows] == ["N", "E", "S", "W"]
    assert {seat.name for seat in card.rows[0].seats} == {"Ann", "Ben", "Cat", "Dan"}
    assert "Tablet sign-in code" in page.content.decode()


def test_chinese_table_cards_give_each_rounds_match(director):
    from tournaments.chinese.services import chinese_event_create

    event = chinese_event_create(
        name="Chinese Monday",
        date=dt.date(2026, 11, 23),
        entries=[WhizEntry(name=name) for name in ("Ann", "Ben", "Cat", "Dan")],
    )
    page = director.get(reverse("director:chinese-cards", args=[event.pk]))
    assert page.status_code == 200
    cards = page.context["cards"]
    assert [card.table for card in cards] == [1, 2]
    # Round robin of four: three rounds at each of the two tables, and every
    # pair of players meets once over the event.
    assert [len(card.rows) for card in cards] == [3, 3]
    meetings = {
        frozenset(seat.name for seat in row.seats)
        for card in cards
        for row in card.rows
    }
    assert len(meetings) == 6


def test_the_manche_page_lists_the_tables_changes(
    director, barbu, django_capture_on_commit_callbacks
):
    url = reverse("director:barbu-manche", args=[barbu.pk, 1, 1])
    with django_capture_on_commit_callbacks(execute=True):
        director.post(url, SHEET)
        director.post(url, SHEET | {"r-tricks": "N4 E5 S3 W1"})
    changes = director.get(url).context["changes"]
    assert [(c.who, c.action) for c in changes][:2] == [
        ("td", "corrected"),
        ("td", "entered"),
    ]
    assert len(changes) == 8  # seven contracts entered, one corrected
    # Tricks at -2 each, S and W doubled N, W doubled E and S (the sheet).
    # N4 E5 S3 W1: base -8, -10, -6, -2; S>N moves 2 to S, W>N 6 to W,
    # W>E 8 to W, W>S 4 to W: N -16, E -18, S -8, W 16.
    assert changes[0].before == "Table 1, round 1, tricks: N -22, E -14, S -6, W 16"
    assert changes[0].after == "Table 1, round 1, tricks: N -16, E -18, S -8, W 16"


def test_a_sheet_short_of_compulsory_doubles_keeps_nothing(director, barbu):
    # The issue: W (Dan) doubles the declarer once (on Tricks) and the sheet
    # was accepted. Without his Trump double the whole manche is refused.
    url = reverse("director:barbu-manche", args=[barbu.pk, 1, 1])
    response = director.post(url, SHEET | {"d-trump": "E>N, S>N"})
    assert response.status_code == 400
    rows = {row.contract.value: row for row in response.context["rows"]}
    # Réussite, the last row saved, is where W runs out of deals.
    (error,) = rows["reussite"].errors
    assert "W (Dan) has doubled the declarer N in 1 deal(s)" in error
    assert "W (Dan)" in response.content.decode()
    assert not BarbuDeal.objects.exists()


@pytest.mark.parametrize(
    ("change", "row", "text"),
    [
        ({"c-trump": ""}, "trump", "needs its trump suit"),
        ({"c-reussite": "C"}, "reussite", "2 to A"),
        ({"o-queens": ""}, "queens", "1 to 7"),
        ({"o-queens": "3"}, "queens", "already Hearts"),
        ({"d-tricks": "N>S XX"}, "tricks", "may not double"),
    ],
)
def test_bad_choices_on_the_sheet_name_the_row(director, barbu, change, row, text):
    url = reverse("director:barbu-manche", args=[barbu.pk, 1, 1])
    response = director.post(url, SHEET | change)
    assert response.status_code == 400
    rows = {r.contract.value: r for r in response.context["rows"]}
    assert any(text in error for error in rows[row].errors), rows[row].errors
    assert not BarbuDeal.objects.exists()


def test_the_choices_are_shown_on_the_pages_and_in_the_workbook(
    director, barbu, django_capture_on_commit_callbacks
):
    url = reverse("director:barbu-manche", args=[barbu.pk, 1, 1])
    with django_capture_on_commit_callbacks(execute=True):
        assert director.post(url, SHEET).status_code == 302
    sheet = director.get(url).content.decode()
    assert 'name="c-trump" value="S"' in sheet
    assert 'name="c-reussite" value="9"' in sheet
    assert 'name="o-tricks" value="5"' in sheet
    Event.objects.filter(pk=barbu.pk).update(published=True)
    public = Client()
    page = public.get(reverse("results:event", args=[barbu.pk])).content.decode()
    assert "trump ♠" in page and "reussite at 9" in page
    # The manche in the order played: Barbu first, Last two second.
    assert page.index('<td>1</td><td class="text">barbu') < page.index(
        '<td>2</td><td class="text">last-two'
    )
    ann = BarbuScore.objects.get(entrant__name="Ann").entrant
    card = public.get(reverse("results:barbu-player", args=[barbu.pk, ann.pk]))
    assert "trump ♠" in card.content.decode()
    book = load_workbook(
        BytesIO(public.get(reverse("results:excel", args=[barbu.pk])).content)
    )
    rows = list(book["Deals"].iter_rows(values_only=True))
    assert rows[0][:6] == (
        "Round", "Table", "Deal", "Contract", "Trump", "Réussite height",
    )  # fmt: skip
    assert [row[2:6] for row in rows[1:]] == [
        (1, "barbu", None, None),
        (2, "last-two", None, None),
        (3, "hearts", None, None),
        (4, "queens", None, None),
        (5, "tricks", None, None),
        (6, "trump", "S", None),
        (7, "reussite", None, 9),
    ]


def test_the_tablet_refuses_a_manche_short_of_doubles(barbu):
    section = Section.objects.get(session__event=barbu)
    tablet = tablet_client(section)
    page = tablet.get("/table/play/").content.decode()
    assert 'name="c-trump"' in page and 'name="o-barbu"' in page
    refused = tablet.post("/table/play/", SHEET | {"round": "1", "d-trump": "E>N"})
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "S (Cat) has doubled the declarer N in 1 deal(s)" in text
    assert "W (Dan) has doubled the declarer N in 1 deal(s)" in text
    assert not BarbuDeal.objects.exists()
