"""A tablet keeps its entries while the club's server is stopped, and sends
them once ``scripts/serve.sh`` runs again (the served room, plain HTTP, no
service worker: as on the club's network).

The room comes back on another port (``Room.restart``); the tablet's
browser keeps its address, and a route forwards its requests to the port
the room serves on now: while the room is stopped they are refused, as a
stopped server refuses them.
"""

from __future__ import annotations

import contextlib
import sqlite3
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from browser import ARTIFACTS, PHONE, table_sign_in
from offline_play import LINES, enter_three_boards_offline
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tournaments.models import Board, Result

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext
    from room_server import Room

# A function, not an expression: Playwright evaluates an expression with
# eval, which the pages' Content-Security-Policy refuses.
ALL_AGREED = (
    "() => document.querySelectorAll('a.board-link[data-queue=\"agreed\"]')"
    ".length === 3"
)


def _follow_the_room(context: BrowserContext, room: Room) -> None:
    """Send the tablet's requests for the room's first address to wherever
    the room serves now."""
    first = urlsplit(room.public)

    def forward(route, request) -> None:
        if urlsplit(request.url).port != first.port or room.port == first.port:
            route.continue_()
            return
        now = f"{first.hostname}:{room.port}"
        headers = {
            name: value.replace(first.netloc, now)
            for name, value in request.all_headers().items()
        }
        try:
            # No time limit of its own (30 s by default): a cold start's
            # first answer on a loaded machine may take longer, and a
            # forward given up would read as the server refusing.
            answer = route.fetch(
                url=request.url.replace(first.netloc, now, 1),
                headers=headers,
                max_redirects=0,
                timeout=0,
            )
        except Exception:  # the room is not there: refused, like a stopped server
            route.abort("connectionrefused")
            return
        route.fulfill(response=answer)

    context.route(f"{room.public}/**", forward)


def _stored_lines(room: Room, section: int) -> list[tuple[int, bool, str]]:
    database = room.env["DATABASE_URL"].removeprefix("sqlite:///")
    query = (
        f"SELECT b.number, r.confirmed IS NOT NULL, r.idempotency_key "
        f"FROM {Result._meta.db_table} r JOIN {Board._meta.db_table} b "
        f"ON r.board_id = b.id WHERE b.section_id = ? ORDER BY b.number"
    )
    with contextlib.closing(sqlite3.connect(database, timeout=20)) as db:
        rows = db.execute(query, [section]).fetchall()
    return [(number, bool(agreed), key) for number, agreed, key in rows]


def test_the_queue_drains_when_the_stopped_server_starts_again(browser, room):
    section = room.playing_section()
    context = browser.new_context(viewport=PHONE, service_workers="block")
    _follow_the_room(context, room)
    page = context.new_page()
    base = room.public  # the tablet's address, the room's first
    table_sign_in(page, base, section["codes"]["1"])
    page.goto(f"{base}/table/play/?round=1")
    page.locator("a.board-link").first.click()
    page.wait_for_selector("#entry")
    room.stop()
    enter_three_boards_offline(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "terminal-server-stopped.png"), full_page=True)
    assert _stored_lines(room, section["id"]) == []
    room.restart()
    page.goto(f"{base}/table/play/?round=1")
    # The restarted server's cold start and the queue's back-off on a loaded
    # machine: a minute at most (the lines are kept meanwhile, never lost).
    try:
        page.wait_for_function(ALL_AGREED, timeout=60_000)
    except PlaywrightTimeout:
        queue = page.evaluate("() => localStorage.getItem('donne.queue.v1')")
        log = room.log.read_text()[-3000:]
        raise AssertionError(
            f"not drained; the queue: {queue}\nserve.sh: {log}"
        ) from None
    lines = _stored_lines(room, section["id"])
    assert [(number, agreed) for number, agreed, _key in lines] == [
        (number, True) for number in LINES
    ]
    assert len({key for _n, _a, key in lines}) == 3
