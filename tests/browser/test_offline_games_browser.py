"""Barbu, Chinese bridge and Bridgeote lines kept offline, sent on return.

Real headless Chromium, on ``localhost`` (a secure context: the terminal's
service worker keeps the pages seen).  Each game's tablet is signed in, its
round page seen once, then the browser context is cut from the network: the
players enter a line (a Barbu manche) or two (two hands of a Chinese match
to 100 points, two Bridgeote deals: the second one's form opens in the page
with no server), the banner says
they are kept on this tablet, the page is reloaded with no network (the
service worker answers) and still says so; once the network returns each
line is stored exactly once, with the values entered, and the game's
standing counts it.  A screenshot of each kept state goes to the test's
temporary folder.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from barbu_play import SHEET, SHEET_STORED
from browser import PHONE, table_sign_in

from tournaments.barbu.services import barbu_event_create
from tournaments.bridgeote.services import bridgeote_event_create
from tournaments.chinese.services import chinese_event_create
from tournaments.models import (
    BarbuDeal,
    BarbuScore,
    BridgeoteDeal,
    BridgeoteScore,
    ChineseHand,
    ChineseMatch,
    Section,
)
from tournaments.services.single_section import PlayerEntry

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.django_db(transaction=True)

WAITING = "Kept on this tablet, not sent yet:"
TABLET = "/table/play/"

# Barbu: round 1's manche (tests/support/barbu_play.py); by contract
#   barbu N 0 E -20 S 0 W 0         last two N 0 E 0 S -10 W -20
#   hearts N -6 E -16 S -4 W -4     queens N -24 E 12 S -12 W 0
#   tricks N -22 E -14 S -6 W 16    trump N 35 E 10 S 10 W 10
#   réussite N 20 E 45 S -10 W 10
# (tests/tournaments/results/test_barbu_pages.py): Ann (N) 3, Ben (E) 17,
# Cat (S) -32, Dan (W) 12.

# Two Bridgeote deals at table 1 (P1-P5 in seats 1-5), as
# tests/tournaments/bridgeote/test_bridgeote_individual_event.py scores
# them: seat 3 takes 100 ♥ with seat 5, 110 card points and the Bridgeote
# announced (30): made, marks 50 50 100 50 100; then seat 2 takes 100 ♥
# contré with seat 3, 60 and 30: down, marks 380 0 0 380 380.  Points: P1
# 430, P2 50, P3 100, P4 430, P5 480.
DEALS = [
    {"bid": "100", "strain": "H", "doubled": "", "taker": "2", "partner": "4",
     "points": "110", "taker_announced": "30"},
    {"bid": "100", "strain": "H", "doubled": "X", "taker": "1", "partner": "2",
     "points": "60", "taker_announced": "30"},
]  # fmt: skip


def _players(*names: str) -> list[PlayerEntry]:
    return [PlayerEntry(name=name) for name in names]


def _offline_tablet(browser: Browser, base: str, section: Section, **options) -> Page:
    """Table 1's tablet, its page seen once through the service worker
    (which now keeps it), then the network cut."""
    context = browser.new_context(**options)
    page = context.new_page()
    page.set_default_timeout(10_000)
    table_sign_in(page, base, section.table_set.get(number=1).code)
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.context.set_offline(True)
    return page


def _save(page: Page, form: str, kept: str) -> None:
    """Submit ``form`` with no network: the banner names every line kept."""
    page.click(f"{form} button[type=submit]:not([name=check])")
    page.wait_for_selector(f"#queue-banner >> text={WAITING} {kept}")


def _reload_offline(page: Page, kept: str, shot: Path) -> None:
    """Reload with no network: the worker's copy still names the lines kept;
    a screenshot of it to ``shot``."""
    page.reload()
    assert page.inner_text("#queue-banner .queue-waiting") == f"{WAITING} {kept}"
    page.screenshot(path=str(shot), full_page=True)


def _back_online(page: Page) -> None:
    page.context.set_offline(False)
    page.wait_for_selector("#queue-banner", state="hidden")


def test_a_barbu_manche_kept_offline_is_sent_on_return(live_server, browser, tmp_path):
    event = barbu_event_create(
        name="Offline Barbu",
        date=dt.date(2026, 11, 24),
        entries=_players("Ann", "Ben", "Cat", "Dan"),
    )
    section = Section.objects.get(session__event=event)
    page = _offline_tablet(browser, live_server.url, section)
    for name, value in SHEET.items():
        page.fill(f'form.entry input[name="{name}"]', value)
    _save(page, "form.entry", "Round 1")
    assert not BarbuDeal.objects.exists()
    _reload_offline(page, "Round 1", tmp_path / "barbu-kept.png")
    for name, value in SHEET.items():  # the manche kept is back in the sheet
        assert page.input_value(f'form.entry input[name="{name}"]') == value
    _back_online(page)
    deals = {deal.contract: deal for deal in BarbuDeal.objects.all()}
    assert BarbuDeal.objects.count() == 7
    assert {c: (d.order, d.trump, d.height) for c, d in deals.items()} == SHEET_STORED
    assert deals["tricks"].points() == {"N": -22, "E": -14, "S": -6, "W": 16}
    assert deals["trump"].points() == {"N": 35, "E": 10, "S": 10, "W": 10}
    assert {
        score.entrant.display_name: score.points
        for score in BarbuScore.objects.select_related("entrant")
    } == {"Ann": 3, "Ben": 17, "Cat": -32, "Dan": 12}


def test_two_chinese_hands_kept_offline_on_a_phone_are_sent_on_return(
    live_server, browser, tmp_path
):
    event = chinese_event_create(
        name="Offline Chinese",
        date=dt.date(2026, 11, 24),
        entries=_players("Ann", "Ben"),
        target=100,
    )
    section = Section.objects.get(session__event=event)
    page = _offline_tablet(browser, live_server.url, section, viewport=PHONE)
    for number, tricks in ((1, "15"), (2, "10")):
        form = f"#hand-{number} form.entry"
        page.fill(f'{form} input[name="tricks_a"]', tricks)
        _save(page, form, ", ".join(f"Hand {n}" for n in range(1, number + 1)))
    assert not ChineseHand.objects.exists()
    _reload_offline(page, "Hand 1, Hand 2", tmp_path / "chinese-kept.png")
    assert [
        page.input_value(f'#hand-{number} input[name="tricks_a"]')
        for number in (1, 2, 3)
    ] == ["15", "10", ""]
    # A match to 100 shows one hand to enter: the next ones come in the page.
    assert page.locator("section.hand h2").all_inner_texts() == [
        "Hand 1 · dealer Ann",
        "Hand 2 · dealer Ben",
        "Hand 3 · dealer Ann",
    ]
    _back_online(page)
    match = ChineseMatch.objects.get(round=1, table=1)
    assert [
        (hand.number, hand.tricks_a, hand.tricks_b)
        for hand in ChineseHand.objects.order_by("number")
    ] == [(1, 15, 11), (2, 10, 16)]
    assert (match.a.display_name, match.points_a, match.points_b) == ("Ann", 25, 27)
    assert match.hands_played == 2


def test_two_bridgeote_deals_kept_offline_are_sent_on_return(
    live_server, browser, tmp_path
):
    event = bridgeote_event_create(
        name="Offline Bridgeote",
        date=dt.date(2026, 11, 24),
        entries=_players(*(f"P{n}" for n in range(1, 11))),
        size=5,
        rounds=2,
        deals_per_round=2,
    )
    section = Section.objects.get(session__event=event)
    page = _offline_tablet(browser, live_server.url, section, viewport=PHONE)
    titles = []
    for deal in DEALS:
        # The kept deal's page moves on to the next one by itself, after
        # the banner names the deal kept: wait for it to have moved.
        page.wait_for_function(
            "seen => { const h = document.querySelector('main h2');"
            " return Boolean(h) && !seen.includes(h.innerText); }",
            arg=titles,
        )
        titles.append(page.inner_text("main h2"))
        for name, value in deal.items():
            if name == "points":
                page.fill('form.entry input[name="points"]', value)
            else:
                page.check(f'form.entry input[name="{name}"][value="{value}"]')
        _save(page, "form.entry", ", ".join(titles))
    assert titles == ["Deal 1", "Deal 2"]
    assert not BridgeoteDeal.objects.exists()
    _reload_offline(page, "Deal 1, Deal 2", tmp_path / "bridgeote-kept.png")
    # Every deal of the round kept: the page shows the one it opens on as kept.
    assert page.input_value('form.entry input[name="points"]') == "110"
    assert page.is_checked('form.entry input[name="taker"][value="2"]')
    _back_online(page)
    stored = BridgeoteDeal.objects.filter(table__number=1).order_by("number")
    assert [
        (d.number, d.contract, d.taker, d.partner, d.taker_points, d.marks)
        for d in stored
    ] == [
        (1, "100H", 2, 4, 110, [50, 50, 100, 50, 100]),
        (2, "100HX", 1, 2, 60, [380, 0, 0, 380, 380]),
    ]
    assert BridgeoteDeal.objects.count() == 2
    assert {
        score.entrant.display_name: score.points
        for score in BridgeoteScore.objects.select_related("entrant")
        if score.entrant.display_name in {"P1", "P2", "P3", "P4", "P5"}
    } == {"P1": 430, "P2": 50, "P3": 100, "P4": 430, "P5": 480}
