"""A club night in real headless Chromium, served by the real scripts/serve.sh.

127.0.0.2 stands in for the server's address on the club's network.  A
tablet opens the link printed on its table card (``http://127.0.0.2:P/table/
?code=...``) and signs in; then two tablets of one room: A types five wrong
codes and is told how long to wait, B signs in all the same, and the
director lifts A's lock from the console, after which A signs in.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from browser import PHONE, room_director
from room_server import Room

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


def tablet(browser: Browser) -> Page:
    """A fresh device: its own context, cookies and all, phone-sized."""
    return browser.new_context(viewport=PHONE).new_page()


def printed_link(browser: Browser, room: Room, section: int, table: int) -> str:
    """The director, on 127.0.0.1, reads the link under a table card's QR."""
    page = room_director(browser, room)
    page.goto(f"{room.local}/director/sections/{section}/cards/table/")
    card = page.locator(f'article[data-table="{table}"]')
    link = card.locator(".sign-in-code .names").inner_text().strip()
    page.context.close()
    return link


def type_code(page: Page, base: str, code: str) -> None:
    page.goto(f"{base}/table/")
    page.fill('input[name="code"]', code)
    page.click('button[type="submit"].big-button')


def test_a_tablet_opens_the_printed_link_and_signs_in(browser, room):
    section = room.playing_section()
    link = printed_link(browser, room, section["id"], 3)
    assert link == f"{room.public}/table/?code={section['codes']['3']}"
    page = tablet(browser)
    page.goto(link)
    assert page.input_value('input[name="code"]') == section["codes"]["3"]
    page.click('button[type="submit"].big-button')
    page.wait_for_url(f"{room.public}/table/play/")
    assert "Table 3" in page.title()
    page.context.close()


def test_device_b_signs_in_after_device_a_five_wrong_codes(browser, room):
    section = room.playing_section()
    codes = section["codes"]
    a, b = tablet(browser), tablet(browser)
    for _ in range(5):
        type_code(a, room.public, "WRONG1")
        assert "There is no table with this code" in a.locator(".alert").inner_text()
    type_code(a, room.public, codes["1"])
    alert = a.locator(".alert").inner_text()
    assert re.search(r"try again in [45] min \d\d s", alert), alert
    assert a.url == f"{room.public}/table/"

    type_code(b, room.public, codes["2"])
    b.wait_for_url(f"{room.public}/table/play/")
    assert "Table 2" in b.title()

    # A's own table too: another device signs in at table 1.
    c = tablet(browser)
    type_code(c, room.public, codes["1"])
    c.wait_for_url(f"{room.public}/table/play/")

    console = room_director(browser, room)
    console.goto(f"{room.local}/director/sections/{section['id']}/console/")
    locked = console.locator('tr[data-lock="device"]')
    assert locked.count() == 1
    assert "WRONG1" in locked.inner_text()
    locked.locator('button[type="submit"]').click()
    console.wait_for_url("**/console/")
    assert "may sign in again" in console.locator(".messages").inner_text()
    assert console.locator('tr[data-lock="device"]').count() == 0

    type_code(a, room.public, codes["1"])
    a.wait_for_url(f"{room.public}/table/play/")
    assert "Table 1" in a.title()
    for page in (a, b, c, console):
        page.context.close()
