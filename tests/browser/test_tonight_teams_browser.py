"""A director sets up a 6-team night through "Tonight" in real headless
Chromium on a laptop (1366x768): teams chosen at step 1 (the pairs box
hides), the round robin proposed, the teams' names and players typed (a club
player suggested and picked, with the mouse and with the arrow keys), the
first round's table cards printed with the event's 6 codes; then a tablet
(390x844) signs in with a card's code and sees its match.  Each step's
screen is kept in ``artifacts/``."""

from __future__ import annotations

import pytest
from browser import ARTIFACTS, signed_in_tablet

from tests.browser.test_tonight_browser import (
    MEMBERS,
    new_club_director,
    pick_two_members,
    printed_cards,
)
from tournaments.models import Event, Match, Player, Team
from tournaments.services.event_tables import event_table_codes

pytestmark = pytest.mark.django_db(transaction=True)

TEAMS = ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Dix", "Les Neuf"]


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tonight-teams-{name}.png"), full_page=True)


def test_a_director_sets_up_a_six_team_night_and_a_tablet_plays_its_match(
    live_server, browser
):
    base = live_server.url
    made, page = new_club_director(browser, base)

    page.click("a.tonight-entry")
    page.wait_for_url("**/director/tonight/")
    assert page.is_visible('input[name="pairs"]')
    assert not page.is_visible('input[name="teams"]')
    page.click('label:text-is("Teams")')
    page.wait_for_function(
        "() => document.querySelector('.count-box[data-kind=pairs]').hidden"
    )
    assert page.evaluate("() => document.activeElement.name") == "teams"
    page.keyboard.type("6", delay=40)
    shot(page, "1-teams")
    page.click("button.big")
    page.wait_for_url("**/director/tonight/names/?**")
    assert page.inner_text("p.plan-title") == "Round robin, 6 teams"
    assert page.inner_text("p.plan-size") == (
        "5 rounds of 4-board matches: 20 boards. About 2 h 20 of play."
    )
    assert page.locator("a.other-format").all_inner_texts() == [
        "Swiss, 6 teams, 3 rounds of 6-board matches: 18 boards.",
        "Patton (each team meets some of the others), 6 teams, "
        "3 rounds of 6-board matches: 18 boards.",
        "Knockout, 6 teams, 3 rounds of 6-board matches: 18 boards.",
    ]
    assert page.locator("tr[data-team]").count() == 6
    shot(page, "2-proposal")

    for index, name in enumerate(TEAMS):
        page.fill(f'input[name="team{index}-name"]', name)
    pick_two_members(page, "team0-p1", "team0-p2", lambda: shot(page, "2-suggested"))
    for seat in (3, 4):
        box = page.locator(f'input[name="team0-p{seat}"]')
        box.click()
        box.press_sequentially(f"Joueur {seat}", delay=15)
    page.keyboard.press("Escape")
    page.click("button.big")
    page.wait_for_url("**/director/events/*/tonight/")
    assert page.inner_text("h1") == "Tonight is ready"
    shot(page, "3-ready")
    cards = printed_cards(page)
    codes = cards.locator("strong.table-code").all_inner_texts()
    assert cards.locator("article.table-card").count() == 6
    shot(cards, "4-table-cards")

    event = Event.objects.get(club=made.club)
    competition = event.competition
    assert (
        competition.format, competition.scoring, competition.boards_per_match,
        competition.rounds,
    ) == ("round-robin", "vp", 4, 5)  # fmt: skip
    assert codes == [event_table_codes(event.pk, "A")[n] for n in range(1, 7)]
    assert list(event.teams.order_by("number").values_list("name", flat=True)) == (
        TEAMS
    )
    aces = Team.objects.get(event=event, number=1)
    assert aces.members == "Marie Martin, Hélène Roux, Joueur 3, Joueur 4"
    # The members picked are the club's own, not new players of that name.
    assert Player.objects.filter(club=made.club).count() == len(MEMBERS) + 2
    opening = Match.objects.get(session__number=1, session__event=event, number=1)
    assert (opening.home.name, opening.away.name) == ("Les As", "Les Neuf")

    # The night plays: table 1's tablet signs in with the code on its card
    # and is at its match, Les As against Les Neuf.
    tablet = signed_in_tablet(browser, base, codes[0])
    shot(tablet, "5-tablet")
    main = tablet.inner_text("main")
    assert "Les As" in main
    assert "Les Neuf" in main
