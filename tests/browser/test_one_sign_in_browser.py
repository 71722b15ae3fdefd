"""A Swiss of 3 rounds played on tablets signed in once (issue 32), in real
headless Chromium against the real ``scripts/serve.sh`` (its push stream).

Four phones (390x844) sign in once each with their table card's code.  In
each round the tablet of table 3 enters a board through the bid box and E-W
agree; the director keys every other line through the API.  When the last
line of a round lands the next round is paired, and every tablet moves to it
by itself (pushed, nobody reloading it), with no new sign-in; after round 3
the tablets thank the players.
"""

from __future__ import annotations

import base64
import json
import time
import urllib.error
import urllib.request
from typing import TYPE_CHECKING, Any

from browser import (
    ARTIFACTS,
    PHONE,
    enter_and_agree,
    manual_screenshot,
)
from playwright.sync_api import Error as PlaywrightError
from room_server import Room

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

DIRECTOR = base64.b64encode(b"td:room-pw-2026").decode()
TEAMS = ["Aces", "Kings", "Queens", "Jacks"]
# Boards a match: two are enough to play a round across the room (each
# line stored pushes the tablets of its table).
BOARDS = 2


def api(room: Room, path: str, body: dict | None = None) -> tuple[int, Any]:
    """The director's call to the room's API (HTTP Basic): status and JSON."""
    request = urllib.request.Request(
        f"{room.local}{path}",
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Authorization": f"Basic {DIRECTOR}",
            "Content-Type": "application/json",
        },
        method="POST" if body is not None else "GET",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def room_rows(room: Room, code: str) -> Any:
    """What a line of Python prints as JSON, run on the room's database."""
    return json.loads(room.manage("shell", "-c", code).strip().splitlines()[-1])


def tablet(browser: Browser, room: Room, code: str) -> Page:
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{room.public}/table/")
    page.fill('input[name="code"]', code)
    page.click('button[type="submit"].big-button')
    page.wait_for_url(f"{room.public}/table/play/")
    return page


def shows(page: Page, text: str, timeout: float = 20.0) -> None:
    """Wait until the page shows ``text`` (through any reload of its own)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if text in page.inner_text("body", timeout=1000):
                return
        except Exception:  # the page is being reloaded
            pass
        time.sleep(0.05)
    raise AssertionError(f"not shown within {timeout} s: {text!r}")


def mark(page: Page) -> None:
    """Mark the page as it is now, to tell later whether it was reloaded; a
    page reloading at that moment (a push of the lines just stored) is
    marked once the reload is over."""
    for _attempt in range(10):
        page.wait_for_load_state()
        try:
            page.evaluate("window.stayedHere = true")
            return
        except PlaywrightError as error:
            if "Execution context was destroyed" not in str(error):
                raise
    raise AssertionError("the page kept reloading")


def round_matches(room: Room, event: int, number: int) -> list[dict]:
    status, found = api(room, f"/api/events/{event}/matches/")
    assert status == 200, found
    return [m for m in found if m["round"] == number and m["away"] is not None]


def lines_of(match: dict, first: int) -> list[dict]:
    """Every line of a match: 3NT by North making 9 in both rooms."""
    home, away = match["home"], match["away"]
    return [
        {"board": board, "ns": ns, "ew": ew, "contract": "3NT", "declarer": "N",
         "tricks": 9}
        for board in range(first, first + BOARDS)
        for ns, ew in ((f"{home}NS", f"{away}EW"), (f"{away}NS", f"{home}EW"))
    ]  # fmt: skip


def enter_on_tablet(page: Page, room: Room) -> None:
    """The players at the table enter the first board still to play: 3NT by
    North, just made; E-W agree."""
    page.goto(f"{room.public}/table/play/")
    page.locator("a.board-link.todo").first.click()
    page.wait_for_selector("#entry")
    enter_and_agree(page, "3", "NT", "N", "=")
    page.goto(f"{room.public}/table/play/")


def test_a_swiss_of_three_rounds_is_played_on_tablets_signed_in_once(
    browser, room: Room
):
    status, event = api(
        room,
        "/api/teams-events/",
        {
            "name": "Swiss on tablets",
            "date": "2026-11-28",
            "format": "swiss",
            "rounds": 3,
            "boards_per_match": BOARDS,
            "teams": [{"name": name, "members": name} for name in TEAMS],
        },
    )
    assert status == 201, event
    codes = room_rows(
        room,
        "import json; from tournaments.models import Table; print(json.dumps({"
        "t.number: t.code for t in Table.objects.filter("
        f"section__session__event_id={event['id']})}}))",
    )
    assert sorted(codes) == ["1", "2", "3", "4"]
    tablets = {n: tablet(browser, room, codes[str(n)]) for n in (1, 2, 3, 4)}
    for page in tablets.values():
        page.wait_for_function(
            "() => document.querySelector('main').dataset.pushState === 'open'"
        )
    for number in (1, 2, 3):
        first = BOARDS * (number - 1) + 1
        played = round_matches(room, event["id"], number)
        assert len(played) == 2
        section = played[0]["section"]
        status, seats = api(room, f"/api/sections/{section}/assignments/")
        starts = {row["table"]: row for row in seats if row["round"] == 1}
        assert sorted(starts) == [1, 2, 3, 4]
        for n, page in tablets.items():
            # Each tablet is at this round's section with no new sign-in.
            shows(page, f"Section A · table {n}")
            shows(page, f"Board {starts[n]['boards'][0]}")
            assert first <= starts[n]["boards"][0] < first + BOARDS
        mine = starts[3]
        enter_on_tablet(tablets[3], room)
        lines = [
            line
            for match in played
            for line in lines_of(match, first)
            if (line["board"], line["ns"], line["ew"])
            != (mine["boards"][0], mine["ns"], mine["ew"])
        ]
        assert len(lines) == 2 * 2 * BOARDS - 1  # two matches, two rooms
        for line in lines[:-1]:
            status, stored = api(room, f"/api/sections/{section}/results/", line)
            assert status == 201, stored
        if number == 1:
            # Table 3 is done, the round not yet: the tablet says it moves on.
            shows(tablets[3], "This round is over")
            tablets[3].screenshot(
                path=str(ARTIFACTS / "one-sign-in-round-over.png"), full_page=True
            )
        for page in tablets.values():
            mark(page)
        status, stored = api(room, f"/api/sections/{section}/results/", lines[-1])
        assert status == 201, stored
        if number < 3:
            # The next round is paired: every tablet goes there by itself.
            paired = round_matches(room, event["id"], number + 1)
            status, seats = api(
                room, f"/api/sections/{paired[0]['section']}/assignments/"
            )
            after = {
                row["table"]: row["boards"][0] for row in seats if row["round"] == 1
            }
            for n, page in tablets.items():
                shows(page, f"Board {after[n]}")
                page.wait_for_function("() => document.readyState === 'complete'")
                assert page.evaluate("window.stayedHere === undefined")
                assert page.url == f"{room.public}/table/play/"
            if number == 1:
                manual_screenshot(tablets[3], "one-sign-in-round-2.png", full_page=True)
    for page in tablets.values():
        shows(page, "That was the last round: thank you!")
    grants = room_rows(
        room,
        "import json; from tournaments.models import TabletGrant as G; "
        "print(json.dumps([G.objects.filter("
        f"table__section__session__event_id={event['id']}).count(), "
        "G.objects.filter(revoked_at__isnull=True, "
        f"table__section__session__event_id={event['id']}, "
        "table__section__session__number=1).count()]))",
    )
    assert grants == [4, 4]  # one sign-in a tablet, at round 1, still live
    for page in tablets.values():
        page.context.close()
