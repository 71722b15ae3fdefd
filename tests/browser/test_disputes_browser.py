"""Two devices at one table, disputes and the director's console, in real
headless Chromium.

Two browser contexts are two tablets signed in with table 1's code; a third
is the director, signed in, watching the console.  The same result entered
on both tablets is no dispute; a different one, or E-W's "not agreed", is a
dispute the director resolves in the console ("keep as entered") or by
correcting the traveller, after which the console shows none.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pytest
from browser import console_page, pick, signed_in_tablet

from tournaments.models import Result, ResultChange, Session
from tournaments.services.events import MovementChoice, event_create, section_create

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


pytestmark = pytest.mark.django_db(transaction=True)

BOARD_ONE = "/table/play/1/board/1/"


@pytest.fixture
def section():
    event = event_create(name="Disputes night", date=dt.date(2026, 11, 24))
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    return section


def director(browser: Browser, base: str, django_user_model) -> Page:
    """The director's laptop, signed in."""
    django_user_model.objects.create_user(
        "td", password="pw-td-1", is_staff=True, is_superuser=True
    )
    return console_page(browser, base, "td", "pw-td-1")


def fill(page: Page, level: str, strain: str, declarer: str, result: str) -> None:
    """Tap the bid box (the form was opened before, as at a real table)."""
    for name, value in (
        ("level", level),
        ("denomination", strain),
        ("declarer", declarer),
        ("result", result),
    ):
        pick(page, name, value)


def save(page: Page) -> None:
    """Save; the tablet sends the kept line, then opens the board's page or
    says the server's refusal."""
    page.click('button[name="save"]')
    page.wait_for_selector("section.entered:not(.kept-line), .queue-refused")


def two_devices_enter(
    browser: Browser, base: str, section, second: str
) -> tuple[Page, Page]:
    """Two tablets signed in at table 1 enter board 1: 4S= by N, then 4S by
    N with ``second`` ("=", "+1"); both tablets, left on the board."""
    code = section.table_set.get(number=1).code
    one = signed_in_tablet(browser, base, code)
    two = signed_in_tablet(browser, base, code)
    for page in (one, two):
        page.goto(base + BOARD_ONE)
    fill(one, "4", "S", "N", "=")
    fill(two, "4", "S", "N", second)
    save(one)
    save(two)
    return one, two


def open_disputes(page: Page, base: str, section) -> int:
    """How many open disputes the console lists."""
    page.goto(f"{base}/director/sections/{section.pk}/console/")
    return page.locator("ul.disputes li").count()


def test_two_devices_entering_the_same_result_raise_no_dispute(
    live_server, browser, section, django_user_model
):
    base = live_server.url
    one, two = two_devices_enter(browser, base, section, "=")
    for page in (one, two):
        assert page.locator('button[value="agree"]').count() == 1
        assert "only the director" not in page.inner_text("main")
    line = Result.objects.get()
    assert (line.contract, line.tricks, line.score_ns, line.disputed) == (
        "4S",
        10,
        420,
        False,
    )
    assert list(
        ResultChange.objects.order_by("id").values_list("action", flat=True)
    ) == [
        "create",
        "same",
    ]
    td = director(browser, base, django_user_model)
    assert open_disputes(td, base, section) == 0
    assert td.locator('td[data-state="disputed"]').count() == 0


def test_a_different_second_entry_is_kept_as_entered_in_the_console(
    live_server, browser, section, django_user_model
):
    base = live_server.url
    one, two = two_devices_enter(browser, base, section, "+1")
    assert "only the director can change it now" in two.inner_text("main")
    assert Result.objects.get().disputed
    td = director(browser, base, django_user_model)
    assert open_disputes(td, base, section) == 1
    assert td.locator('td[data-state="disputed"]').count() == 1
    # The traveller shows what each device said.
    td.click("ul.disputes li a")
    td.wait_for_url("**/boards/1/")
    trail = td.inner_text("table.audit")
    assert "4S= by N, +420" in trail and "4S+1 by N, +450" in trail
    assert open_disputes(td, base, section) == 1
    td.click('ul.disputes button:has-text("Keep as entered")')
    td.wait_for_selector("text=kept as entered")
    assert td.locator("ul.disputes li").count() == 0
    assert td.locator('td[data-state="disputed"]').count() == 0
    line = Result.objects.get()
    assert (line.score_ns, line.disputed) == (420, False)
    assert ResultChange.objects.filter(action="resolve", user__username="td").count()
    one.goto(base + BOARD_ONE)
    assert "director called" not in one.inner_text("main").lower()


def test_not_agreed_is_resolved_by_correcting_the_traveller(
    live_server, browser, section, django_user_model
):
    base = live_server.url
    one = signed_in_tablet(browser, base, section.table_set.get(number=1).code)
    one.goto(base + BOARD_ONE)
    fill(one, "4", "S", "N", "=")
    save(one)
    with one.expect_navigation():
        one.click('button[value="dispute"]')
    assert Result.objects.get().disputed
    td = director(browser, base, django_user_model)
    assert open_disputes(td, base, section) == 1
    td.click("ul.disputes li a")
    td.wait_for_url("**/boards/1/")
    row = td.locator("tr.disputed")
    assert row.count() == 1
    row.locator('input[name^="r"]').fill("-1")
    td.click('button[name="stay"]')
    td.wait_for_selector("text=Board 1 saved.")
    assert td.locator("tr.disputed").count() == 0
    line = Result.objects.get()
    assert (line.tricks, line.score_ns, line.disputed) == (9, -50, False)
    assert open_disputes(td, base, section) == 0
    actions = ResultChange.objects.order_by("id").values_list("action", flat=True)
    assert list(actions) == ["create", "dispute", "correct", "resolve"]
