"""A running section changes in real headless Chromium: a late pair joins a
7-table Mitchell in round 3, and a pair withdraws after round 4 of a 5-table
Mitchell.

The director uses the section page's forms and a tablet plays the key
boards through the bid box; the other lines are entered through the
services, to stay fast.  Every table bids 4S by North: 1NS makes eleven
tricks, every other NS pair ten (``running_play``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from browser import (
    director_page,
    enter_and_agree,
    play_round,
    ranking_percentages,
    signed_in_tablet,
)
from running_play import enter_rounds, percentages, running_section

from tournaments.models import Result, SectionChange

if TYPE_CHECKING:
    from playwright.sync_api import Page


pytestmark = pytest.mark.django_db(transaction=True)


def _enter_4s_made(page: Page) -> None:
    """4S by North, just made, entered at the tablet and agreed by E-W."""
    enter_and_agree(page, "4", "S", "N", "=")


def test_a_late_pair_joins_a_7_table_mitchell_in_round_3(live_server, browser):
    section = running_section(7, phantom=True, name="Late pair night")
    enter_rounds(section, range(1, 3))
    base = live_server.url
    director = director_page(browser, base, f"/director/sections/{section.pk}/")
    director.fill("#id_late-player_a", "Ann Late")
    director.fill("#id_late-player_b", "Bob Later")
    director.fill("#id_late-round", "3")
    director.click("#late-pair button[type=submit]")
    director.wait_for_selector("text=7EW came late: plays from round 3")
    assert "late pair joined" in director.inner_text("table.section-changes")

    # The late pair's table in round 3 is table 2 (EW pair e sits at
    # table e + r - 1, mod 7): its tablet signs in there.
    code = section.table_set.get(number=2).code
    tablet = signed_in_tablet(browser, base, code.lower())
    assert "Table 2 · round 3" in tablet.inner_text("h1")
    seated = tablet.inner_text(".pairs")
    assert "7EW" in seated and "Ann Late" in seated
    assert play_round(tablet, base, 3, _enter_4s_made) == 2

    director.goto(f"{base}/director/sections/{section.pk}/movement/")
    cell = director.locator('td[data-round="3"][data-table="2"]')
    assert "2NS v 7EW" in cell.inner_text()
    before = director.locator('td[data-round="2"][data-table="1"]')
    assert "1NS sits out" in before.inner_text()
    director.goto(f"{base}/director/sections/{section.pk}/cards/table/")
    row = director.locator("article").nth(1).locator('tr[data-round="3"]')
    assert "7EW" in row.inner_text() and "Ann Late" in row.inner_text()
    lines = Result.objects.filter(ew_pair__number=7, ew_pair__direction="EW")
    assert sorted(lines.values_list("board__number", "round__number")) == [
        (7, 3), (8, 3),
    ]  # fmt: skip
    assert all(line.confirmed for line in lines)
    enter_rounds(section, range(3, 8))
    pct = percentages(section)
    # Worked in test_running_late_pair: 1NS tops its 12 boards, set 7 (played
    # 6 times) factored to 11.8333 of 12: 143.6667 / 144.  7EW scores 7 of 12
    # on each of its 10 boards.
    assert (pct["1NS"], pct["7EW"]) == ("99.77", "58.33")


def test_a_pair_withdraws_after_round_4_scored_by_hand(live_server, browser):
    """2EW leaves after round 4; in round 5 it would have met 1NS at table 1
    on boards 9-10, which are then played 4 times.

    Boards 1-8, 5 lines, top 8: 1NS (+450) 8, other NS 3; 1NS's opponents 0,
    other EW 5.  Boards 9-10, 4 lines all +420, top 6: 3 each, Neuberg
    (3 + 1) * 5 / 4 - 1 = 4 of 8.  1NS 64 / 64 = 100 %; other NS 4 x 2 x 3
    + 2 x 4 = 32 / 80 = 40 %; 2EW 8 x 5 = 40 / 64 = 62.50 %; other EW
    0 + 0 + 4 + 4 + 6 x 5 = 38 / 80 = 47.50 %.
    """
    section = running_section(5, phantom=False, name="Withdrawal night")
    enter_rounds(section, range(1, 5))
    base = live_server.url
    director = director_page(browser, base, f"/director/sections/{section.pk}/")
    director.select_option("#id_withdraw-pair", "2EW")
    director.fill("#id_withdraw-round", "5")
    director.click("#withdraw button[type=submit]")
    director.wait_for_selector("text=2EW withdrew: its opponents sit out from round 5")

    table_1 = signed_in_tablet(
        browser, base, section.table_set.get(number=1).code.lower()
    )
    assert "round 5" in table_1.inner_text("h1")
    assert "Your opponents withdrew: no boards this round." in (
        table_1.inner_text("main")
    )
    assert table_1.locator("a.board-link").count() == 0
    # Table 2 plays its last round through the bid box: 2NS v 3EW.
    table_2 = signed_in_tablet(
        browser, base, section.table_set.get(number=2).code.lower()
    )
    assert "Table 2 · round 5" in table_2.inner_text("h1")
    assert play_round(table_2, base, 5, _enter_4s_made) == 2

    assert enter_rounds(section, range(5, 6)) == 6
    assert percentages(section)["2EW"] == "62.50"
    ranking = browser.new_context().new_page()
    ranking.goto(f"{base}/events/{section.session.event_id}/results/")
    found = ranking_percentages(ranking)
    assert found == {
        "1NS": "100.00", "2NS": "40.00", "3NS": "40.00", "4NS": "40.00",
        "5NS": "40.00", "1EW": "47.50", "2EW": "62.50", "3EW": "47.50",
        "4EW": "47.50", "5EW": "47.50",
    }  # fmt: skip
    assert SectionChange.objects.get().pair == "2EW"
    assert not Result.objects.filter(board__number__in=(9, 10), round__number=5)
