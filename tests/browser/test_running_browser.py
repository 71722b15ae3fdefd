"""A running section changes in real headless Chromium: a late pair joins a
7-table Mitchell in round 3, and a pair withdraws after round 4 of a 5-table
Mitchell.

The director uses the section page's forms and a tablet plays the key
boards through the bid box; the other lines are entered through the
services, to stay fast.  Every table bids 4S by North: 1NS makes eleven
tricks, every other NS pair ten (``running_play``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from running_play import enter_rounds, percentages, running_section

from tournaments.models import Result, SectionChange

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

if not CHROMIUM.exists() and not os.environ.get("CI"):
    pytest.skip(f"no browser: {CHROMIUM} is not installed", allow_module_level=True)
if not os.environ.get("CI"):
    pytest.importorskip("playwright", reason="playwright is not installed")

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

pytestmark = pytest.mark.django_db(transaction=True)
# Playwright's sync API runs an event loop in this thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def _director(browser: Browser, base: str) -> Page:
    """A browser signed in as a tournament director (a staff user)."""
    user = get_user_model().objects.create_user("td", password="pw", is_staff=True)
    client = Client()
    client.force_login(user)
    context = browser.new_context()
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context.new_page()


def _tablet(browser: Browser, base: str, code: str) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(f"{base}/table/")
    page.fill('input[name="code"]', code.lower())
    page.click('button[type="submit"].big-button')
    page.wait_for_url("**/table/play/")
    return page


def _pick(page: Page, name: str, value: str) -> None:
    page.click(f'label.chip:has(input[name="{name}"][value="{value}"])')


def _enter_4s_made(page: Page) -> None:
    """4S by North, just made, entered at the tablet and agreed by E-W."""
    for name, value in (("level", "4"), ("denomination", "S"), ("declarer", "N")):
        _pick(page, name, value)
    _pick(page, "result", "=")
    page.click('button[name="save"]')
    page.click('button[value="agree"]')
    page.wait_for_selector("text=Confirmed by E-W.")


def _play_round(page: Page, base: str, number: int) -> int:
    """Enter every board still to play in the round at the tablet's table."""
    url = f"{base}/table/play/?round={number}"
    page.goto(url)
    played = 0
    while page.locator("a.board-link.todo").count():
        page.locator("a.board-link.todo").first.click()
        _enter_4s_made(page)
        played += 1
        page.goto(url)
    return played


def test_a_late_pair_joins_a_7_table_mitchell_in_round_3(live_server):
    section = running_section(7, phantom=True, name="Late pair night")
    enter_rounds(section, range(1, 3))
    base = live_server.url
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        try:
            director = _director(browser, base)
            director.goto(f"{base}/director/sections/{section.pk}/")
            director.fill("#id_late-player_a", "Ann Late")
            director.fill("#id_late-player_b", "Bob Later")
            director.fill("#id_late-round", "3")
            director.click("#late-pair button[type=submit]")
            director.wait_for_selector("text=7EW came late: plays from round 3")
            assert "late pair joined" in director.inner_text("table.section-changes")

            # The late pair's table in round 3 is table 2 (EW pair e sits at
            # table e + r - 1, mod 7): its tablet signs in there.
            code = section.table_set.get(number=2).code
            tablet = _tablet(browser, base, code)
            assert "Table 2 · round 3" in tablet.inner_text("h1")
            seated = tablet.inner_text(".pairs")
            assert "7EW" in seated and "Ann Late" in seated
            assert _play_round(tablet, base, 3) == 2

            director.goto(f"{base}/director/sections/{section.pk}/movement/")
            cell = director.locator('td[data-round="3"][data-table="2"]')
            assert "2NS v 7EW" in cell.inner_text()
            before = director.locator('td[data-round="2"][data-table="1"]')
            assert "1NS sits out" in before.inner_text()
            director.goto(f"{base}/director/sections/{section.pk}/cards/table/")
            row = director.locator("article").nth(1).locator('tr[data-round="3"]')
            assert "7EW" in row.inner_text() and "Ann Late" in row.inner_text()
        finally:
            browser.close()
    lines = Result.objects.filter(ew_pair__number=7, ew_pair__direction="EW")
    assert sorted(lines.values_list("board__number", "round__number")) == [
        (7, 3), (8, 3),
    ]  # fmt: skip
    assert all(line.confirmed for line in lines)
    enter_rounds(section, range(3, 8))
    pct = percentages(section)
    # Worked in test_running_late_pair: 1NS tops its 12 boards, set 7 (played
    # 6 times) factored to 11.8333 of 12: 143.6667 / 144.  7EW scores 7 of 12
    # on each of its 10 boards.
    assert (pct["1NS"], pct["7EW"]) == ("99.77", "58.33")


def _percentages(page: Page) -> dict[str, str]:
    """The ranking tables' percentages by pair label, e.g. {"1NS": "100.00"}."""
    found = {}
    for direction, table in zip(
        ("NS", "EW"), page.locator("table.ranking").all(), strict=True
    ):
        for row in table.locator("tr").all()[1:]:
            cells = row.locator("td").all_inner_texts()
            found[f"{cells[1].strip()}{direction}"] = cells[5].strip()
    return found


def test_a_pair_withdraws_after_round_4_scored_by_hand(live_server):
    """2EW leaves after round 4; in round 5 it would have met 1NS at table 1
    on boards 9-10, which are then played 4 times.

    Boards 1-8, 5 lines, top 8: 1NS (+450) 8, other NS 3; 1NS's opponents 0,
    other EW 5.  Boards 9-10, 4 lines all +420, top 6: 3 each, Neuberg
    (3 + 1) * 5 / 4 - 1 = 4 of 8.  1NS 64 / 64 = 100 %; other NS 4 x 2 x 3
    + 2 x 4 = 32 / 80 = 40 %; 2EW 8 x 5 = 40 / 64 = 62.50 %; other EW
    0 + 0 + 4 + 4 + 6 x 5 = 38 / 80 = 47.50 %.
    """
    section = running_section(5, phantom=False, name="Withdrawal night")
    enter_rounds(section, range(1, 5))
    base = live_server.url
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        try:
            director = _director(browser, base)
            director.goto(f"{base}/director/sections/{section.pk}/")
            director.select_option("#id_withdraw-pair", "2EW")
            director.fill("#id_withdraw-round", "5")
            director.click("#withdraw button[type=submit]")
            director.wait_for_selector(
                "text=2EW withdrew: its opponents sit out from round 5"
            )

            table_1 = _tablet(browser, base, section.table_set.get(number=1).code)
            assert "round 5" in table_1.inner_text("h1")
            assert "Your opponents withdrew: no boards this round." in (
                table_1.inner_text("main")
            )
            assert table_1.locator("a.board-link").count() == 0
            # Table 2 plays its last round through the bid box: 2NS v 3EW.
            table_2 = _tablet(browser, base, section.table_set.get(number=2).code)
            assert "Table 2 · round 5" in table_2.inner_text("h1")
            assert _play_round(table_2, base, 5) == 2

            assert enter_rounds(section, range(5, 6)) == 6
            assert percentages(section)["2EW"] == "62.50"
            ranking = browser.new_context().new_page()
            ranking.goto(f"{base}/events/{section.session.event_id}/results/")
            found = _percentages(ranking)
        finally:
            browser.close()
    assert found == {
        "1NS": "100.00", "2NS": "40.00", "3NS": "40.00", "4NS": "40.00",
        "5NS": "40.00", "1EW": "47.50", "2EW": "62.50", "3EW": "47.50",
        "4EW": "47.50", "5EW": "47.50",
    }  # fmt: skip
    assert SectionChange.objects.get().pair == "2EW"
    assert not Result.objects.filter(board__number__in=(9, 10), round__number=5)
