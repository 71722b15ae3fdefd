"""The terminal and the results on a phone (390x844) in real headless Chromium.

A tablet's bid box keeps its Save button on the screen, the confirmation the
opponents read prints the contract with suit symbols, and the ranking's %
and a scorecard's MP and % fit the screen without scrolling sideways.
Screenshots are kept in ``artifacts/`` for CI.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pytest
from browser import ARTIFACTS, PHONE, manual_screenshot, pick, table_sign_in
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from games.weighted import WeightedPart
from tests.support.pairs_play import played_section
from tournaments.models import Event, Result, Section, Session, WhizScore
from tournaments.rescore import rescore_section
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_adjust, result_enter, result_weighted

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

# Long names, as a club's pairs have them: they wrap, they never widen the page.
NAMES = [
    "Marie-Christine Delacroix-Fontenelle – Jean-Baptiste Villeneuve-Lubin",
    "Anne-Sophie Beaumarchais – Pierre-Emmanuel Castelnau",
    "Bartholomew Worthington-Smythe – Gwendolyn Featherstonehaugh",
    "Zoé Lefèvre – Loïc Gaultier",
    "Hélène Montmorency-Laval – François-Xavier Rochechouart",
    "Li Wei – Nguyen Thi Minh Khai",
]


pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def phone(browser: Browser) -> Page:
    """A new page in a 390x844 phone-sized window, closed after the test."""
    return browser.new_context(viewport=PHONE).new_page()


def _in_view(page: Page, locator: Locator) -> None:
    """The element is wholly inside the 390x844 viewport where it stands now."""
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not rendered"
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= PHONE["width"] + 0.5, box
    assert box["y"] + box["height"] <= PHONE["height"] + 0.5, box


def _on_screen(page: Page, locator: Locator) -> None:
    """The element is wholly inside the viewport once the page is scrolled
    down to it (down only: never sideways, neither the page nor a table)."""
    page.evaluate(
        "e => window.scrollTo(0, e.getBoundingClientRect().top + window.scrollY"
        " - window.innerHeight / 2)",
        locator.element_handle(),
    )
    _in_view(page, locator)


def _no_sideways_scroll(page: Page) -> None:
    """Neither the page nor any box in it (a table's scroller) scrolls sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide"
    wider = page.evaluate(
        "[...document.querySelectorAll('main *')]"
        ".filter(e => e.scrollWidth > e.clientWidth + 1"
        " && getComputedStyle(e).overflowX !== 'visible')"
        ".map(e => e.className + ' ' + e.scrollWidth + '>' + e.clientWidth)"
    )
    assert wider == [], wider


def _cells(table: Locator, kind: str) -> list[Locator]:
    """The cells of ``table``'s column ``kind`` ("mp", "pct"), one a row (its
    header and the total included)."""
    cells = table.locator(f"th.{kind}, td.{kind}").all()
    assert len(cells) >= 2, f"no {kind} column"
    return cells


def _playing_section() -> Section:
    """A 3-table Mitchell being played, its pairs with long names (1NS first)."""
    event = event_create(
        name="Mardi soir, tournoi de régularité", date=dt.date(2026, 11, 24)
    )
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    for pair, name in zip(
        section.pairs.order_by("-direction", "number"), NAMES, strict=True
    ):
        pair.names = name
        pair.save(update_fields=["names"])
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    return section


def test_the_save_button_is_on_the_screen_and_the_confirmation_has_suits(
    live_server, phone
):
    section = _playing_section()
    code = section.table_set.get(number=1).code
    phone.goto(f"{live_server.url}/table/")
    _no_sideways_scroll(phone)  # the sign-in page
    table_sign_in(phone, live_server.url, code.lower())
    _no_sideways_scroll(phone)  # the round: pairs, boards
    _in_view(phone, phone.locator("a.board-link.todo").first)
    phone.locator("a.board-link.todo").first.click()
    save = phone.locator('button[name="save"]')
    _in_view(phone, save)  # as the page loads
    _no_sideways_scroll(phone)
    for name, value in (
        ("level", "4"),
        ("denomination", "H"),
        ("declarer", "N"),
        ("result", "-1"),
    ):
        pick(phone, name, value)
    phone.wait_for_function("document.getElementById('score').textContent === '-50'")
    _in_view(phone, save)  # the chips chosen, the page scrolled down to them
    _in_view(phone, phone.locator("#score"))
    _no_sideways_scroll(phone)
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "phone-entry.png"))
    save.click()
    contract = phone.locator("p.contract")
    assert contract.inner_text().startswith("4♥ N -1")
    colour = contract.locator(".suit").evaluate("e => getComputedStyle(e).color")
    assert colour == "rgb(192, 22, 44)"  # hearts in red
    _in_view(phone, phone.locator('button[value="agree"]'))  # no scrolling
    _no_sideways_scroll(phone)
    manual_screenshot(phone, "phone-confirmation.png")


def _widest_lines(section) -> None:
    """Give pair 1NS the widest lines a scorecard prints: a weighted score,
    an adjusted one, and 7NTXX down 13 (-7000 or -7600)."""
    lines = {
        line.board.number: line
        for line in Result.objects.filter(ns_pair__number=1, board__section=section)
    }
    first, second, third = (lines[n] for n in sorted(lines)[:3])
    parts = [WeightedPart(70, "4S", "N", 10), WeightedPart(30, "4S", "N", 11)]
    result_weighted(
        board=first.board, ns_pair=first.ns_pair, ew_pair=first.ew_pair,
        parts=parts, result=first, rescore=False,
    )  # fmt: skip
    result_adjust(
        board=second.board, ns_pair=second.ns_pair, ew_pair=second.ew_pair,
        ns="A+", ew="A-", result=second, rescore=False,
    )  # fmt: skip
    result_enter(
        board=third.board, ns_pair=third.ns_pair, ew_pair=third.ew_pair,
        contract="7NTXX", declarer="S", tricks=0, result=third, rescore=False,
    )  # fmt: skip
    rescore_section(section.pk)


def _in_french(page: Page, base: str) -> None:
    """Read the pages in French from now on (longer words than English)."""
    page.context.add_cookies([{"name": "django_language", "value": "fr", "url": base}])


def _chips_fit(page: Page) -> None:
    """Every chip's label fits inside its chip, and every chip on the screen."""
    overflowing = page.evaluate(
        "[...document.querySelectorAll('.chip span')]"
        ".filter(e => e.scrollWidth > e.clientWidth + 1"
        " || e.getBoundingClientRect().right > window.innerWidth)"
        ".map(e => e.textContent)"
    )
    assert overflowing == []


def _whiz_section() -> Section:
    """A Whiz event of twelve players, made through the director's form."""
    director = Client()
    director.force_login(
        get_user_model().objects.create_user(
            "td", password="pw", is_staff=True, is_superuser=True
        )
    )
    players = "\n".join(f"Marie-Christine Delacroix {n}" for n in range(1, 13))
    form = {"name": "Whiz Monday", "date": "2026-11-23", "mark": "standard",
            "boards_per_round": "2", "rounds": "", "players": players}  # fmt: skip
    assert director.post(reverse("director:whiz-event-new"), form).status_code == 302
    return Section.objects.get(session__event__name="Whiz Monday")


def _bridgeote_section() -> Section:
    """A Bridgeote Mitchell being played."""
    event = event_create(
        name="Bridgeote", date=dt.date(2026, 11, 24), game=Event.Game.BRIDGEOTE
    )
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    return section


@pytest.mark.parametrize(
    ("game", "chips"),
    [
        ("bridge", [("level", "pass")]),
        ("whiz", [("level", "10"), ("denomination", "D"), ("declarer", "N"),
                  ("result", "+1")]),
        ("bridgeote", [("bid", "CAPOT"), ("strain", "TA"), ("declarer", "W"),
                       ("taker_announced", "50")]),
    ],
)  # fmt: skip
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_game_keeps_save_on_a_phone(live_server, phone, game, chips, language):
    section = {"bridge": _playing_section, "whiz": _whiz_section,
               "bridgeote": _bridgeote_section}[game]()  # fmt: skip
    if language == "fr":
        _in_french(phone, live_server.url)
    table_sign_in(phone, live_server.url, section.table_set.get(number=1).code.lower())
    phone.locator("a.board-link.todo").first.click()
    save = phone.locator('button[name="save"]')
    _in_view(phone, save)
    _chips_fit(phone)
    _no_sideways_scroll(phone)
    for name, value in chips:
        pick(phone, name, value)
    _in_view(phone, save)
    _chips_fit(phone)
    _no_sideways_scroll(phone)
    ARTIFACTS.mkdir(exist_ok=True)
    picture = ARTIFACTS / f"phone-entry-{game}-{language}.png"
    phone.screenshot(path=str(picture), full_page=True)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_ranking_and_a_scorecard_fit_a_phone(live_server, phone, language):
    if language == "fr":
        _in_french(phone, live_server.url)
    event = event_create(
        name="Mardi soir, tournoi de régularité", date=dt.date(2026, 11, 24)
    )
    section = played_section(event.sessions.get(), "A", NAMES)
    _widest_lines(section)
    Event.objects.filter(pk=event.pk).update(published=True)
    phone.goto(f"{live_server.url}/events/{event.pk}/results/")
    _no_sideways_scroll(phone)
    tables = phone.locator("table.ranking").all()
    assert len(tables) == 2
    for table in tables:
        for cell in _cells(table, "pct"):
            _on_screen(phone, cell)
    ARTIFACTS.mkdir(exist_ok=True)
    if language == "en":  # the manual's (docs/directors/closing.md)
        manual_screenshot(phone, "phone-ranking-en.png", full_page=True)
    else:
        phone.screenshot(
            path=str(ARTIFACTS / f"phone-ranking-{language}.png"), full_page=True
        )
    pair = section.pairs.get(number=1, direction="NS")
    phone.goto(f"{live_server.url}/sections/{section.pk}/pairs/{pair.pk}/")
    _no_sideways_scroll(phone)
    table = phone.locator("table.scorecard")
    for kind in ("mp", "pct"):
        for cell in _cells(table, kind):
            _on_screen(phone, cell)
    text = table.inner_text()
    assert "70% 4♠ N =; 30% 4♠ N +1" in text
    assert "A+/A-" in text
    assert "7NTXX S -13" in text
    for opponent in section.pairs.filter(direction="EW"):
        assert opponent.label in text
        assert opponent.names.split(" – ")[0] in text
    phone.screenshot(
        path=str(ARTIFACTS / f"phone-scorecard-{language}.png"), full_page=True
    )
    assert not table.locator("th.wide-only").first.is_visible()  # Top, By...
    phone.emulate_media(media="print")  # printed on A4, every column is back
    assert table.locator("th.wide-only").first.is_visible()
    assert not table.locator("th.narrow-only").first.is_visible()


def test_the_whiz_ranking_fits_a_phone(live_server, phone):
    section = _whiz_section()
    director = Client()
    director.force_login(get_user_model().objects.get(username="td"))
    url = reverse("director:whiz-traveller", args=[section.session.event_id, 1])
    lines = {"c0": "10S", "d0": "N", "r0": "=", "c1": "9H", "d1": "E", "r1": "-1"}
    assert director.post(url, lines).status_code == 302
    Event.objects.filter(pk=section.session.event_id).update(published=True)
    phone.goto(f"{live_server.url}/events/{section.session.event_id}/results/")
    _no_sideways_scroll(phone)
    table = phone.locator("table.ranking")
    assert len(_cells(table, "pct")) == 1 + WhizScore.objects.count()  # header too
    for cell in _cells(table, "pct"):
        _on_screen(phone, cell)
    phone.screenshot(path=str(ARTIFACTS / "phone-whiz-ranking.png"), full_page=True)
    phone.locator("table.ranking a").first.click()  # the first player's scorecard
    _no_sideways_scroll(phone)
    card = phone.locator("table.scorecard")
    for kind in ("mp", "pct"):
        for cell in _cells(card, kind):
            _on_screen(phone, cell)
    assert "10♠" in card.inner_text() or "9♥" in card.inner_text()
    phone.screenshot(path=str(ARTIFACTS / "phone-whiz-scorecard.png"), full_page=True)


def test_the_directors_traveller_previews_the_readme_weighted_score(live_server, phone):
    """The manual's own example (docs/directors/index.md) typed in the director's
    traveller shows its weighted NS score as it is typed (the preview answered
    a 500 before)."""
    section = _playing_section()
    director = Client()
    director.force_login(
        get_user_model().objects.create_user(
            "td", password="pw", is_staff=True, is_superuser=True
        )
    )
    cookie = director.cookies["sessionid"].value
    phone.context.add_cookies(
        [{"name": "sessionid", "value": cookie, "url": live_server.url}]
    )
    phone.goto(f"{live_server.url}/director/sections/{section.pk}/boards/1/")
    phone.fill('input[name="c0"]', "70% 4S N =; 30% 4S N +1")
    cell = phone.locator('[data-score="0"]')
    phone.wait_for_function(
        "() => document.querySelector('[data-score=\"0\"]').textContent === '429'"
    )
    assert "error" not in (cell.get_attribute("class") or "")
    phone.fill('input[name="c0"]', "70% 4S N =; 20% 4S N +1")
    phone.wait_for_function(
        "() => document.querySelector('[data-score=\"0\"]').classList.contains('error')"
    )
    assert "100" in (cell.get_attribute("title") or "")  # "... add up to 100."
