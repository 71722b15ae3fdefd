"""A 50-table relay-and-bye-stand Mitchell on every page that shows it.

The director's new-section page proposes and makes it (and refuses 101
pairs, stating the cap); the movement sheet, the table cards (with each
table's sign-in code), the pair cards, the director's section page, the
print set and the public results hold all 50 tables, 100 pairs and 2,500
seatings, at a number of queries that does not grow with the tables.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from big_section import big_mitchell, play_rounds
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from page_text import guide_card as card
from page_text import text

from tests.tournaments.pages.test_movement_pages import card_rows, page, sheet_cell
from tournaments.models import Pair, Result, Section, Source, Table
from tournaments.services.events import event_create
from tournaments.services.table_rounds import current_round, pairs_current_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def relay50() -> Section:
    """50 tables, one board a round: 50 rounds, pairs named "NS 1"… "EW 50"."""
    return big_mitchell(50)


# -- the movement sheet -------------------------------------------------------------


def test_the_sheet_shows_every_table_of_every_round(director, relay50):
    content = page(director, "movement:sheet", relay50)
    assert len(re.findall(r"data-round=", content)) == 50 * 50
    assert sheet_cell(content, 1, 1) == (
        "1NS v 1EW · boards 1 NS 1 v EW 1 shares boards with table 50"
    )
    assert sheet_cell(content, 1, 50) == (
        "50NS v 50EW · boards 1 NS 50 v EW 50 shares boards with table 1"
    )
    # Round 26 around the bye stand: table 25 plays set 50, table 26 set 2.
    assert sheet_cell(content, 26, 25) == "25NS v 50EW · boards 50 NS 25 v EW 50"
    assert sheet_cell(content, 26, 26) == "26NS v 1EW · boards 2 NS 26 v EW 1"
    assert sheet_cell(content, 50, 50) == (
        "50NS v 1EW · boards 50 NS 50 v EW 1 shares boards with table 1"
    )
    assert "Boards 1-50: played 50 times." in text(content)


def test_the_sheet_names_the_bye_stand_and_the_share(director, relay50):
    content = text(page(director, "movement:sheet", relay50))
    assert "Relay and bye stand" in content
    assert "Relay: tables 1 and 50 share boards" in content
    assert (
        "Bye stand between tables 25 and 26: boards from table 26 go to the bye "
        "stand, boards on it go to table 25"
    ) in content
    assert "Boards from table 1 go to table 49" in content


# -- table cards and sign-in codes ----------------------------------------------------


def test_fifty_table_cards_with_the_bye_stand_and_the_share(director, relay50):
    content = page(director, "movement:table-cards", relay50)
    assert content.count('class="guide-card table-card"') == 50
    one = card_rows(card(content, "table", "1"))
    assert list(one) == list(range(1, 51))
    assert one[1] == "1 1NS NS 1 1EW EW 1 1 shared with table 50 table 49"
    fifty = card_rows(card(content, "table", "50"))
    assert fifty[1] == "1 50NS NS 50 50EW EW 50 1 shared with table 1 table 49"
    assert fifty[50] == "50 50NS NS 50 1EW EW 1 50 shared with table 1 —"
    # Table 26 passes its boards to the bye stand; table 25 takes them from it.
    assert card_rows(card(content, "table", "26"))[1] == (
        "1 26NS NS 26 26EW EW 26 27 bye stand"
    )
    assert card_rows(card(content, "table", "25"))[26] == (
        "26 25NS NS 25 50EW EW 50 50 table 24"
    )


def test_each_table_card_prints_its_own_sign_in_code(director, relay50):
    content = page(director, "movement:table-cards", relay50)
    codes = dict(relay50.table_set.values_list("number", "code"))
    for number in (1, 41, 45, 49, 50):
        found = re.findall(
            r'class="table-code">(\w+)<', card(content, "table", str(number))
        )
        assert found == [codes[number]]
    assert len(set(re.findall(r'class="table-code">(\w+)<', content))) == 50


def test_the_table_cards_cost_the_same_queries_at_ten_and_fifty_tables(director):
    counts = {}
    for tables in (10, 50):
        section = big_mitchell(tables)
        url = reverse("movement:table-cards", args=[section.pk])
        director.get(url)  # the movement built and cached
        with CaptureQueriesContext(connection) as queries:
            assert director.get(url).status_code == 200
        counts[tables] = len(queries)
    assert counts[10] == counts[50]


def test_a_hundred_pair_cards(director, relay50):
    content = page(director, "movement:pair-cards", relay50)
    assert content.count('class="guide-card pair-card"') == 100
    rows = card_rows(card(content, "pair", "50EW"))
    assert rows[1] == "1 50 E-W 50NS NS 50 1 table 1, E-W"
    assert rows[50] == "50 49 E-W 49NS NS 49 49 —"


# -- the director's pages ---------------------------------------------------------


def test_the_director_proposes_and_makes_a_fifty_table_mitchell(director):
    event = event_create(name="Simultaneous", date=dt.date(2026, 11, 25))
    session = event.sessions.get()
    url = reverse("director:section-new", args=[session.pk])
    response = director.get(url, {"pairs": 100})
    assert response.status_code == 200
    assert 'max="100"' in response.content.decode()
    form = response.context["form"]
    names = [movement.name for movement in form.proposals]
    assert names == ["Skip Mitchell 50 tables, 13 rounds x 2 boards"]
    data = {"pairs": 100, "movement": 0, "boards_per_round": 2, "rounds": 49}
    data |= {f"pair{i}-a": f"Ann {i}" for i in range(100)}
    response = director.post(url, data)
    assert response.status_code == 302
    section = Section.objects.get()
    assert (section.tables, section.rounds, section.even_tables) == (50, 49, "skip")
    assert section.table_set.count() == 50
    assert Pair.objects.get(section=section, number=50, direction="EW").names == (
        "Ann 99"
    )


def test_the_director_is_refused_101_pairs_with_the_cap_stated(director):
    event = event_create(name="Simultaneous", date=dt.date(2026, 11, 25))
    url = reverse("director:section-new", args=[event.sessions.get().pk])
    response = director.get(url, {"pairs": 101})
    assert response.status_code == 400
    content = response.content.decode()
    assert "pairs: give a number of pairs from 5 to 100." in content
    assert "A Mitchell has at most 50 tables." in content
    response = director.post(url, {"pairs": 101, "movement": 0, "boards_per_round": 2})
    assert response.status_code == 400
    assert not Section.objects.exists()


def test_too_many_rounds_are_a_form_error_on_rounds(director):
    event = event_create(name="Simultaneous", date=dt.date(2026, 11, 25))
    url = reverse("director:section-new", args=[event.sessions.get().pk])
    data = {"pairs": 100, "movement": 0, "boards_per_round": 2, "rounds": 50}
    response = director.post(url, data)
    assert response.status_code == 400
    assert response.context["form"].errors == {
        "rounds": ["rounds must be 1 to 49, got 50"]
    }
    data["rounds"] = 51  # past any Mitchell: the field's own bound
    response = director.post(url, data)
    assert response.status_code == 400
    assert list(response.context["form"].errors) == ["rounds"]
    assert not Section.objects.exists()


def test_the_section_page_lists_every_pair_and_board(director, relay50):
    response = director.get(reverse("director:section", args=[relay50.pk]))
    assert response.status_code == 200
    content = text(response.content.decode())
    assert "EW 50" in content and "NS 50" in content
    assert len(response.context["pairs"]) == 100
    assert len(response.context["boards"]) == 50


# -- results -----------------------------------------------------------------------


def test_the_results_and_print_set_of_a_played_fifty_table_section(client, director):
    section = big_mitchell(50, published=True)
    assert play_rounds(section) == 2500
    assert Result.objects.filter(mp_ns__isnull=True).count() == 0
    response = client.get(reverse("results:event", args=[section.session.event_id]))
    assert response.status_code == 200
    content = text(response.content.decode())
    for name in ("NS 1", "NS 50", "EW 1", "EW 50"):
        assert name in content
    response = client.get(reverse("results:board", args=[section.pk, 1]))
    assert response.status_code == 200
    assert response.content.decode().count("<tr") >= 50
    response = director.get(reverse("director:print-set", args=[section.pk]))
    assert response.status_code == 200
    printed = response.content.decode()
    assert printed.count('id="board-') == 50
    assert printed.count('id="pair-') == 100


def test_the_console_and_downloads_of_a_fifty_table_section(director):
    section = big_mitchell(50)
    play_rounds(section, rounds=[1, 2])
    response = director.get(reverse("director:console", args=[section.pk]))
    assert response.status_code == 200
    event = section.session.event_id
    response = director.get(reverse("results:excel", args=[event]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml"
    )
    response = director.get(reverse("results:pbn", args=[event]))
    assert response.status_code == 200
    assert response.content.decode().count('[Board "') == 50
    response = director.get(reverse("results:usebio", args=[event]))
    assert response.status_code == 200
    assert response.content.decode().count("<TRAVELLER_LINE>") == 100


def test_the_console_costs_the_same_queries_at_ten_and_fifty_tables(director):
    counts = {}
    for tables in (10, 50):
        section = big_mitchell(tables)
        play_rounds(section, rounds=[1, 2])
        url = reverse("director:console", args=[section.pk])
        director.get(url)
        with CaptureQueriesContext(connection) as queries:
            assert director.get(url).status_code == 200
        counts[tables] = len(queries)
    assert counts[10] == counts[50]


def test_the_consoles_tablet_rounds_are_each_tables_current_round(director):
    """Read for the whole section at once, each table's round is the one its
    own tablet is given: agreed rounds passed, a table moved on by the
    director, a disputed-free but unconfirmed round kept."""
    section = big_mitchell(50)
    play_rounds(section, rounds=[1, 2, 3])
    lines = Result.objects.filter(board__section=section)
    lines.update(source=Source.TABLE)  # entered by the tablets, not yet agreed
    lines.filter(round__number=1).update(confirmed=timezone.now())
    lines.filter(round__number=2, table__number__lte=20).update(
        confirmed=timezone.now()
    )
    Table.objects.filter(section=section, number=7).update(moved_to_round=5)
    Table.objects.filter(section=section, number=8).update(moved_to_round=99)
    expected = {table.number: current_round(table) for table in section.table_set.all()}
    assert pairs_current_rounds(section) == expected
    assert expected[1] == 3 and expected[21] == 2 and expected[7] == 5
    assert expected[8] == 3  # a move past the movement is ignored
    grid = director.get(reverse("director:console", args=[section.pk])).context["grid"]
    assert {row.table: row.tablet_round for row in grid} == expected
