"""The director's live console grid and a board's audit trail."""

from __future__ import annotations

import datetime as dt
from urllib.parse import quote

import pytest
from django.urls import reverse
from django.utils.timezone import localtime
from section_play import club_night, enter_seating

from tournaments.director.console import (
    CONFIRMED,
    DISPUTED,
    ENTERED,
    LATE,
    MISSING,
    console_grid,
)
from tournaments.models import Pair, Result, Section, Source, Table
from tournaments.services.results import result_submit
from tournaments.services.table_rounds import table_move_on

pytestmark = pytest.mark.django_db


@pytest.fixture
def section() -> Section:
    """A 3-table Mitchell, 2 boards a round: table t plays set t in round 1."""
    return club_night()


@pytest.fixture
def played(section: Section) -> Section:
    """Round 1 in (table 3 lacks board 6), round 2 under way, round 3 to come.

    Round 1: table 1 confirmed, table 2 entered, table 3 half (late).
    Round 2: table 1 in with board 3 disputed, table 2 nothing, table 3 half.
    """
    enter_seating(section, 1, 1, [1, 2])
    enter_seating(section, 1, 2, [3, 4])
    enter_seating(section, 1, 3, [5])
    enter_seating(section, 2, 1, [3, 4])
    enter_seating(section, 2, 3, [1])
    Result.objects.filter(board__number__in=[1, 2], ns_pair__number=1).update(
        confirmed=dt.datetime(2026, 11, 20, 20, tzinfo=dt.UTC)
    )
    Result.objects.filter(board__number=3, ns_pair__number=1).update(disputed=True)
    return section


def states(grid) -> dict[tuple[int, int], tuple[str, int | None, int]]:
    return {
        (cell.table, cell.round): (cell.state, cell.board, cell.entered)
        for row in grid
        for cell in row.cells
    }


def test_the_grid_has_a_row_per_table_and_a_cell_per_round(section):
    grid = console_grid(section)
    assert [row.table for row in grid] == [1, 2, 3]
    assert [[cell.round for cell in row.cells] for row in grid] == [[1, 2, 3]] * 3
    cell = grid[1].cells[0]
    assert (cell.ns, cell.ew, cell.boards) == ("2NS", "2EW", (3, 4))
    assert {state for state, _board, _n in states(grid).values()} == {MISSING}


def test_each_cell_tells_the_state_of_its_boards(played):
    found = states(console_grid(played))
    assert found[1, 1] == (CONFIRMED, 1, 2)
    assert found[2, 1] == (ENTERED, 3, 2)
    assert found[3, 1] == (LATE, 6, 1)
    assert found[1, 2] == (DISPUTED, 3, 2)
    assert found[2, 2] == (MISSING, 5, 0)
    assert found[3, 2] == (MISSING, 2, 1)
    assert found[1, 3] == (MISSING, 5, 0)


def test_a_later_round_at_the_same_table_makes_a_gap_late(section):
    enter_seating(section, 1, 2, [3])
    enter_seating(section, 3, 2, [1, 2])
    found = states(console_grid(section))
    assert found[2, 1][0] == LATE
    assert found[2, 2][0] == LATE
    assert found[2, 3][0] == ENTERED
    assert found[1, 3][0] == MISSING


def test_an_imported_section_has_no_grid(section):
    section.movement = Section.Movement.NONE
    section.save()
    assert console_grid(section) == []


def test_the_console_is_for_staff_only(client, section):
    url = reverse("director:console", args=[section.pk])
    response = client.get(url, follow=True)
    assert response.redirect_chain[-1] == (
        "/accounts/login/?next=" + quote(url, safe=""),
        302,
    )


def test_the_console_page_shows_the_grid_with_links(director, played):
    url = reverse("director:console", args=[played.pk])
    response = director.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and "live.js" in html and "data-live-grid" in html
    assert 'data-state="disputed"' in html and 'data-state="late"' in html
    assert reverse("director:traveller", args=[played.pk, 6]) in html
    section_page = director.get(reverse("director:section", args=[played.pk]))
    assert url in section_page.content.decode()


def test_the_partial_console_is_the_grid_alone(director, played):
    url = reverse("director:console", args=[played.pk])
    response = director.get(url, {"partial": 1})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<h1" not in html and "legend" not in html
    # The grid, after the "Scores updating" note: its lines await a rescore.
    note, _grid = html.split('<div class="scroll"><table class="console">')
    assert note.strip().startswith('<p class="stale"') and "Scores updating" in note
    assert note.strip().endswith("</p>") and note.count("<p") == 1
    assert html.count('data-state="') == 9
    assert 'data-state="confirmed"' in html


def test_the_traveller_page_lists_the_board_changes(director, section):
    url = reverse("director:traveller", args=[section.pk, 1])
    rows = director.get(url).context["rows"]
    first, _second, third = (row.index for row in rows)
    line = {f"c{first}": "4S", f"d{first}": "N", f"r{first}": "="}
    assert director.post(url, line).status_code == 302
    line[f"r{first}"] = "+1"
    line |= {f"c{third}": "A+/A-"}
    assert director.post(url, line | {"stay": ""}).status_code == 302
    pairs = {pair.label: pair for pair in Pair.objects.filter(section=section)}
    # Table 3 plays board 1 in round 2: the director moves its tablet on.
    table_move_on(Table.objects.get(section=section, number=3), 2)
    result_submit(
        board=section.boards.get(number=1),
        ns_pair=pairs["3NS"],
        ew_pair=pairs["2EW"],
        contract="3NT",
        declarer="S",
        tricks=8,
        table=Table.objects.get(section=section, number=3),
        source=Source.TABLE,
    )
    response = director.get(url)
    changes = response.context["changes"]
    assert [(c.who, c.action) for c in changes] == [
        ("table 3", "entered"),
        ("td", "adjusted"),
        ("td", "corrected"),
        ("td", "entered"),
    ]
    assert (changes[2].before, changes[2].after) == (
        "1NS v 1EW: 4S= by N, +420",
        "1NS v 1EW: 4S+1 by N, +450",
    )
    assert changes[1].after == "2NS v 3EW: A+/A-"
    assert changes[0].after == "3NS v 2EW: 3NT-1 by S, -50"
    html = response.content.decode()
    assert "4S= by N, +420" in html and "4S+1 by N, +450" in html
    assert "A+/A-" in html and "table 3" in html
    assert localtime(changes[3].at).strftime("%Y-%m-%d %H:%M") in html
