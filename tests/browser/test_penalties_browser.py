"""A director in real headless Chromium fines a pair from the section page,
sees the penalty column on the results page, then withdraws the penalty."""

from __future__ import annotations

import datetime as dt

import pytest
from browser import director_page
from pairs_play import played_section

from tournaments.models import PairScore, Penalty
from tournaments.services.events import event_create

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_director_fines_a_pair_and_withdraws_the_fine(live_server, browser):
    event = event_create(name="Browser pairs", date=dt.date(2026, 11, 24))
    section = played_section(event.sessions.get(), "A", [f"P{n}" for n in range(6)])
    target = section.pairs.get(number=2, direction="NS")
    before = PairScore.objects.get(pair=target)
    base = live_server.url
    page = director_page(browser, base, f"/director/sections/{section.pk}/")

    form = page.locator("form#penalty-new")
    form.locator("select[name=penalty-pair]").select_option(str(target.pk))
    form.locator("input[name=penalty-amount]").fill("25")
    form.locator("select[name=penalty-unit]").select_option("top_pct")
    form.locator("input[name=penalty-reason]").fill("Mobile phone rang")
    form.locator("button[type=submit]").click()
    assert "Pair 2NS penalised: 25 % of a top." in page.inner_text("main")
    row = page.locator("table.penalty-list tr[data-penalty]")
    assert "Mobile phone rang" in row.inner_text()

    top = before.top / before.boards  # every board is played 3 times: one top
    after = PairScore.objects.get(pair=target)
    assert after.penalty == pytest.approx(0.25 * top)
    assert after.mp == pytest.approx(before.mp - 0.25 * top)

    page.goto(f"{base}/events/{event.pk}/results/")
    header = page.locator("table.ranking tr").first.inner_text()
    assert "Penalty" in header and "Total" in header

    page.goto(f"{base}/director/sections/{section.pk}/")
    row.locator("button[type=submit]").click()
    assert "The penalty on pair 2NS is withdrawn." in page.inner_text("main")
    assert not Penalty.objects.get().in_force
    assert PairScore.objects.get(pair=target).mp == pytest.approx(before.mp)
    page.goto(f"{base}/events/{event.pk}/results/")
    assert "Penalty" not in page.locator("table.ranking tr").first.inner_text()
