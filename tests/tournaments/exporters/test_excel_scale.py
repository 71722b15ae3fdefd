"""The workbook at scale: one pass over the lines, a fixed number of queries.

The workbook used to read ``max_row`` after every row and scan every line of
the section for each pair's scorecard (quadratic: 343 s at 1,000 tables).
These tests build events of two Mitchell sections, 5 and 20 tables each (10
and 40 tables in all), every line entered, and check the workbook's rows and
sheets exactly, that building it costs the same queries at both sizes, and
that each scorecard holds exactly the pair's lines.
"""

from __future__ import annotations

import datetime as dt
from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from openpyxl import load_workbook

from tournaments.exporters.workbook import event_workbook_bytes
from tournaments.exporters.workbook.book import Book, column_widths
from tournaments.models import Event, Pair, Result
from tournaments.rescore import rescore_section
from tournaments.selectors.movement import section_movement
from tournaments.selectors.pair_lines import lines_by_pair
from tournaments.selectors.pairs import stored_report
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db


def _event(tables_a_section: int, sections: int = 2) -> Event:
    """An event of ``sections`` Mitchell sections, every line played and scored."""
    event = event_create(name=f"Scale {tables_a_section}", date=dt.date(2026, 5, 1))
    session = event.sessions.get()
    for index in range(sections):
        choice = MovementChoice("mitchell", tables_a_section, 2, rounds=5)
        section = section_create(
            session=session, choice=choice, letter=chr(ord("A") + index)
        )
        movement = section_movement(section)
        pairs = {pair.label: pair for pair in section.pairs.all()}
        # Named apart: the event ranking takes unnamed pairs of the same
        # label in two sections for one partnership (issue 21, item 5).
        for pair in pairs.values():
            pair.names = f"{section.letter}{pair.label} – {section.letter}{pair.label}"
        Pair.objects.bulk_update(pairs.values(), ["names"])
        boards = {board.number: board for board in section.boards.all()}
        offset = section.first_board - 1
        lines = []
        for seating in movement.seatings:
            if movement.is_sit_out(seating):
                continue
            for number in seating.boards:
                made = (number + seating.table) % 3 - 1
                lines.append(
                    Result(
                        board=boards[number + offset],
                        ns_pair=pairs[movement.pair(seating.ns).label],
                        ew_pair=pairs[movement.pair(seating.ew).label],
                        contract="3NT",
                        declarer="N",
                        tricks=9 + made,
                        score_ns=400 + 30 * made if made >= 0 else -50,
                    )
                )
        Result.objects.bulk_create(lines)
        rescore_section(section.pk)
    return event


def _build(event: Event) -> tuple[bytes, int]:
    """The workbook and the queries building it made."""
    with CaptureQueriesContext(connection) as queries:
        data = event_workbook_bytes(event)
    return data, len(queries)


def test_a_40_table_workbook_has_every_line_and_pair_in_a_fixed_number_of_queries():
    small, small_queries = _build(_event(5))
    big_event = _event(20)
    big, big_queries = _build(big_event)
    assert small_queries == big_queries
    lines = Result.objects.filter(board__section__session__event=big_event).count()
    pairs = Pair.objects.filter(section__session__event=big_event).count()
    assert (lines, pairs) == (2 * 20 * 5 * 2, 2 * 40)
    workbook = load_workbook(BytesIO(big))
    assert len(workbook.sheetnames) == 2 + pairs
    assert workbook["Ranking"].max_row == 1 + pairs
    assert workbook["Travellers"].max_row == 1 + lines
    # Each pair plays 5 rounds of 2 boards: 10 lines on its scorecard.
    scorecards = workbook.sheetnames[2:]
    assert {workbook[title].max_row for title in scorecards} == {1 + 10}
    assert set(scorecards) == {
        f"S1{letter} Pair {number}{direction}"
        for letter in "AB"
        for number in range(1, 21)
        for direction in ("NS", "EW")
    }
    small_book = load_workbook(BytesIO(small))
    assert small_book["Travellers"].max_row == 1 + 2 * 5 * 5 * 2


def test_every_scorecard_lists_the_pairs_lines_as_the_report_does():
    event = _event(7, sections=1)
    report = stored_report(event.sessions.get().sections.get())
    index = lines_by_pair(report.lines)
    pairs = [row.pair for rows in report.rankings.values() for row in rows]
    assert len(pairs) == 14
    for pair in pairs:
        assert index[pair.pk] == report.pair_lines(pair)
        assert len(index[pair.pk]) == 10


def test_a_line_of_a_pair_against_itself_is_listed_once():
    event = _event(5, sections=1)
    report = stored_report(event.sessions.get().sections.get())
    line = report.lines[0]
    line.result.ew_pair_id = line.result.ns_pair_id
    index = lines_by_pair([line])
    assert index == {line.result.ns_pair_id: [line]}


def test_text_that_looks_like_a_formula_stays_text_and_widths_fit():
    book = Book()
    sheet = book.active
    sheet.title = "Names"
    sheet.append(["Name", "Score", "Board"])
    sheet.header_frozen = True
    sheet.formats[1] = "0.00"
    sheet.append(['=HYPERLINK("http://x")', 1.5, 7])
    sheet.append(["+1+1", None, None])
    sheet.append(["#N/A", 2, 12])
    other = book.create_sheet("Names")
    other.append(["x"])
    buffer = BytesIO()
    book.save(buffer)
    workbook = load_workbook(BytesIO(buffer.getvalue()))
    assert workbook.sheetnames == ["Names", "Names1"]
    names = workbook["Names"]
    assert [names[f"A{row}"].value for row in (2, 3, 4)] == [
        '=HYPERLINK("http://x")',
        "+1+1",
        "#N/A",
    ]
    assert {names[f"A{row}"].data_type for row in (2, 3, 4)} == {"s"}
    assert names["B2"].value == 1.5 and names["B4"].value == 2
    # The format is on every cell of its column, empty ones too; not elsewhere.
    assert {names[f"B{row}"].number_format for row in (2, 3, 4)} == {"0.00"}
    assert names["C2"].value == 7 and names["C2"].data_type == "n"
    assert names["C2"].number_format == "General"
    assert names["A1"].font.bold and not names["A2"].font.bold
    assert names.freeze_panes == "A2" and workbook["Names1"].freeze_panes is None
    assert names.column_dimensions["A"].width == len('=HYPERLINK("http://x")') + 2
    assert names.column_dimensions["B"].width == len("Score") + 2
    assert names.max_row == 4 and names.max_column == 3


def test_column_widths_count_the_longest_value_of_ragged_rows_at_most_50():
    rows = [["ab"], [1.0, "x" * 80], [None, None, "abc"]]
    assert column_widths(rows) == [6, 50, 5]
