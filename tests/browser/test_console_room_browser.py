"""The console of a real room, in headless Chromium on a 1366 x 768 laptop:
30 tables x 13 rounds with no horizontal scroll, the round at a glance
above the fold, and a dispute shown side by side and decided in one click.

The screenshot is the manual's (``docs/directors/console.md``), taken again into
``docs/images`` with ``DONNE_MANUAL_SCREENSHOTS=1`` (``manual_screenshot``).
"""

from __future__ import annotations

import pytest
from big_section import big_mitchell, play_rounds
from browser import ARTIFACTS, console_page, manual_screenshot
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from section_play import enter_seating

from tournaments.models import Result, RoundClock
from tournaments.selectors.movement import section_movement
from tournaments.services.tokens import issue_table_token

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}


def tablet_enters(section, table: int, body: dict, key: str) -> int:
    """Table ``table``'s tablet sends a line through the API; the HTTP code."""
    token = issue_table_token(section.table_set.get(number=table))
    headers = {"Authorization": f"Table {token}", "Idempotency-Key": key}
    url = reverse("api-section-results", args=[section.pk])
    response = Client().post(
        url, body, content_type="application/json", headers=headers
    )
    return response.status_code


def room_in_round_six():
    """30 tables x 13 rounds, 2 boards a round: rounds 1-5 in, tables 2-16
    through round 6, table 1's two tablets disagree on its first board of
    round 6, and the clock's round 6 is over."""
    section = big_mitchell(30, even="skip", boards_per_round=2, rounds=13)
    play_rounds(section, rounds=range(1, 6))
    for table in range(2, 17):
        enter_seating(section, 6, table, played=("4S", "N", 10))
    movement = section_movement(section)
    seating = movement.seating(6, 1)
    board = seating.boards[0]
    line = {"board": board, "ns": movement.pair(seating.ns).label,
            "ew": movement.pair(seating.ew).label, "contract": "3NT",
            "declarer": "S", "result": "="}  # fmt: skip
    assert tablet_enters(section, 1, line, "device-a") == 201
    assert tablet_enters(section, 1, line | {"result": "+2"}, "device-b") == 409
    RoundClock.objects.create(
        section=section, round=6, length=900, ends_at=timezone.now()
    )
    return section, board


def test_thirty_tables_fit_a_laptop_and_a_dispute_is_decided_in_one_click(
    live_server, browser, django_user_model
):
    section, board = room_in_round_six()
    django_user_model.objects.create_user(
        "td", password="pw-td-1", is_staff=True, is_superuser=True
    )
    page = console_page(browser, live_server.url, "td", "pw-td-1")
    page.set_viewport_size(LAPTOP)
    page.goto(f"{live_server.url}/director/sections/{section.pk}/console/")

    # 13 rounds and the tablet columns, no horizontal scroll.
    assert page.locator("table.console tr").count() == 31
    assert page.locator("table.console tr:first-child th").count() == 16
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 1366
    last = page.locator("table.console tr:first-child th").last.bounding_box()
    assert last["x"] + last["width"] <= 1366

    # The round at a glance, above the fold.
    summary = page.locator(".round-summary")
    box = summary.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 768
    assert page.inner_text("#round-summary-title") == "Round 6 at a glance"
    counts = page.inner_text(".round-summary .counts")
    assert "15 tables finished" in counts and "15 playing" in counts
    assert "15 late" in counts
    assert f"Boards missing: T1: {board + 1} · T17: " in summary.inner_text()

    # The dispute, both entries side by side.
    dispute = page.locator("ul.disputes li")
    assert dispute.count() == 1
    stored = dispute.locator(".side.stored").inner_text()
    other = dispute.locator(".side.other").inner_text()
    assert "3NT= by S, +" in stored and "3NT+2" not in stored
    assert "3NT+2 by S" in other
    s_box = dispute.locator(".side.stored").bounding_box()
    o_box = dispute.locator(".side.other").bounding_box()
    assert abs(s_box["y"] - o_box["y"]) < 2 and o_box["x"] > s_box["x"]
    manual_screenshot(page, "console-30-tables.png", full_page=True)
    page.screenshot(path=str(ARTIFACTS / "console-30-tables-fold.png"))

    # One click: the other entry is taken, the console says so, no dispute.
    dispute.locator('button:has-text("Take the other entry")').click()
    page.wait_for_selector("text=the other entry is taken, the dispute is closed")
    assert page.url.endswith(f"/director/sections/{section.pk}/console/")
    assert page.locator("ul.disputes li").count() == 0
    line = Result.objects.get(
        board__section=section, board__number=board, table__number=1
    )
    assert (line.contract, line.declarer, line.tricks, line.disputed) == (
        "3NT",
        "S",
        11,
        False,
    )
    assert line.source == "director"
