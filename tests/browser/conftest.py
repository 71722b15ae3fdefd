"""Real headless Chromium for the browser tests (``tests/support/browser.py``).

Outside CI a machine without /usr/bin/chromium or Playwright skips these
tests, saying which is missing; under CI (``CI`` set) they run, and fail.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
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


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Chromium, headless, launched for the test and closed after it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=ARGS
        )
        try:
            yield launched
        finally:
            # The test's queries ran while Playwright's event loop was
            # running, so Django gave them a connection of their own: close
            # it here, or PostgreSQL refuses to drop the test database.
            connections.close_all()
            launched.close()


@pytest.fixture(autouse=True)
def empty_cache(request: pytest.FixtureRequest) -> Iterator[None]:
    """Each test starts with no API throttle counts nor sign-in lock-outs:
    they are rows of the database cache, which a live server's flush keeps."""
    from django.core.cache import cache

    request.getfixturevalue("django_db_setup")
    blocker = request.getfixturevalue("django_db_blocker")
    with blocker.unblock():
        cache.clear()
    yield
    with blocker.unblock():
        cache.clear()
