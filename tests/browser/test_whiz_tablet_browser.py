"""The Whiz bid box greys out the results a contract cannot have (issue 22).

In real headless Chromium: on 12 tricks bid only "+1" is left over the bid;
on 7 tricks "-7" is the deepest result offered.  A screenshot of the tablet
goes to ``artifacts/``.
"""

from __future__ import annotations

import pytest
from browser import ARTIFACTS, pick, signed_in_tablet
from whiz_play import whiz_section

pytestmark = pytest.mark.django_db(transaction=True)


def enabled(page, value: str) -> bool:
    return page.locator(f'input[name="result"][value="{value}"]').is_enabled()


def test_the_whiz_bid_box_offers_only_possible_results(live_server, browser):
    section = whiz_section("Browser Whiz")
    code = section.table_set.get(number=1).code
    page = signed_in_tablet(browser, live_server.url, code)
    page.goto(f"{live_server.url}/table/play/1/board/1/")
    pick(page, "level", "12")
    assert enabled(page, "+1") and enabled(page, "=") and enabled(page, "-12")
    assert not enabled(page, "+2") and not enabled(page, "+6")
    assert not enabled(page, "-13")
    pick(page, "level", "7")
    assert enabled(page, "+6") and enabled(page, "-7")
    assert not enabled(page, "-8") and not enabled(page, "-13")
    pick(page, "level", "13")
    assert [value for value in ("=", "+1", "-1", "-13") if enabled(page, value)] == [
        "=",
        "-1",
        "-13",
    ]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "whiz-bid-box.png"), full_page=True)
