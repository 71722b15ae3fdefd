"""Live checks in real headless Chromium: a wrong direction entered on a
phone (390x844) says "unusual result: check" before E-W agree; the director
fixes it in one click on the console (1366x768); the line is then right in
the database, the flag gone on both screens, and the table plays on.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pytest
from browser import ARTIFACTS, manual_screenshot, pick, signed_in_tablet

from games.double_dummy import DoubleDummyTable
from tournaments.models import Board, Result, ResultChange, Session
from tournaments.services.events import MovementChoice, event_create, section_create

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.django_db(transaction=True)

BOARD_ONE = "/table/play/1/board/1/"
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def section():
    """A 3-table Mitchell being played; board 1's hand record is loaded:
    North-South make 10 tricks in spades, East-West 3."""
    event = event_create(name="Checks night", date=dt.date(2026, 11, 24))
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    rows = [
        (seat, denomination, {"N": 10, "S": 10}.get(seat, 3) if denomination == "S"
         else 7)
        for seat in "NSEW"
        for denomination in ("NT", "S", "H", "D", "C")
    ]  # fmt: skip
    Board.objects.filter(section=section, number=1).update(
        dd_tricks=DoubleDummyTable.from_rows(rows).to_pbn()
    )
    return section


def laptop_console(browser: Browser, base: str, section, django_user_model) -> Page:
    """The director's laptop (1366x768), signed in, on the section's console."""
    django_user_model.objects.create_user(
        "td", password="pw-td-1", is_staff=True, is_superuser=True
    )
    page = browser.new_context(viewport=LAPTOP).new_page()
    page.goto(f"{base}/accounts/login/?next=/director/")
    page.fill('input[name="username"]', "td")
    page.fill('input[name="password"]', "pw-td-1")
    page.click('form.sign-in button[type="submit"]')
    page.wait_for_url("**/director/")
    page.goto(f"{base}/director/sections/{section.pk}/console/")
    return page


def test_a_wrong_direction_is_flagged_at_the_table_and_fixed_on_the_console(
    live_server, browser, section, django_user_model
):
    base = live_server.url
    ARTIFACTS.mkdir(exist_ok=True)
    phone = signed_in_tablet(browser, base, section.table_set.get(number=1).code)
    phone.goto(base + BOARD_ONE)
    for name, value in (("level", "4"), ("denomination", "S"), ("declarer", "E"),
                        ("result", "=")):  # fmt: skip
        pick(phone, name, value)
    phone.click('button[name="save"]')
    phone.wait_for_selector("section.entered:not(.kept-line)")
    # Stored as entered (never blocked), flagged before E-W agree.
    line = Result.objects.get()
    assert (line.declarer, line.score_ns) == ("E", -420)
    alert = phone.locator("#unusual")
    assert alert.inner_text().splitlines()[0] == "unusual result: check"
    assert "Declared by S, the score would be 420" in alert.inner_text()
    assert phone.locator('button[value="agree"]').is_visible()
    manual_screenshot(phone, "line-checks-tablet.png", full_page=True)

    td = laptop_console(browser, base, section, django_user_model)
    unusual = td.locator("#unusual")
    assert unusual.locator("h2").inner_text() == "Unusual results: check"
    assert "Board 1, 1NS v 1EW: 4S= by E, NS -420" in unusual.inner_text()
    manual_screenshot(td, "line-checks-console.png", full_page=True)
    with td.expect_navigation():
        td.click('#unusual button:has-text("Swap the direction (declarer S)")')
    td.wait_for_selector("text=Corrected: Board 1, 1NS v 1EW: 4S= by S, NS +420.")
    assert td.locator("#unusual").count() == 0

    line.refresh_from_db()
    assert (line.contract, line.declarer, line.tricks, line.score_ns) == (
        "4S", "S", 10, 420,
    )  # fmt: skip
    change = ResultChange.objects.latest("id")
    assert (change.user.username, change.before["declarer"]) == ("td", "E")
    assert change.after["declarer"] == "S"

    # The table plays on: no flag now, E-W agree to the corrected line.
    phone.goto(base + BOARD_ONE)
    assert phone.locator("#unusual").count() == 0
    assert "4♠ S =\n\nNS score: 420" in phone.inner_text("section.entered")
    with phone.expect_navigation():
        phone.click('button[value="agree"]')
    phone.wait_for_selector("text=Confirmed by E-W.")
    line.refresh_from_db()
    assert line.confirmed is not None
