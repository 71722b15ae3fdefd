"""A director who has never seen Donne sets up a 7-table Mitchell (14 pairs)
through "Tonight" in real headless Chromium on a laptop (1366x768): the
dashboard's button, the number of pairs, the names (a club player suggested
as the first letters are typed, and picked: once with the mouse, once with
the arrow keys), then the table cards printed with their 7 codes, and a
tablet signing in with one of them.  The time from the dashboard to the
printed cards is printed (not asserted: the machine's speed is not the
director's); each step's screen is kept in ``artifacts/``."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from browser import (
    ARTIFACTS,
    director_signed_in,
    manual_screenshot,
    signed_in_tablet,
)

from tournaments.models import Pair, Player, Section, Table
from tournaments.services.directors import DirectorMade, director_create

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1366, "height": 768}
PASSWORD = "club-director-pw-2026"
MEMBERS = [
    ("Marie", "Martin"),
    ("Marc", "Dubois"),
    ("Hélène", "Roux"),
    ("Paul", "Roussel"),
]
# What the director types in boxes 3 to 28 (1NS's two players are picked
# from the suggestions); the boxes go 1NS to 7NS, then 1EW to 7EW.
TYPED = [f"Joueur {n}" for n in range(1, 29)]


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tonight-{name}.png"), full_page=True)


def pick_two_members(
    page, first: str, second: str, suggested: Callable[[], None]
) -> None:
    """In box ``first`` type "Mar" and click Marie Martin among the club's
    players suggested (``suggested`` runs while they show); the focus moves
    on to box ``second``: type "rou" and pick Hélène Roux by the keyboard."""
    box = page.locator(f'input[name="{first}"]')
    box.click()
    box.press_sequentially("Mar", delay=40)
    suggestions = page.locator(f'span.autocomplete:has([name="{first}"]) li')
    suggestions.first.wait_for()
    assert suggestions.all_inner_texts() == ["Marc Dubois", "Marie Martin"]
    suggested()
    suggestions.nth(1).click()
    assert box.input_value() == "Marie Martin"
    # The pick moved on to the next box: the partner, by the keyboard.
    assert page.evaluate("() => document.activeElement.name") == second
    page.keyboard.type("rou", delay=40)
    partner = page.locator(f'span.autocomplete:has([name="{second}"]) li')
    partner.first.wait_for()
    assert partner.all_inner_texts() == ["Paul Roussel", "Hélène Roux"]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert page.input_value(f'input[name="{second}"]') == "Hélène Roux"


def new_club_director(browser: Browser, base: str) -> tuple[DirectorMade, Page]:
    """A new director of the Bridge Club du Port (its members
    :data:`MEMBERS`), signed in on a laptop: the director and the page."""
    made = director_create("newtd", "Bridge Club du Port", PASSWORD)
    for first, last in MEMBERS:
        Player.objects.create(club=made.club, first_name=first, last_name=last)
    return made, director_signed_in(browser, base, ("newtd", PASSWORD), LAPTOP)


def printed_cards(page: Page) -> Page:
    """Step 3's "Print the table cards", opened in its own tab, loaded."""
    with page.expect_popup() as opened:
        page.click("text=Print the table cards")
    cards = opened.value
    cards.wait_for_load_state("load")
    return cards


def test_a_new_director_sets_up_a_seven_table_mitchell_in_three_steps(
    live_server, browser
):
    base = live_server.url
    made, page = new_club_director(browser, base)

    started = time.monotonic()
    page.click("a.tonight-entry")
    page.wait_for_url("**/director/tonight/")
    assert page.inner_text("p.tonight-club") == "Club: Bridge Club du Port"
    page.locator('input[name="pairs"]').press_sequentially("14", delay=40)
    manual_screenshot(page, "tonight-1-pairs.png", full_page=True)
    page.click("button.big")
    page.wait_for_url("**/director/tonight/names/?**")
    assert page.inner_text("p.plan-title") == "Mitchell, 7 tables"
    assert "7 rounds of 3 boards: 21 boards a pair." in page.inner_text("p.plan-size")
    assert page.locator("tr[data-pair]").count() == 14

    boxes = page.locator("input[data-player]")
    pick_two_members(page, "pair0-a", "pair0-b", lambda: shot(page, "2-suggested"))
    for index in range(2, 28):
        box = boxes.nth(index)
        box.click()
        box.press_sequentially(TYPED[index], delay=15)
    page.keyboard.press("Escape")
    shot(page, "2-names")
    page.click("button.big")
    page.wait_for_url("**/director/sections/*/tonight/")
    assert page.inner_text("h1") == "Tonight is ready"
    manual_screenshot(page, "tonight-3-ready.png", full_page=True)
    cards = printed_cards(page)
    elapsed = time.monotonic() - started
    print(f"\nTonight: dashboard to printed table cards in {elapsed:.1f} s")
    codes = cards.locator("strong.table-code").all_inner_texts()
    assert len(codes) == len(set(codes)) == 7
    assert cards.locator("article.table-card").count() == 7
    manual_screenshot(cards, "tonight-4-table-cards.png", full_page=True)

    section = Section.objects.get()
    assert (section.movement, section.tables, section.rounds) == ("mitchell", 7, 7)
    assert sorted(codes) == sorted(Table.objects.values_list("code", flat=True))
    names = {pair.label: pair.names for pair in Pair.objects.filter(section=section)}
    expected = {"1NS": "Marie Martin – Hélène Roux"}
    for index in range(2, 28, 2):
        pair = index // 2
        label = f"{pair + 1}NS" if pair < 7 else f"{pair - 6}EW"
        expected[label] = f"{TYPED[index]} – {TYPED[index + 1]}"
    assert names == expected
    # The members picked are the club's own, not new players of that name.
    assert Player.objects.filter(club=made.club).count() == len(MEMBERS) + 26

    # The night plays: table 1's tablet signs in with the code on its card.
    table_one = Table.objects.get(section=section, number=1).code
    tablet = signed_in_tablet(browser, base, table_one)
    assert "Marie Martin" in tablet.inner_text("main")


def test_tonight_in_french_with_thirteen_pairs_says_who_sits_out(live_server, browser):
    made = director_create("newtd", "Bridge Club du Port", PASSWORD)
    base = live_server.url
    page = director_signed_in(
        browser, base, ("newtd", PASSWORD), LAPTOP, "/director/tonight/", "fr-FR"
    )
    assert page.inner_text("h1") == "Ce soir : un tournoi du club en trois étapes"
    page.fill('input[name="pairs"]', "13")
    page.click("button.big")
    page.wait_for_url("**/director/tonight/names/?**")
    assert page.inner_text("p.plan-title") == "Mitchell, 7 tables"
    assert "une paire est au relais" in page.inner_text("p.plan-sit-out")
    assert page.locator("tr[data-pair]").count() == 13
    shot(page, "fr-13-pairs")
    page.click("button.big")
    page.wait_for_url("**/director/sections/*/tonight/")
    assert page.inner_text("h1") == "La soirée est prête"
    assert Section.objects.get(session__event__club=made.club).phantom is True
