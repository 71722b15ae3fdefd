"""A tablet with the network cut keeps every entry and sends it on return.

Real headless Chromium at a phone's size: table 1 of a 3-table Mitchell
enters round 1's three boards with the browser context offline (the score
shown is computed on the device), E-W agree, the page is reloaded (with the
service worker, on localhost, a secure context) or the browser closed and
opened again (no service worker, as on the club's plain-HTTP network); once
the network returns the three lines are stored once, agreed, and ranked.
A line the director changed meanwhile is refused on return, and the tablet
says which board and why; a Whiz board kept offline is sent on return, then
answered by the other two.  Screenshots go to ``artifacts/``.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import TYPE_CHECKING

import pytest
from browser import ARTIFACTS, PHONE, bid, manual_screenshot, table_sign_in
from offline_play import LINES, enter_kept_board, enter_three_boards_offline
from whiz_play import whiz_section

from tournaments.models import Result, Section, Session, WhizResult
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_enter

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.django_db(transaction=True)

# A function, not an expression: Playwright evaluates an expression with
# eval, which the pages' Content-Security-Policy refuses.
ALL_AGREED = (
    "() => document.querySelectorAll('a.board-link[data-queue=\"agreed\"]')"
    ".length === 3"
)


def _section() -> Section:
    event = event_create(name="Offline pairs", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 3)
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return section


def _tablet(browser: Browser, base: str, section: Section, **options) -> Page:
    context = browser.new_context(viewport=PHONE, **options)
    page = context.new_page()
    table_sign_in(page, base, section.table_set.get(number=1).code)
    page.goto(f"{base}/table/play/?round=1")
    return page


def _offline_at_first_board(browser: Browser, base: str, section: Section) -> Page:
    """Table 1's tablet (no service worker, as on plain HTTP) on its first
    board's page, the network then cut."""
    page = _tablet(browser, base, section, service_workers="block")
    page.locator("a.board-link").first.click()
    page.wait_for_selector("#entry")
    page.context.set_offline(True)
    return page


def _stored_once_and_agreed(section: Section) -> None:
    lines = Result.objects.filter(board__section=section).order_by("board__number")
    assert [line.board.number for line in lines] == [1, 2, 3]
    assert all(line.confirmed and not line.disputed for line in lines)
    assert [(ln.contract, ln.declarer) for ln in lines] == [
        (f"{level}{strain}{doubled}", declarer)
        for level, strain, doubled, declarer, _result in LINES.values()
    ]
    assert len({line.idempotency_key for line in lines}) == 3


def _ranked(browser: Browser, base: str, section: Section) -> dict[str, list[str]]:
    """The public ranking's rows: pair -> MP, top, %, boards."""
    page = browser.new_context().new_page()
    page.goto(f"{base}/events/{section.session.event_id}/results/")
    rows = {}
    for row in page.locator("table.ranking tr").all()[1:]:
        cells = [cell.strip() for cell in row.locator("td").all_inner_texts()]
        if cells:
            rows[cells[2]] = cells[3:7]
    return rows


def test_a_tablet_offline_with_its_service_worker_reloads_and_sends(
    live_server, browser
):
    section = _section()
    page = _tablet(browser, live_server.url, section)
    assert page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # the worker now holds the round page
    page.locator("a.board-link").first.click()
    page.wait_for_selector("#entry")
    page.context.set_offline(True)
    enter_three_boards_offline(page)
    page.reload()  # no network: the service worker answers
    assert "Kept on this tablet" in page.inner_text("#kept")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "terminal-offline-board.png"))
    page.goto(f"{live_server.url}/table/play/?round=1")
    kept = page.locator('a.board-link[data-queue="kept"]')
    assert kept.count() == 3
    assert "Kept on this tablet, not sent yet: Board 1, Board 2, Board 3" in (
        page.inner_text("#queue-banner")
    )
    manual_screenshot(page, "terminal-offline.png", full_page=True)
    assert not Result.objects.exists()
    page.context.set_offline(False)
    page.wait_for_function(ALL_AGREED)
    _stored_once_and_agreed(section)
    page.reload()
    assert page.locator("a.board-link.confirmed").count() == 3
    page.screenshot(path=str(ARTIFACTS / "terminal-back-online.png"), full_page=True)
    # The ranking counts the three boards: 6 matchpoints of a 12 top each.
    assert _ranked(browser, live_server.url, section) == {
        "1NS": ["6", "12", "50.00", "3"],
        "1EW": ["6", "12", "50.00", "3"],
    }


def test_without_a_service_worker_the_queue_waits_for_the_next_page_load(
    live_server, browser
):
    section = _section()
    page = _offline_at_first_board(browser, live_server.url, section)
    enter_three_boards_offline(page)
    kept = page.context.storage_state()
    page.context.close()  # the browser closed with three lines kept
    assert not Result.objects.exists()
    again = browser.new_context(
        viewport=PHONE, storage_state=kept, service_workers="block"
    ).new_page()
    again.goto(f"{live_server.url}/table/play/?round=1")
    again.wait_for_function(ALL_AGREED)
    _stored_once_and_agreed(section)


def test_a_line_the_director_changed_meanwhile_is_refused_by_board(
    live_server, browser
):
    section = _section()
    page = _offline_at_first_board(browser, live_server.url, section)
    enter_kept_board(page, 1)
    board = section.boards.get(number=1)
    ns, ew = (section.pairs.get(number=1, direction=side) for side in ("NS", "EW"))
    result_enter(board=board, ns_pair=ns, ew_pair=ew, contract="3NT",
                 declarer="S", tricks=9, round=section.round_set.get(number=1),
                 table=section.table_set.get(number=1))  # fmt: skip
    page.context.set_offline(False)
    page.wait_for_selector(".queue-refused")
    refusal = page.inner_text(".queue-refused")
    assert refusal.startswith("Board 1 (4♠ N =) · Refused by the server: ")
    assert "only the director can change it now" in refusal
    # The kept line is back in the bid box, for the players to correct.
    assert page.is_visible("#entry") and not page.is_visible("#kept")
    assert page.is_checked('input[name="denomination"][value="S"]')
    page.screenshot(path=str(ARTIFACTS / "terminal-refused.png"), full_page=True)
    line = Result.objects.get()
    assert (line.contract, line.declarer, line.tricks) == ("3NT", "S", 9)
    page.goto(f"{live_server.url}/table/play/?round=1")
    assert "Refused by the server" in page.inner_text(".queue-refused")
    page.click(".queue-refused .queue-dismiss")
    assert page.locator(".queue-refused").count() == 0
    page.reload()
    assert page.locator(".queue-refused").count() == 0


def test_a_whiz_board_kept_offline_is_sent_on_return(live_server, browser):
    section = whiz_section("Offline Whiz")
    page = _tablet(browser, live_server.url, section, service_workers="block")
    page.goto(f"{live_server.url}/table/play/1/board/1/")
    page.context.set_offline(True)
    bid(page, "10", "S", "N", "=")
    page.click('button[name="save"]')
    page.wait_for_selector("text=Kept on this tablet, not sent yet: Board 1")
    assert not WhizResult.objects.exists()
    page.context.set_offline(False)
    page.wait_for_selector("#queue-banner", state="hidden")
    line = WhizResult.objects.get()
    assert (line.contract, line.declarer, line.tricks) == ("10S", "N", 10)
    page.reload()
    with page.expect_navigation():
        page.click('button[value="agree"]')
    assert "Confirmed by the other two players." in page.inner_text("main")


def test_an_answer_kept_on_the_tablet_shows_confirmed_once_sent(live_server, browser):
    """The line reached the server but its reply did not, and E-W's answer
    stayed on the tablet: when the line's page opens again (the server shows
    it unconfirmed) the kept answer is sent, then the page shows the
    server's confirmation (it used to stay on "the answer is kept")."""
    section = _section()
    page = _offline_at_first_board(browser, live_server.url, section)
    board_page = page.url
    enter_kept_board(page, 1)
    kept = page.context.storage_state()
    page.context.close()
    item = next(
        entry
        for origin in kept["origins"]
        for stored in origin["localStorage"]
        if stored["value"].startswith("[")
        for entry in json.loads(stored["value"])
    )
    level, strain, doubled, declarer, _result = LINES[1]
    line, _created = result_enter(
        board=section.boards.get(number=1),
        ns_pair=section.pairs.get(number=1, direction="NS"),
        ew_pair=section.pairs.get(number=1, direction="EW"),
        contract=f"{level}{strain}{doubled}", declarer=declarer, tricks=10,
        round=section.round_set.get(number=1), table=section.table_set.get(number=1),
    )  # fmt: skip
    Result.objects.filter(pk=line.pk).update(idempotency_key=item["key"])
    again = browser.new_context(
        viewport=PHONE, storage_state=kept, service_workers="block"
    ).new_page()
    again.goto(board_page)
    again.wait_for_selector("text=Confirmed by E-W.", timeout=10_000)
    line.refresh_from_db()
    assert line.confirmed and not line.disputed
    assert Result.objects.filter(board__section=section).count() == 1
