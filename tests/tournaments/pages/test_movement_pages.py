"""The printable movement documents: the movement sheet, table and pair cards."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.test import Client
from django.urls import include, path, reverse
from page_text import guide_card, text

from tournaments.models import Section
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)

# The movement pages with the rest of the site, as once wired into config.urls.
urlpatterns = [
    path("", include("tournaments.pages.movement_urls")),
    path("", include("config.urls")),
]

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]

PAGES = ["movement:sheet", "movement:table-cards", "movement:pair-cards"]


def make_section(choice: MovementChoice, **kwargs: object) -> Section:
    event = event_create(name="Club night", date=dt.date(2026, 11, 20))
    return section_create(session=event.sessions.get(), choice=choice, **kwargs)


def page(client: Client, name: str, section: Section) -> str:
    response = client.get(reverse(name, args=[section.pk]))
    assert response.status_code == 200
    return response.content.decode()


def sheet_cell(content: str, round: int, table: int) -> str:
    pattern = rf'<td[^>]*data-round="{round}" data-table="{table}"[^>]*>(.*?)</td>'
    found = re.findall(pattern, content, re.S)
    assert len(found) == 1, (round, table)
    return text(found[0])


def card_rows(fragment: str) -> dict[int, str]:
    rows = re.findall(r'<tr data-round="(\d+)"[^>]*>(.*?)</tr>', fragment, re.S)
    return {int(number): text(row) for number, row in rows}


@pytest.fixture
def mitchell7() -> Section:
    return make_section(
        MovementChoice("mitchell", 7, 3),
        entries=[PairEntry(names="Alice Martin – Bruno Petit")],
    )


# -- access -----------------------------------------------------------------------


def sent_to_sign_in(response) -> str:
    """The "next" of the sign-in page a redirect chain ended on."""
    address = urlsplit(response.redirect_chain[-1][0])
    assert address.path == "/accounts/login/"
    return parse_qs(address.query)["next"][0]


@pytest.mark.parametrize("name", PAGES)
def test_anonymous_users_are_sent_to_log_in(client, mitchell7, name):
    url = reverse(name, args=[mitchell7.pk])
    response = client.get(url, follow=True)
    assert sent_to_sign_in(response) == url


@pytest.mark.parametrize("name", PAGES)
def test_players_who_are_not_staff_are_sent_to_log_in(client, mitchell7, name):
    user = get_user_model().objects.create_user("player", password="pw")
    client.force_login(user)
    url = reverse(name, args=[mitchell7.pk])
    response = client.get(url, follow=True)
    assert sent_to_sign_in(response) == url


@pytest.mark.parametrize("name", PAGES)
def test_an_unknown_section_is_a_404_saying_so(director, name):
    response = director.get(reverse(name, args=[999]))
    assert response.status_code == 404
    assert "There is no section 999." in response.content.decode()


@pytest.mark.parametrize("name", PAGES)
def test_an_imported_section_has_no_movement_to_print(director, name):
    event = event_create(name="Imported", date=dt.date(2026, 11, 20))
    section = Section.objects.create(
        session=event.sessions.get(),
        movement=Section.Movement.NONE,
        tables=4,
        rounds=0,
        boards_per_round=0,
    )
    response = director.get(reverse(name, args=[section.pk]))
    assert response.status_code == 404
    assert (
        "Section A holds imported results: it has no movement to print."
        in response.content.decode()
    )


def test_the_urls_are_under_the_director():
    assert reverse("movement:sheet", args=[5]) == "/director/sections/5/movement/"
    assert reverse("movement:table-cards", args=[5]) == (
        "/director/sections/5/cards/table/"
    )
    assert reverse("movement:pair-cards", args=[5]) == (
        "/director/sections/5/cards/pairs/"
    )


# -- the movement sheet ----------------------------------------------------------


def test_the_mitchell_sheet_shows_every_table_of_every_round(director, mitchell7):
    content = page(director, "movement:sheet", mitchell7)
    assert sheet_cell(content, 1, 1) == (
        "1NS v 1EW · boards 1-3 Alice Martin – Bruno Petit v —"
    )
    assert sheet_cell(content, 2, 1) == (
        "1NS v 7EW · boards 4-6 Alice Martin – Bruno Petit v —"
    )
    assert sheet_cell(content, 2, 2) == "2NS v 1EW · boards 7-9"
    assert sheet_cell(content, 7, 7) == "7NS v 1EW · boards 16-18"
    assert len(re.findall(r"data-round=", content)) == 7 * 7
    assert "Mitchell · Tables: 7 · Rounds: 7 · Boards a round: 3" in text(content)
    assert "21 boards in play." in text(content)
    assert "Boards 1-21: played 7 times." in text(content)
    assert "NS pairs stay at their table; EW pairs move up one table" in content
    assert "sits out" not in content


def test_the_sheet_uses_the_section_board_numbers(director):
    section = make_section(MovementChoice("mitchell", 5, 2), first_board=17)
    content = page(director, "movement:sheet", section)
    assert sheet_cell(content, 1, 1) == "1NS v 1EW · boards 17-18"
    assert sheet_cell(content, 2, 1) == "1NS v 5EW · boards 19-20"
    assert "Boards 17-26: played 5 times." in text(content)


def test_the_sheet_marks_sit_outs(director):
    section = make_section(MovementChoice("mitchell", 7, 3, phantom=True))
    content = page(director, "movement:sheet", section)
    assert sheet_cell(content, 2, 1) == "1NS sits out · boards 4-6"
    assert 'class="seating sit-out" data-round="2" data-table="1"' in content
    assert "Boards 1-21: played 6 times." in text(content)
    assert "Phantom: 7EW (its opponents sit out)" in content


def test_the_relay_mitchell_sheet_lists_the_bye_stand_and_the_share(director):
    section = make_section(MovementChoice("mitchell", 8, 3, even_tables="relay"))
    content = page(director, "movement:sheet", section)
    assert sheet_cell(content, 1, 1) == (
        "1NS v 1EW · boards 1-3 shares boards with table 8"
    )
    assert sheet_cell(content, 1, 8) == (
        "8NS v 8EW · boards 1-3 shares boards with table 1"
    )
    assert sheet_cell(content, 1, 2) == "2NS v 2EW · boards 4-6"
    assert "Relay and bye stand" in content
    assert "Relay: tables 1 and 8 share boards" in content
    assert "Bye stand between tables 4 and 5" in content
    assert "Boards 1-24: played 8 times." in text(content)


def test_the_sheet_marks_arrow_switch_rounds(director):
    section = make_section(MovementChoice("mitchell", 5, 2, arrow_switch=(5,)))
    content = page(director, "movement:sheet", section)
    rows = re.findall(r'<th scope="row">(.*?)</th>', content, re.S)
    assert [text(row) for row in rows] == ["1", "2", "3", "4", "5 arrow switch"]
    assert sheet_cell(content, 5, 1) == "2EW v 1NS · boards 9-10"


def test_the_howell_sheet(director):
    section = make_section(MovementChoice("howell", 4, 3))
    content = page(director, "movement:sheet", section)
    assert [sheet_cell(content, r, 1) for r in (1, 2, 7)] == [
        "8 v 1 · boards 1-3",
        "8 v 2 · boards 4-6",
        "8 v 7 · boards 19-21",
    ]
    assert len(re.findall(r"data-round=", content)) == 7 * 4
    assert "Boards 1-21: played 4 times." in text(content)
    assert "Relay stand between tables" in content


def test_the_movement_documents_link_the_print_stylesheet(director, mitchell7):
    for name in PAGES:
        assert 'href="/static/cards.css"' in page(director, name, mitchell7)
    css = Path(finders.find("cards.css")).read_text(encoding="utf-8")
    print_rules = css[css.index("@media print") :]
    assert re.search(r"header, nav[^{]*\{ display: none", print_rules)
    assert "break-after: page" in print_rules
    assert "@page table-card { size: 148mm 210mm;" in css  # A5
    assert "@page pair-card { size: 105mm 148mm;" in css  # A6
    assert ".table-card { page: table-card; }" in css
    assert ".pair-card { page: pair-card; }" in css


# -- table cards -----------------------------------------------------------------


def test_one_table_card_per_table_with_every_round(director, mitchell7):
    content = page(director, "movement:table-cards", mitchell7)
    assert content.count('class="guide-card table-card"') == 7
    rows = card_rows(guide_card(content, "table", "1"))
    assert list(rows) == [1, 2, 3, 4, 5, 6, 7]
    assert rows[1] == "1 1NS Alice Martin – Bruno Petit 1EW 1-3 table 7"
    assert rows[2] == "2 1NS Alice Martin – Bruno Petit 7EW 4-6 table 7"
    assert rows[7].endswith("19-21 —")


def test_relay_table_cards_say_where_the_boards_go(director):
    section = make_section(MovementChoice("mitchell", 8, 3, even_tables="relay"))
    content = page(director, "movement:table-cards", section)
    assert card_rows(guide_card(content, "table", "1"))[1] == (
        "1 1NS 1EW 1-3 shared with table 8 table 7"
    )
    assert card_rows(guide_card(content, "table", "8"))[1] == (
        "1 8NS 8EW 1-3 shared with table 1 table 7"
    )
    assert (
        card_rows(guide_card(content, "table", "5"))[1] == "1 5NS 5EW 16-18 bye stand"
    )
    assert card_rows(guide_card(content, "table", "4"))[2].endswith("table 3")


def test_howell_table_cards_send_boards_to_relay_stands(director):
    section = make_section(MovementChoice("howell", 4, 3))
    content = page(director, "movement:table-cards", section)
    assert content.count('class="guide-card table-card"') == 4
    # Sets 1 and 5 wait on the relay stands that end tables 1 and 4's rows.
    assert card_rows(guide_card(content, "table", "1"))[1] == "1 8 1 1-3 relay stand"
    assert card_rows(guide_card(content, "table", "4"))[1] == "1 3 7 13-15 relay stand"
    assert card_rows(guide_card(content, "table", "2"))[1] == "1 5 6 4-6 table 1"
    assert card_rows(guide_card(content, "table", "3"))[1] == "1 2 4 7-9 table 2"


def test_sit_outs_on_the_table_cards(director):
    section = make_section(MovementChoice("mitchell", 7, 3, phantom=True))
    content = page(director, "movement:table-cards", section)
    assert (
        card_rows(guide_card(content, "table", "1"))[2] == "2 1NS sit-out 4-6 table 7"
    )


# -- pair cards ------------------------------------------------------------------


def test_one_pair_card_per_real_pair(director, mitchell7):
    content = page(director, "movement:pair-cards", mitchell7)
    assert content.count('class="guide-card pair-card"') == 14
    rows = card_rows(guide_card(content, "pair", "1EW"))
    assert list(rows) == [1, 2, 3, 4, 5, 6, 7]
    assert rows[1] == "1 1 E-W 1NS Alice Martin – Bruno Petit 1-3 table 2, E-W"
    assert rows[2] == "2 2 E-W 2NS 7-9 table 3, E-W"
    assert rows[7] == "7 7 E-W 7NS 16-18 —"
    assert "Alice Martin – Bruno Petit" in guide_card(content, "pair", "1NS")
    stationary = card_rows(guide_card(content, "pair", "3NS"))
    assert [row.split()[1:3] for row in stationary.values()] == [["3", "N-S"]] * 7
    assert [row.endswith("table 3, N-S") for row in stationary.values()] == (
        [True] * 6 + [False]
    )


def test_the_phantom_has_no_pair_card(director):
    section = make_section(MovementChoice("mitchell", 7, 3, phantom=True))
    content = page(director, "movement:pair-cards", section)
    assert content.count('class="guide-card pair-card"') == 13
    assert 'data-pair="7EW"' not in content
    assert card_rows(guide_card(content, "pair", "1NS"))[2] == (
        "2 1 N-S sit-out — table 1, N-S"
    )


def test_howell_pair_cards(director):
    section = make_section(MovementChoice("howell", 4, 3))
    content = page(director, "movement:pair-cards", section)
    assert content.count('class="guide-card pair-card"') == 8
    rows = card_rows(guide_card(content, "pair", "8"))
    assert rows[1] == "1 1 N-S 1 1-3 table 1, N-S"
    assert [row.split()[3] for row in rows.values()] == list("1234567")


def test_the_notes_follow_the_readers_language(director):
    """The same cached movement, read in French then in English."""
    section = make_section(
        MovementChoice("howell", 3, 2), entries=[PairEntry(names="A – B")]
    )
    url = reverse("movement:sheet", args=[section.pk])
    french = text(director.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Tour 5 : les tables 1, 2 et 3 partagent la série 5" in french
    assert "La paire 6 reste à la table 1 en NS" in french
    english = text(director.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "Round 5: tables 1, 2 and 3 share set 5" in english
