"""A director in real headless Chromium: signs in on Donne's own page (a wrong
password first), prints a section's set to an A4 PDF (a page per traveller
and per scorecard), deletes an event by typing its name, and signs out."""

from __future__ import annotations

import datetime as dt
import re
from typing import TYPE_CHECKING

import pytest
from browser import ARTIFACTS
from django.contrib.auth import get_user_model
from pairs_play import played_section

from tournaments.models import Event, Result, Session
from tournaments.services.events import event_create

if TYPE_CHECKING:
    from playwright.sync_api import Page


pytestmark = pytest.mark.django_db(transaction=True)

A4_POINTS = (595, 842)  # 210 x 297 mm


def pdf_pages(data: bytes) -> list[tuple[int, int]]:
    """The size (points, rounded) of each page of a PDF Chromium printed."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    return [(round(float(w)), round(float(h))) for w, h in boxes]


def sign_in(page: Page, base: str, password: str) -> None:
    page.fill("#id_username", "td")
    page.fill("#id_password", password)
    page.click("form.sign-in button[type=submit]")


def test_a_director_signs_in_prints_deletes_and_signs_out(live_server, browser):
    get_user_model().objects.create_user(
        "td", password="s3cret-pw", is_staff=True, is_superuser=True
    )
    event = event_create(name="Browser pairs", date=dt.date(2026, 11, 24))
    section = played_section(event.sessions.get(), "A", [f"P{n}" for n in range(6)])
    Session.objects.update(status=Session.Status.CLOSED)
    base = live_server.url
    page = browser.new_context().new_page()
    page.goto(f"{base}/director/")
    assert page.url.startswith(f"{base}/accounts/login/?next=")
    sign_in(page, base, "wrong")
    assert "correct username and password" in page.inner_text("main")
    sign_in(page, base, "s3cret-pw")
    assert page.url == f"{base}/director/"
    assert page.is_visible("header form.sign-out button")

    page.goto(f"{base}/director/sections/{section.pk}/")
    page.click("text=Print set")
    assert page.url == f"{base}/director/sections/{section.pk}/print/"
    # Print only once the whole set and its stylesheet are in: a PDF taken
    # mid-load (seen on a slow CI run) is a single page.
    page.wait_for_load_state("load")
    assert page.locator("section.traveller-page").count() == 6
    assert page.locator("section.scorecard-page").count() == 6
    page.emulate_media(media="print")
    assert not page.is_visible("header")
    ARTIFACTS.mkdir(exist_ok=True)
    pdf = page.pdf(prefer_css_page_size=True)
    (ARTIFACTS / "print-set.pdf").write_bytes(pdf)
    page.emulate_media(media="screen")

    page.goto(f"{base}/director/events/{event.pk}/")
    page.click("text=Delete this event…")
    page.fill("input[name=confirm]", "Browser")
    page.click("button.danger")
    assert "not the event's name" in page.inner_text("main")
    assert Event.objects.filter(pk=event.pk).exists()
    page.fill("input[name=confirm]", "Browser pairs")
    page.click("button.danger")
    assert page.url == f"{base}/director/"
    assert "Event “Browser pairs” deleted." in page.inner_text("main")

    page.click("header form.sign-out button")
    assert page.url == f"{base}/"
    assert page.is_visible("header a:has-text('Sign in')")
    page.goto(f"{base}/director/")
    assert page.url.startswith(f"{base}/accounts/login/")
    sizes = pdf_pages(pdf)
    # The ranking, 6 travellers and 6 scorecards: a page each, all A4.
    assert len(sizes) == 1 + 6 + 6
    assert set(sizes) == {A4_POINTS}
    assert not Event.objects.exists() and not Result.objects.exists()
