"""The director's new-event form in real headless Chromium: only the chosen
method's options show (Butler datum, cross-IMPs, both IMP methods, or the
matchpoint rounding), and a Butler event made there keeps its options."""

from __future__ import annotations

import re

import pytest
from browser import director_page

from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


GROUPS = ("butler", "cross-imps", "imps", "mp")


def assert_shown(page, methods: set[str]) -> None:
    """Exactly these groups show, once the deferred script has run (waits)."""
    from playwright.sync_api import expect

    for method in GROUPS:
        group = page.locator(f'fieldset.method-options[data-method="{method}"]')
        if method in methods:
            expect(group).to_be_visible()
        else:
            expect(group).to_be_hidden()


def test_the_form_shows_the_chosen_methods_options(live_server, browser):
    base = live_server.url
    page = director_page(browser, base, "/director/events/new/")
    page.wait_for_load_state("load")
    assert_shown(page, {"mp"})
    page.select_option("select[name=method]", "butler")
    assert_shown(page, {"butler", "imps"})
    page.select_option("select[name=method]", "cross-imps")
    assert_shown(page, {"cross-imps", "imps"})
    page.select_option("select[name=method]", "butler")
    page.fill("input[name=name]", "Butler night")
    page.fill("input[name=date]", "2026-11-24")
    page.select_option("select[name=butler_trim]", "middle")
    page.fill("input[name=butler_trim_count]", "3")
    page.select_option("select[name=butler_rounding]", "truncate")
    page.fill("input[name=imp_average_plus]", "1.2")
    page.fill("input[name=imp_round_cap]", "20")
    page.click("form button.primary")
    page.wait_for_url(re.compile(r".*/director/events/\d+/$"))
    event = Event.objects.get(name="Butler night")
    assert page.url == f"{base}/director/events/{event.pk}/"
    assert (event.method, event.butler_trim, event.butler_trim_count) == (
        "butler", "middle", 3,
    )  # fmt: skip
    assert (event.butler_rounding, float(event.imp_average_plus)) == ("truncate", 1.2)
    assert float(event.imp_round_cap) == 20.0
