"""Real headless Chromium for the browser tests (``tests/support/browser.py``).

Outside CI a machine without /usr/bin/chromium or Playwright skips these
tests, saying which is missing; under CI (``CI`` set) they run, and fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from browser import ARGS, CHROMIUM, skip_without_browser
from django.db import connections

if TYPE_CHECKING:
    from playwright.sync_api import Browser

# Playwright's sync API runs an event loop in the test's thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session", autouse=True)
def chromium_at_hand() -> None:
    """Skip every browser test, outside CI, where there is no browser."""
    skip_without_browser()


class Chromium:
    """One headless Chromium for a run of browser tests.

    Launched by the first browser test and closed as soon as the run leaves
    this folder (or ends): Playwright's event loop stays registered as the
    thread's running loop while it is open, which the other tests must not
    inherit.  A fixture scope cannot say "this folder" here: without an
    ``__init__.py`` (whose package name would hide ``tests/support/browser``)
    a package-scoped fixture lives as long as the session.
    """

    def __init__(self) -> None:
        self._playwright = None
        self.browser: Browser | None = None

    def launched(self) -> Browser:
        if self.browser is None:
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            self.browser = self._playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=ARGS
            )
        return self.browser

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self._playwright.stop()
            self.browser = self._playwright = None


CHROMIUM_RUN = Chromium()
HERE = Path(__file__).resolve().parent


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    """Close Chromium once the next test is not a browser test."""
    try:
        return (yield)
    finally:
        if nextitem is None or HERE not in nextitem.path.parents:
            CHROMIUM_RUN.close()


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Chromium, headless, launched once for the run's browser tests; each
    test opens contexts of its own (cookies, storage, viewport), all closed
    after it, so no test sees another's devices."""
    launched = CHROMIUM_RUN.launched()
    try:
        yield launched
    finally:
        for context in launched.contexts:
            context.close()
        # The test's queries ran while Playwright's event loop was
        # running, so Django gave them a connection of their own: close
        # it here, or PostgreSQL refuses to drop the test database.
        connections.close_all()
