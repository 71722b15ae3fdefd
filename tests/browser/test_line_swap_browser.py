"""The director swaps a line played the wrong way round, in real headless Chromium.

Board 1 of a 3-table Mitchell (one matchpoint a beat, top 2): 1NS v 1EW
made 4S= (+420), 3NS v 2EW 4S-1 (-50), 2NS v 3EW 4S+1 (+450).  At table 3
the pairs sat the wrong way round: 3EW held the North-South cards.  After
"Swap NS/EW" the +450 stays with the seats and is 3EW's: 2 MP (100 %), and
2NS gets the East-West 0 MP (0 %).
"""

from __future__ import annotations

import datetime as dt
import time

import pytest
from browser import manual_screenshot

from tournaments.models import PairScore, Result, ResultChange, Session
from tournaments.services.events import MovementChoice, event_create, section_create
from tournaments.services.results import result_submit

pytestmark = pytest.mark.django_db(transaction=True)

LINES = [  # (NS, EW, tricks of 4S by N)
    ("1NS", "1EW", 10),
    ("3NS", "2EW", 9),
    ("2NS", "3EW", 11),
]


def _pair(section, label):
    return section.pairs.get(number=int(label[:-2]), direction=label[-2:])


def _wait_for(condition, timeout: float = 20.0) -> None:
    """Wait for the rescore the swap queued (a Celery task) to land."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the section was not rescored"
        time.sleep(0.2)


def _pct(section, label):
    score = PairScore.objects.filter(pair=_pair(section, label)).first()
    return None if score is None or score.pct is None else round(score.pct, 2)


def test_the_director_swaps_a_line_on_the_traveller(
    live_server, browser, django_user_model
):
    event = event_create(name="Swap night", date=dt.date(2026, 11, 24), scale=1)
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    board = section.boards.get(number=1)
    for ns, ew, tricks in LINES:
        result_submit(
            board=board,
            ns_pair=_pair(section, ns),
            ew_pair=_pair(section, ew),
            contract="4S",
            declarer="N",
            tricks=tricks,
        )
    _wait_for(lambda: _pct(section, "2NS") == 100.0)
    assert _pct(section, "3EW") == 0.0
    django_user_model.objects.create_user(
        "td", password="pw-director", is_staff=True, is_superuser=True
    )
    swapped = Result.objects.get(board=board, ns_pair=_pair(section, "2NS"))
    base = live_server.url
    page = browser.new_page()
    page.goto(f"{base}/director/sections/{section.pk}/boards/1/")
    page.fill('input[name="username"]', "td")
    page.fill('input[name="password"]', "pw-director")
    page.click('input[type="submit"], button[type="submit"]')
    page.wait_for_url(f"**/director/sections/{section.pk}/boards/1/")
    row = page.locator("table.traveller tr", has=page.locator('input[value="2NS"]'))
    assert row.count() == 1
    row.locator("button.swap").click()
    page.wait_for_selector("text=Board 1: 3EW sat North-South, 2NS East-West.")
    swapped_row = page.locator(
        "table.traveller tr", has=page.locator('input[value="3EW"][name^="n"]')
    )
    assert swapped_row.count() == 1
    assert swapped_row.locator("td.score").inner_text().strip() == "450"
    manual_screenshot(page, "traveller-swap.png", full_page=True)
    swapped.refresh_from_db()
    assert (swapped.ns_pair.label, swapped.ew_pair.label) == ("3EW", "2NS")
    assert (swapped.contract, swapped.declarer, swapped.score_ns) == ("4S", "N", 450)
    change = ResultChange.objects.exclude(action="create").get(result=swapped)
    assert (change.action, change.user.username) == ("correct", "td")
    _wait_for(lambda: _pct(section, "3EW") == 100.0)
    assert _pct(section, "2NS") == 0.0
    assert _pct(section, "1NS") == 50.0
