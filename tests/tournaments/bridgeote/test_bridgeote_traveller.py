"""A Bridgeote traveller (public, director's print, Excel): card points,
announcements and each side's points; no vulnerability; readable contracts.

Board 1 of a 3-table Mitchell, hand-worked by the rule book:

- 1NS v 1EW, CAPOT ♠ by N, every trick (160 card points), a Bridgeote (30):
  a capot bid made is worth 250 in a colour; EW have no cards: 160 - 160 = 0.
  NS 250, EW 0, net +250.
- 2NS v 3EW, 100 TA by N, 120 card points, 70 announced (two Belotes and a
  Bridgeote): target 150, 120 + 70 = 190 made. NS 150, EW 260 - 120 = 140,
  net +10.
- 3NS v 2EW, 80 ♥ by E, 100 card points, NS announce a Belote (20): made.
  EW 80; NS 160 - 100 + 20 = 80. Net 0.

Matchpoints, top 4 on three lines: +250 beats two (4), +10 one (2), 0 none
(0); EW the complements 0, 2, 4: 0 %, 50 %, 100 % for EW.
"""

from __future__ import annotations

import datetime as dt
from io import BytesIO

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from section_play import bridgeote_section

from tournaments.exporters.workbook import event_workbook_bytes
from tournaments.models import Result
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

LINES = [
    {"ns": "1NS", "ew": "1EW", "contract": "CAPOTS", "declarer": "N",
     "points": 160, "capot": True, "taker_announcements": 30},
    {"ns": "2NS", "ew": "3EW", "contract": "100TA", "declarer": "N",
     "points": 120, "taker_announcements": 70},
    {"ns": "3NS", "ew": "2EW", "contract": "80H", "declarer": "E",
     "points": 100, "defence_announcements": 20},
]  # fmt: skip


@pytest.fixture
def section(api):
    section = bridgeote_section()
    url = reverse("api-bridgeote-results", args=[section.pk])
    for line in LINES:
        response = api.post(url, {"board": 1} | line, "application/json")
        assert response.status_code == 201, response.json()
    return section


def test_the_lines_are_marked_and_matchpointed(section):
    got = {
        r.ns_pair.label: (r.score_ns, r.mp_ns, r.mp_ew) for r in Result.objects.all()
    }
    assert got == {"1NS": (250, 4, 0), "2NS": (10, 2, 2), "3NS": (0, 0, 4)}


def _row(page: str, contract_html: str) -> str:
    """The traveller's row holding ``contract_html``."""
    start = page.index(contract_html)
    return page[page.rindex("<tr>", 0, start) : page.index("</tr>", start)]


def test_the_public_traveller_shows_card_points_and_announcements(section):
    page = Client().get(reverse("results:board", args=[section.pk, 1]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Vulnerable" not in html
    assert "CAPOTS" not in html
    for header in ("Takers' card points", "Takers' announcements",
                   "Defence's announcements", "NS points", "EW points"):  # fmt: skip
        assert header in html
    capot = _row(html, 'Capot <span class="suit black">♠</span>')
    # card points, capot, announcements 30/0, NS 250, EW 0, net 250, MP 4/0.
    assert "<td>160 <span" in capot and "every trick" in capot
    cells = ["<td>30</td>", "<td>0</td>", "<td>250</td>", "<td>4</td>"]
    assert all(cell in capot for cell in cells)
    ta = _row(html, "100 TA")
    for cell in ("<td>120</td>", "<td>70</td>", "<td>150</td>", "<td>140</td>",
                 "<td>10</td>", "<td>2</td>", "<td>50.00</td>"):  # fmt: skip
        assert cell in ta
    hearts = _row(html, '80 <span class="suit red">♥</span>')
    assert hearts.count("<td>80</td>") == 2 and "<td>20</td>" in hearts


def test_a_bridge_traveller_keeps_its_vulnerability(director):
    event = event_create(name="Bridge night", date=dt.date(2026, 11, 25))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    for url in (
        reverse("director:traveller", args=[section.pk, 1]),
        reverse("director:print-set", args=[section.pk]),
    ):
        page = director.get(url)
        assert page.status_code == 200
        assert "Vulnerable" in page.content.decode()
        assert "Takers' card points" not in page.content.decode()


def test_the_directors_traveller_and_print_set_show_the_same(director, section):
    edit = director.get(reverse("director:traveller", args=[section.pk, 1]))
    assert edit.status_code == 200 and "Vulnerable" not in edit.content.decode()
    printed = director.get(reverse("director:print-set", args=[section.pk]))
    assert printed.status_code == 200
    html = printed.content.decode()
    assert "Vulnerable" not in html and "CAPOTS" not in html
    ta = _row(html, "100 TA")
    assert "<td>70</td>" in ta and "<td>150</td>" in ta and "<td>140</td>" in ta


def test_the_workbook_keeps_card_points_and_announcements_as_numbers(section):
    book = load_workbook(BytesIO(event_workbook_bytes(section.session.event)))
    sheet = book["Travellers"]
    rows = list(sheet.iter_rows(values_only=True))
    header = rows[0]
    assert "Lead" not in header and "Tricks" not in header
    by_contract = {row[header.index("Contract")]: row for row in rows[1:]}
    ta = dict(zip(header, by_contract["100 TA"], strict=True))
    assert (
        ta["Takers' card points"],
        ta["Takers' announcements"],
        ta["Defence's announcements"],
        ta["NS points"],
        ta["EW points"],
        ta["NS net"],
        ta["MP NS"],
    ) == (120, 70, 0, 150, 140, 10, 2)
    assert all(
        type(ta[name]) is int
        for name in ("Takers' card points", "Takers' announcements", "NS points")
    )
    capot = dict(zip(header, by_contract["Capot S"], strict=True))
    assert (capot["Capot"], capot["NS points"], capot["EW points"]) == (
        "every trick",
        250,
        0,
    )
    hearts = dict(zip(header, by_contract["80 H"], strict=True))
    assert (hearts["Declarer"], hearts["Defence's announcements"]) == ("E", 20)
    assert (hearts["NS points"], hearts["EW points"], hearts["NS net"]) == (80, 80, 0)
    # The scorecards give the card points as numbers too.
    card = book[next(name for name in book.sheetnames if "1NS" in name or
                     name.endswith("1 NS") or "NS 1" in name)]  # fmt: skip
    assert 160 in [cell for row in card.iter_rows(values_only=True) for cell in row]
