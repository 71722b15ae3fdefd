"""The tablet and the console still work under the Content-Security-Policy.

In real headless Chromium, with a listener for ``securitypolicyviolation``
events installed before any page script runs, and the console's errors and
the pages' uncaught errors collected: a tablet signs in, opens a board and
fills the bid box, and the score preview still shows the score; the
director's console loads and its language menu (``static/donne.js``, no
inline handler) still switches the page to French; the API's Swagger page
renders.  Nothing is blocked, nothing fails.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

import pytest
from browser import director_page, pick, signed_in_tablet

from tournaments.models import Session
from tournaments.services.events import MovementChoice, event_create, section_create

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = pytest.mark.django_db(transaction=True)

LISTEN = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (event) {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def watched(page: Page) -> list[str]:
    """Collect the page's CSP violations, console errors and page errors."""
    problems: list[str] = []
    page.context.add_init_script(LISTEN)
    page.on(
        "console",
        lambda message: (
            message.type in ("error", "warning")
            and problems.append(f"console {message.type}: {message.text}")
        ),
    )
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    return problems


def violations(page: Page) -> list[str]:
    return page.evaluate("window.__violations || []")


def test_the_tablet_and_the_console_work_under_the_policy(live_server, browser):
    event = event_create(name="Policy pairs", date=dt.date(2026, 11, 24))
    session = event.sessions.get()
    section = section_create(session=session, choice=MovementChoice("mitchell", 3, 2))
    Session.objects.filter(pk=session.pk).update(status=Session.Status.PLAYING)
    code = section.table_set.get(number=1).code

    tablet = signed_in_tablet(browser, live_server.url, code)
    tablet_problems = watched(tablet)
    tablet.goto(f"{live_server.url}/table/play/")
    tablet.locator("a.board-link.todo").first.click()
    tablet.wait_for_selector("#entry")
    for name, value in (("level", "4"), ("denomination", "S"), ("declarer", "N")):
        pick(tablet, name, value)
    pick(tablet, "result", "=")
    tablet.wait_for_function(
        "['420', '620'].includes(document.getElementById('score').textContent)"
    )
    assert violations(tablet) == [] and tablet_problems == []

    console_path = f"/director/sections/{section.pk}/console/"
    console = director_page(browser, live_server.url, console_path)
    console_problems = watched(console)
    console.goto(f"{live_server.url}{console_path}")
    assert console.locator("table.console").count() == 1
    console.select_option("#language", "fr")
    console.wait_for_function("document.documentElement.lang === 'fr'")
    assert violations(console) == [] and console_problems == []

    docs = browser.new_context().new_page()
    docs_problems = watched(docs)
    docs.goto(f"{live_server.url}/api/docs/")
    docs.wait_for_selector(".swagger-ui .opblock", timeout=20_000)
    assert violations(docs) == [] and docs_problems == []
