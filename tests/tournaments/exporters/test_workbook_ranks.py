"""Excel places are numbers with the tie mark beside them (issue 22, item 7).

The stored place is printed text ("2="); a spreadsheet must sort it as a
number, so every game's ranking sheet splits it into the number and a "Tied"
column holding "=".  The per-game sheets are checked where each game's
workbook is tested (pairs ``test_excel``, teams ``test_teams_pages``, Whiz
``test_whiz_pages``, Barbu ``test_barbu_pages``, Chinese
``test_chinese_api``, individual ``test_individual_pages``, Bridgeote
individual ``test_bridgeote_individual_event``); here the split itself and
how it is written.
"""

from __future__ import annotations

from io import BytesIO

import pytest
from openpyxl import load_workbook

from tournaments.exporters.workbook import RANK_HEADER, rank_cells, saved, start_sheet
from tournaments.exporters.workbook.book import Book


@pytest.mark.parametrize(
    ("printed", "cells"),
    [
        ("1", [1, None]),
        ("2=", [2, "="]),
        ("12", [12, None]),
        ("10=", [10, "="]),
        (" 3= ", [3, "="]),
        ("", [None, None]),  # nothing scored yet
        (None, [None, None]),
        ("=", [None, None]),
        ("-", [None, None]),
    ],
)
def test_a_printed_place_splits_into_its_number_and_tie_mark(printed, cells):
    assert rank_cells(printed) == cells


def test_places_are_written_as_numbers_and_headers_stay_numbers():
    """A ranking of 1, 2=, 2=, 4 and a header of team numbers, read back."""
    book = Book()
    sheet = book.active
    start_sheet(sheet, (*RANK_HEADER, "Team", 1, 2))
    for place in ("1", "2=", "2=", "4"):
        sheet.append([*rank_cells(place), "x", None, None])
    read = load_workbook(BytesIO(saved(book))).active
    assert [cell.value for cell in read[1]] == ["Rank", "Tied", "Team", 1, 2]
    assert [cell.data_type for cell in read[1]] == ["s", "s", "s", "n", "n"]
    assert [(row[0].value, row[1].value) for row in read.iter_rows(min_row=2)] == [
        (1, None),
        (2, "="),
        (2, "="),
        (4, None),
    ]
    assert {row[0].data_type for row in read.iter_rows(min_row=2)} == {"n"}
    # The tie mark is text, never the start of a formula.
    assert read["B3"].data_type == "s"
