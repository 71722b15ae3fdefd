"""Three tablets play a 3-table Mitchell in real headless Chromium.

The tables sign in with their codes, enter every board through the bid box,
E-W agree, and the public ranking page, opened before the last round, reloads
by itself to the final percentages.  A screenshot of a tablet is kept in
``artifacts/`` for CI.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pytest
from browser import (
    ARTIFACTS,
    bid,
    manual_screenshot,
    play_round,
    ranking_percentages,
    save_and_agree,
    signed_in_tablet,
)

from games.bridge import board_vulnerability
from tournaments.models import Result, Session
from tournaments.services.events import MovementChoice, event_create, section_create

if TYPE_CHECKING:
    from playwright.sync_api import Page


pytestmark = pytest.mark.django_db(transaction=True)

# Every table bids 4S by North; the tricks depend on who sits there: 1NS
# makes one more trick than 2NS, 3NS one fewer, and 1EW defends a trick
# better than the other E-W pairs.
NS_SKILL = {"1NS": 1, "2NS": 0, "3NS": -1}
EW_SKILL = {"1EW": 1, "2EW": 0, "3EW": 0}
RESULT_TEXT = {1: "+1", 0: "=", -1: "-1", -2: "-2"}
# Law 77 for 4S, by over/undertricks: (not vulnerable, vulnerable).
SCORE_4S = {1: (450, 650), 0: (420, 620), -1: (-50, -100), -2: (-100, -200)}

# Worked by hand.  Set 1 is played by 1NS-1EW (=), 3NS-2EW (-1), 2NS-3EW (=):
# NS 1.5, 0, 1.5.  Set 2 by 2NS-2EW (=), 1NS-3EW (+1), 3NS-1EW (-2): NS 1, 2,
# 0.  Set 3 by 3NS-3EW (-1), 2NS-1EW (-1), 1NS-2EW (+1): NS 0.5, 0.5, 2.
# Two boards a set, top 2 on each of 6 boards: 12 matchpoints a pair.
EXPECTED = {
    "1NS": "91.67",  # 11 / 12
    "2NS": "50.00",  # 6 / 12
    "3NS": "8.33",  # 1 / 12
    "1EW": "66.67",  # 8 / 12
    "2EW": "50.00",  # 6 / 12
    "3EW": "33.33",  # 4 / 12
}


def _play_board(page: Page) -> None:
    """Enter the board open on ``page`` as the players at the table would."""
    names = page.locator(".pairs dd strong").all_inner_texts()
    ns, ew = (text.strip() for text in names)
    number = int(page.locator("#entry").get_attribute("data-board-number") or 0)
    offset = NS_SKILL[ns] - EW_SKILL[ew]
    vulnerable = board_vulnerability(number) in ("NS", "All")
    bid(page, "4", "S", "N", RESULT_TEXT[offset])
    expected = str(SCORE_4S[offset][vulnerable])
    page.wait_for_function(
        "text => document.getElementById('score').textContent === text", arg=expected
    )
    save_and_agree(page)


def _screenshot_entry(page: Page) -> None:
    """Keep a picture of the bid box half filled in, then leave it unsaved."""
    page.locator("a.board-link.todo").first.click()
    bid(page, "4", "H", "S")
    ARTIFACTS.mkdir(exist_ok=True)
    # The phone's screen as the players see it: a full page would draw the
    # Save bar (sticky at the screen's foot) across the tricks.
    manual_screenshot(page, "terminal-entry.png")
    page.go_back()


def test_three_tablets_play_a_mitchell_and_the_ranking_follows(live_server, browser):
    event = event_create(name="Browser pairs", date=dt.date(2026, 11, 24))
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    codes = {t.number: t.code for t in section.table_set.all()}
    tablets = [
        signed_in_tablet(browser, live_server.url, codes[n].lower()) for n in (1, 2, 3)
    ]
    assert "Table 1 · round 1" in tablets[0].inner_text("h1")
    _screenshot_entry(tablets[0])
    for page in tablets:
        play_round(page, live_server.url, 1, _play_board)
    moves = tablets[0].inner_text("section.moves")
    assert "1EW: table 2" in moves
    assert "Boards 1-2: table 3" in moves
    ranking = browser.new_context().new_page()
    ranking.goto(f"{live_server.url}/events/{event.pk}/results/")
    assert "Provisional" in ranking.inner_text("main")
    for number in (2, 3):
        for page in tablets:
            play_round(page, live_server.url, number, _play_board)
    assert "last round" in tablets[2].inner_text("main")
    # The page reloads itself as each rescoring lands: wait for the
    # final figures, all of them, not only the first to appear (while it
    # reloads there is no <main> yet).
    ranking.wait_for_function(
        "values => values.every(v => "
        "(document.querySelector('main') || {innerText: ''}).innerText.includes(v))",
        arg=sorted(set(EXPECTED.values())),
        timeout=30_000,
    )
    percentages = ranking_percentages(ranking)
    tablets[0].goto(f"{live_server.url}/table/play/?round=1")
    tablets[0].locator("a.board-link").first.click()
    tablets[0].screenshot(path=str(ARTIFACTS / "terminal.png"), full_page=True)
    assert Result.objects.filter(confirmed__isnull=False).count() == 18
    assert percentages == EXPECTED
