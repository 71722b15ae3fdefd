"""Pairs of different sections are never one partnership (issue 21, item 5).

Pairs without players nor names (an imported file, a quick club night) used
to be keyed by their label alone: pair 3NS of sections A and B of the same
session came out as one pair with both sections' boards, on the page, in the
API and in the Excel ranking sheet.
"""

from __future__ import annotations

from io import BytesIO

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.support.field_play import played_field, played_mitchell
from tournaments.models import Pair, PairScore, Session
from tournaments.selectors.event_ranking import event_rankings
from tournaments.selectors.pairs import event_sections, stored_report

pytestmark = pytest.mark.django_db


def boards_by_place() -> dict[tuple[int, str, str], int]:
    scores = PairScore.objects.select_related("pair__section__session")
    return {
        (s.pair.section.session.number, s.pair.section.letter, s.pair.label): s.boards
        for s in scores
    }


@pytest.fixture
def event():
    """One session, sections A and B of 3 tables, pairs without players or names."""
    return played_field(2, 3)


def test_the_ranking_lists_each_section_pair_once_with_its_own_boards(event):
    reports = [stored_report(section) for section in event_sections(event)]
    rows = [row for rows in event_rankings(reports).values() for row in rows]
    assert not Pair.objects.exclude(names="").exists()
    assert len(rows) == 12
    listed = sorted((row.pair.section.letter, row.pair.label) for row in rows)
    assert len(set(listed)) == 12
    boards = boards_by_place()
    for row in rows:
        assert row.boards == boards[(1, row.pair.section.letter, row.pair.label)]
        assert row.boards == 6  # 3 rounds of 2 boards, not 12


def test_the_results_page_shows_a3_and_b3(client, event):
    response = client.get(reverse("results:event", args=[event.pk]))
    assert response.status_code == 200
    rankings = response.context["rankings"]
    rows = [row for rows in rankings.values() for row in rows]
    assert len(rows) == 12
    assert {row.boards for row in rows} == {6}
    text = response.content.decode()
    assert "A3" in text and "B3" in text


def test_the_api_ranks_twelve_pairs_each_with_its_section(client, event):
    response = client.get(f"/api/events/{event.pk}/rankings/")
    assert response.status_code == 200
    entries = [entry for ranking in response.json() for entry in ranking["entries"]]
    assert len(entries) == 12
    assert {entry["boards"] for entry in entries} == {6}
    places = {(entry["section"], entry["pair"]) for entry in entries}
    assert ("A", "3") in places and ("B", "3") in places
    assert len(places) == 12 - 6  # NS and EW of each number: 6 places twice


def test_the_excel_ranking_sheet_has_twelve_pairs_of_six_boards(client, event):
    response = client.get(reverse("results:excel", args=[event.pk]))
    assert response.status_code == 200
    sheet = load_workbook(BytesIO(response.content)).worksheets[0]
    header = [cell.value for cell in sheet[1]]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == 12
    assert {row[header.index("Boards")] for row in rows} == {6}
    # Each pair named with its section: two rows of a direction never both
    # read "3" (the Mitchell's NS and EW pairs share numbers, as on main).
    pair = header.index("Pair")
    places = [(row[0], row[pair]) for row in rows]
    assert len(set(places)) == 12
    assert {"A3", "B3"} <= {number for _, number in places}


def test_unnamed_pairs_of_the_same_section_add_up_across_sessions():
    """An imported two-session file numbers pairs per section: A3NS of
    session 1 and A3NS of session 2 are one partnership; B3NS is another."""
    event = played_field(2, 3)
    second = Session.objects.create(event=event, number=2)
    played_mitchell(second, "A", 3)
    reports = [stored_report(section) for section in event_sections(event)]
    rows = [row for rows in event_rankings(reports).values() for row in rows]
    boards = {(row.pair.section.letter, row.pair.label): row.boards for row in rows}
    assert len(rows) == 12
    assert boards[("A", "3NS")] == 12
    assert boards[("B", "3NS")] == 6


def test_pairs_of_one_session_with_the_same_names_stay_apart():
    """Two sections of one session are separate fields: even the same names
    (two couples called alike) are two pairs there."""
    event = played_field(0, 3)
    session = event.sessions.get()
    names = [f"Smith – Jones {n}" for n in range(1, 7)]
    played_mitchell(session, "A", 3, names=names)
    played_mitchell(session, "B", 3, names=names)
    reports = [stored_report(section) for section in event_sections(event)]
    rows = [row for rows in event_rankings(reports).values() for row in rows]
    assert len(rows) == 12
    assert {row.boards for row in rows} == {6}


def test_named_pairs_add_up_across_sessions_whatever_their_section():
    """Across sessions the names are the partnership (case and spaces aside),
    even when a pair moves from section A to section B."""
    event = played_field(0, 3)
    first = event.sessions.get()
    second = Session.objects.create(event=event, number=2)
    names = [f"Smith – Jones {n}" for n in range(1, 7)]
    played_mitchell(first, "A", 3, names=names)
    played_mitchell(second, "B", 3, names=[f" SMITH –  jones {n}" for n in range(1, 7)])
    reports = [stored_report(section) for section in event_sections(event)]
    rows = [row for rows in event_rankings(reports).values() for row in rows]
    assert len(rows) == 6
    assert {row.boards for row in rows} == {12}
