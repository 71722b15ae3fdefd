"""The browser tests' Chromium and what their pages share.

``tests/browser/conftest.py`` launches :data:`CHROMIUM` headless with
:data:`ARGS` for each test (the ``browser`` fixture), or skips the test when
this machine has no Chromium or no Playwright; under CI (``CI`` set) nothing
skips, so a missing browser fails loudly.  Screenshots and PDFs go to
:data:`ARTIFACTS`, which CI keeps; the manual's pictures are taken with
:func:`manual_screenshot`, which with ``DONNE_MANUAL_SCREENSHOTS=1`` also
writes them into :data:`MANUAL_IMAGES`.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page
    from room_server import Room

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
# The manual's pictures (docs/), each taken by a browser test.
MANUAL_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}


def skip_without_browser() -> None:
    """Skip the test outside CI when Chromium or Playwright is missing."""
    if os.environ.get("CI"):
        return
    if not CHROMIUM.exists():
        pytest.skip(f"no browser: {CHROMIUM} is not installed")
    pytest.importorskip("playwright", reason="playwright is not installed")


def manual_screenshot(target: Page | Locator, name: str, **options: object) -> None:
    """A picture the manual shows, ``docs/images/<name>``: always written to
    :data:`ARTIFACTS` under ``name``, and with ``DONNE_MANUAL_SCREENSHOTS=1``
    over the manual's copy too (a normal run never changes a committed
    file).  ``options`` go to Playwright's ``screenshot`` (``full_page``).
    ``tests/test_docs.py`` checks that every name given here is one of the
    manual's pictures and that every picture is given here, by name."""
    ARTIFACTS.mkdir(exist_ok=True)
    picture = target.screenshot(path=str(ARTIFACTS / name), **options)
    if os.environ.get("DONNE_MANUAL_SCREENSHOTS") == "1":
        (MANUAL_IMAGES / name).write_bytes(picture)


def pick(page: Page, name: str, value: str) -> None:
    """Tap a chip of the bid box: ``name`` "level", "denomination", ..."""
    page.click(f'label.chip:has(input[name="{name}"][value="{value}"])')


def save_and_agree(page: Page) -> None:
    """Save the board entered in the bid box; E-W agree to it."""
    page.click('button[name="save"]')
    # Online, the tablet goes to the server's page of the stored line once
    # it is sent: E-W answer there (a tap on the kept line's panel as the
    # page changes would be lost, and the server's page asks again).
    agree = 'form[data-queue="answer"] button[value="agree"]'
    page.wait_for_selector(agree)
    page.click(agree)
    page.wait_for_selector("text=Confirmed by E-W.")


def bid(
    page: Page,
    level: str,
    denomination: str,
    declarer: str,
    result: str | None = None,
) -> None:
    """Tap a contract, its declarer and, when given, its result in the bid
    box open on ``page``."""
    chips = [("level", level), ("denomination", denomination), ("declarer", declarer)]
    if result is not None:
        chips.append(("result", result))
    for name, value in chips:
        pick(page, name, value)


def enter_and_agree(
    page: Page, level: str, denomination: str, declarer: str, result: str
) -> None:
    """Enter the board open on ``page`` as the players would: the contract
    and its result tapped in, saved, E-W agreeing."""
    bid(page, level, denomination, declarer, result)
    save_and_agree(page)


def table_sign_in(page: Page, base: str, code: str) -> None:
    """Type a table's code on the sign-in page, as it is given."""
    page.goto(f"{base}/table/")
    page.fill('input[name="code"]', code)
    page.click('button[type="submit"].big-button')
    page.wait_for_url("**/table/play/")


def director_signed_in(
    browser: Browser,
    base: str,
    credentials: tuple[str, str],
    viewport: dict[str, int],
    next: str = "/director/",
    locale: str | None = None,
) -> Page:
    """A director's page of its own (a new context) signed in with
    ``credentials`` (user name, password) and sent on to ``next``."""
    options: dict[str, object] = {"viewport": viewport}
    if locale:
        options["locale"] = locale
    page = browser.new_context(**options).new_page()
    page.goto(f"{base}/accounts/login/?next={next}")
    page.fill('input[name="username"]', credentials[0])
    page.fill('input[name="password"]', credentials[1])
    page.click('form.sign-in button[type="submit"]')
    page.wait_for_url(f"**{next}")
    return page


def signed_in_tablet(browser: Browser, base: str, code: str) -> Page:
    """A phone of its own (a new context) signed in at a table."""
    page = browser.new_context(viewport=PHONE).new_page()
    table_sign_in(page, base, code)
    return page


def play_round(
    page: Page, base: str, number: int, play_board: Callable[[Page], None]
) -> int:
    """Play, with ``play_board``, every board still to enter in round
    ``number`` at the tablet's table; how many boards that was."""
    url = f"{base}/table/play/?round={number}"
    page.goto(url)
    played = 0
    while page.locator("a.board-link.todo").count():
        page.locator("a.board-link.todo").first.click()
        # The click only starts the navigation: wait for the board's form
        # before reading it, or a slow server shows the page half parsed.
        page.wait_for_selector("#entry")
        play_board(page)
        played += 1
        page.goto(url)
    return played


def ranking_percentages(page: Page) -> dict[str, str]:
    """The ranking tables' percentages by pair label, e.g. {"1NS": "91.67"}."""
    found = {}
    for direction, table in zip(
        ("NS", "EW"), page.locator("table.ranking").all(), strict=True
    ):
        for row in table.locator("tr").all()[1:]:
            cells = row.locator("td").all_inner_texts()
            found[f"{cells[1].strip()}{direction}"] = cells[5].strip()
    return found


def director_page(browser: Browser, base: str, path: str) -> Page:
    """A new page on ``path``, signed in as the staff director "td" (made
    here) through the sign-in form the director's pages send to."""
    from django.contrib.auth import get_user_model

    get_user_model().objects.create_user(
        "td", password="s3cret-pw", is_staff=True, is_superuser=True
    )
    page = browser.new_context().new_page()
    page.goto(f"{base}{path}")
    page.fill("#id_username", "td")
    page.fill("#id_password", "s3cret-pw")
    page.click("form.sign-in button[type=submit]")
    assert page.url == f"{base}{path}"
    return page


def console_page(browser: Browser, base: str, username: str, password: str) -> Page:
    """A new page on the director's console at ``base``, signed in through
    the sign-in form as ``username``."""
    page = browser.new_context().new_page()
    page.goto(f"{base}/accounts/login/?next=/director/")
    page.fill('input[name="username"]', username)
    page.fill('input[name="password"]', password)
    page.click('form.sign-in button[type="submit"]')
    page.wait_for_url("**/director/")
    return page


def room_director(browser: Browser, room: Room) -> Page:
    """The served room's console, signed in as its director "td" (made by
    the ``served_room`` fixture)."""
    return console_page(browser, room.local, "td", "room-pw-2026")
