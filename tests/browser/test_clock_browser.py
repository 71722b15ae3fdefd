"""The round clock in real headless Chromium against the real ``serve.sh``:
the director starts a 6-second round on the console (1366x768), a phone at
table 1 (390x844) shows the time left without a reload (the push), pauses
with the console, then shows the move when the time is up; the console
names the tables late against the clock, and "+1 min" gives the round one
more minute.  The room screen is photographed running and at the end."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from browser import ARTIFACTS, manual_screenshot, room_director, signed_in_tablet
from room_server import Room

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

LAPTOP = {"width": 1366, "height": 768}
MOVE = "NS stay, EW up one table, boards down one table."


def tablet(browser: Browser, room: Room, code: str) -> Page:
    """A phone signed in with ``code``, on its round page."""
    return signed_in_tablet(browser, room.public, code)


def clock_time(page: Page, box: str) -> int:
    """The seconds the clock in ``box`` shows ("0:05" -> 5)."""
    minutes, seconds = page.inner_text(f"{box} [data-clock-time]").split(":")
    return int(minutes) * 60 + int(seconds)


def state_is(page: Page, box: str, state: str, timeout: float = 5000) -> None:
    page.wait_for_function(
        f"() => document.querySelector({box!r}).dataset.clockState === {state!r}",
        timeout=timeout,
    )


def press(console: Page, button: str) -> None:
    console.click(f'.clock-controls button[value="{button}"]')
    console.wait_for_load_state()


def test_the_clock_started_paused_and_ended_shows_the_move_on_a_tablet(
    browser, room: Room
):
    ARTIFACTS.mkdir(exist_ok=True)
    section = room.playing_section()
    console = room_director(browser, room)
    console.set_viewport_size(LAPTOP)
    console.goto(f"{room.local}/director/sections/{section['id']}/console/")
    phone = tablet(browser, room, section["codes"]["1"])
    phone.wait_for_function(
        "() => document.querySelector('main').dataset.pushState === 'open'"
    )
    bar = ".clock-bar"
    assert phone.locator(bar).is_hidden()  # never started: no bar
    phone.evaluate("window.notReloaded = true")

    console.fill('input[name="minutes"]', "0.1")  # 6 seconds
    press(console, "start")
    assert "The round clock started." in console.inner_text(".messages")
    state_is(console, ".round-clock", "running")
    # The phone hears it by the push, within a second, without reloading.
    state_is(phone, bar, "running", timeout=1500)
    assert phone.evaluate("window.notReloaded") is True
    assert phone.inner_text(f"{bar} [data-clock-round]") == "Round 1"
    assert 1 <= clock_time(phone, bar) <= 6
    manual_screenshot(phone, "clock-tablet-running.png")

    press(console, "pause")
    state_is(phone, bar, "paused", timeout=1500)
    frozen = clock_time(phone, bar)
    time.sleep(1.5)
    assert clock_time(phone, bar) == frozen
    assert phone.inner_text(f"{bar} [data-clock-state]") == "paused"
    assert console.inner_text(".round-clock [data-clock-state]") == "paused"

    press(console, "resume")
    state_is(phone, bar, "running", timeout=1500)
    state_is(phone, bar, "ended", timeout=(frozen + 3) * 1000)
    assert phone.evaluate("window.notReloaded") is True
    ended = phone.inner_text(bar)
    assert "Time! The round is over." in ended
    assert MOVE in ended
    assert "1NS: table 1" in ended
    assert clock_time(phone, bar) == 0
    phone.screenshot(path=str(ARTIFACTS / "clock-tablet-ended.png"))

    # The console: the move, and every table late (no board is in).
    state_is(console, ".round-clock", "ended")
    console.wait_for_function(
        "() => !document.querySelector('[data-clock-late]').hidden"
    )
    assert console.inner_text("[data-clock-late]") == (
        "Late against the clock: tables 1, 2, 3"
    )
    assert MOVE in console.inner_text(".round-clock [data-clock-move]")
    manual_screenshot(console, "clock-console-ended.png")

    # The room screen at the end of the round, then one more minute.
    screen = console.context.new_page()
    screen.set_viewport_size({"width": 1920, "height": 1080})
    screen.goto(f"{room.local}/director/sections/{section['id']}/clock/")
    state_is(screen, "main", "ended")
    assert "Time! The round is over." in screen.inner_text("main")
    assert MOVE in screen.inner_text("main")
    screen.screenshot(path=str(ARTIFACTS / "clock-room-ended.png"))

    press(console, "add")
    assert "One minute added to the round." in console.inner_text(".messages")
    state_is(phone, bar, "running", timeout=1500)
    state_is(screen, "main", "running", timeout=1500)
    assert 58 <= clock_time(phone, bar) <= 60
    assert 58 <= clock_time(screen, "main") <= 60
    assert console.locator("[data-clock-late]").is_hidden()
    manual_screenshot(screen, "clock-room-running.png")
