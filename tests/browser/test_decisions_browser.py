"""Decisions release the table, tablets follow the movement (issue 32,
item 1), in real headless Chromium against the real ``scripts/serve.sh``
(pushed changes): phones of 390x844 at the tables, the director's laptop
of 1366x768 on the console.

* E-W answer "not agreed", the director keeps the line as entered on the
  console: the tablet tells the players by itself and they play round 2.
* Table 7 sits out round 1 (the phantom): its tablet says so and what comes
  next, and moves to round 2 by itself once table 1 has entered the boards.
* 2EW withdraws from round 3: table 4's tablet says so in round 1, by itself.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING

from browser import (
    ARTIFACTS,
    manual_screenshot,
    pick,
    room_director,
    signed_in_tablet,
)
from room_server import Room

from bench.tablets import sign_in

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

LAPTOP = {"width": 1366, "height": 768}

SECTION = """
import datetime as dt, json
from tournaments.models import Session
from tournaments.services.events import (
    MovementChoice, PairEntry, event_create, section_create)
event = event_create(name="Decisions night", date=dt.date(2026, 11, 28))
section = section_create(
    session=event.sessions.get(),
    choice=MovementChoice("mitchell", 7, 2, phantom=True),
    entries=[PairEntry(names=f"Player {n} – Partner {n}") for n in range(13)])
Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
print(json.dumps({"id": section.pk,
                  "codes": {t.number: t.code for t in section.table_set.all()}}))
"""


def seven_tables(room: Room) -> dict:
    """A 7-table Mitchell with a phantom (7EW), 2 boards a round, playing."""
    return json.loads(room.manage("shell", "-c", SECTION).strip().splitlines()[-1])


def phone(browser: Browser, room: Room, code: str) -> Page:
    """A phone signed in at a table, its push stream open."""
    page = signed_in_tablet(browser, room.public, code)
    streaming(page)
    return page


def streaming(page: Page) -> None:
    page.wait_for_function(
        "() => document.querySelector('main').dataset.pushState === 'open'"
    )


def shown(page: Page, text: str, timeout: float = 10.0) -> None:
    """Wait until ``text`` is in the page's main, through its own reloads."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if text in page.inner_text("main"):
                return
        except Exception:  # the page is being reloaded
            pass
        time.sleep(0.05)
    raise AssertionError(f"not shown within {timeout} s: {text!r}")


def enter_board(page: Page) -> None:
    """Open the first board to play and save 4S by N, made."""
    page.locator("a.board-link.todo").first.click()
    save_board(page)


def save_board(page: Page) -> None:
    """On a board's form: save 4S by N, made; wait for E-W's answer."""
    page.wait_for_selector("#entry")
    for name, value in (("level", "4"), ("denomination", "S"),
                        ("declarer", "N"), ("result", "=")):  # fmt: skip
        pick(page, name, value)
    page.click('button[name="save"]')
    page.wait_for_selector('form[data-queue="answer"] button[value="agree"]')


def test_a_dispute_kept_as_entered_lets_the_table_play_on(browser, room: Room):
    section = seven_tables(room)
    tablet = phone(browser, room, section["codes"]["4"])
    assert "Table 4 · round 1" in tablet.inner_text("h1")
    enter_board(tablet)
    tablet.click('button[value="agree"]')
    tablet.wait_for_selector("text=Confirmed by E-W.")
    tablet.click("text=Next: board 8")
    save_board(tablet)
    with tablet.expect_navigation():
        tablet.click('button[value="dispute"]')
    assert "The director has been called for this board." in tablet.inner_text("main")
    streaming(tablet)
    tablet.evaluate("window.notReloaded = true")

    console = room_director(browser, room)
    console.set_viewport_size(LAPTOP)
    console.goto(f"{room.local}/director/sections/{section['id']}/console/")
    console.click('ul.disputes button:has-text("Keep as entered")')
    console.wait_for_selector("text=kept as entered")
    ARTIFACTS.mkdir(exist_ok=True)
    manual_screenshot(console, "decisions-console.png")

    # The tablet hears of it and says so, with no tap.
    shown(tablet, "Kept as entered by the director.")
    assert tablet.evaluate("window.notReloaded") is None
    assert "director has been called" not in tablet.inner_text("main")
    manual_screenshot(tablet, "decisions-kept-tablet.png")
    # The player's next tap goes to round 2, and round 2 takes its board.
    tablet.click("text=Next round")
    tablet.wait_for_url(f"{room.public}/table/play/")
    assert "Table 4 · round 2" in tablet.inner_text("h1")
    enter_board(tablet)
    assert "only the director" not in tablet.inner_text("main")
    assert "playing round 1" not in tablet.inner_text("main")


def test_a_sit_out_and_a_withdrawal_on_the_tablets(browser, room: Room):
    section = seven_tables(room)
    # Table 1 has entered board 1 of its two (its own tablet, by the API).
    entering = sign_in(room.local, section["codes"]["1"])
    first, second = entering.current_round()
    assert entering.submit(first).status == 201
    table_7 = phone(browser, room, section["codes"]["7"])
    main = table_7.inner_text("main")
    assert "Table 7 · round 1" in table_7.inner_text("h1")
    assert "7NS sits out round 1." in main
    assert (
        "Next at this table: round 2, 7NS against 6EW, boards 1-2 "
        "(still at table 1)." in main
    )
    assert table_7.locator("a.board-link").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    table_7.screenshot(path=str(ARTIFACTS / "decisions-sit-out-tablet.png"))

    # Table 1 enters board 2: table 7 goes on, pushed.
    table_7.evaluate("window.notReloaded = true")
    assert entering.submit(second).status == 201
    shown(table_7, "Table 7 · round 2")
    assert table_7.evaluate("window.notReloaded") is None
    links = table_7.locator("a.board-link.todo")
    assert links.count() == 2
    assert links.first.inner_text().splitlines()[-1].strip() == "to play"

    # The director withdraws 2EW from round 3: table 4, in round 1, is told.
    table_4 = phone(browser, room, section["codes"]["4"])
    table_4.evaluate("window.notReloaded = true")
    console = room_director(browser, room)
    console.set_viewport_size(LAPTOP)
    console.goto(f"{room.local}/director/sections/{section['id']}/")
    console.select_option("#id_withdraw-pair", "2EW")
    console.fill("#id_withdraw-round", "3")
    console.click("#withdraw button[type=submit]")
    console.wait_for_selector("text=2EW withdrew: its opponents sit out from round 3")
    shown(table_4, "Pair 2EW withdrew from round 3: no play at this table in round 3.")
    assert table_4.evaluate("window.notReloaded") is None
    assert "Table 4 · round 1" in table_4.inner_text("h1")
    table_4.screenshot(path=str(ARTIFACTS / "decisions-withdrawal-tablet.png"))


def test_sign_out_asks_first_and_the_lead_is_a_button(browser, room: Room):
    section = seven_tables(room)
    tablet = phone(browser, room, section["codes"]["2"])
    tablet.locator("a.board-link.todo").first.click()
    tablet.wait_for_selector("#entry")
    lead = tablet.locator("details.lead summary")
    box = lead.bounding_box()
    assert box is not None and box["height"] >= 48 and box["width"] >= 300
    style = lead.evaluate(
        "(node) => { const s = getComputedStyle(node);"
        " return [s.borderTopWidth, s.borderTopStyle, s.cursor]; }"
    )
    assert style == ["2px", "solid", "pointer"]
    lead.click()
    assert tablet.locator("details.lead[open]").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    tablet.screenshot(path=str(ARTIFACTS / "decisions-lead-tablet.png"))

    tablet.goto(f"{room.public}/table/play/")
    assert not tablet.locator("#sign-out-yes").is_visible()
    tablet.click("footer summary:has-text('Sign out')")
    assert tablet.url == f"{room.public}/table/play/"  # not signed out yet
    assert tablet.locator("#sign-out-yes").is_visible()
    assert "Sign this tablet out of table 2?" in tablet.inner_text("footer")
    tablet.screenshot(path=str(ARTIFACTS / "decisions-sign-out-tablet.png"))
    with tablet.expect_navigation():
        tablet.click("#sign-out-yes")
    assert tablet.url == f"{room.public}/table/"
    tablet.goto(f"{room.public}/table/play/")
    assert tablet.url == f"{room.public}/table/"
