"""The .xlsx writer of ``Book``: a well-formed package every part of which
is declared, read back as written by openpyxl."""

from __future__ import annotations

import zipfile
from io import BytesIO
from xml.etree import ElementTree

from openpyxl import load_workbook

from tournaments.exporters.workbook.book import Book
from tournaments.exporters.workbook.xlsx import column_letter


def saved(book: Book) -> bytes:
    buffer = BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def test_every_part_is_well_formed_xml_and_declared():
    book = Book()
    book.active.append(["a"])
    book.create_sheet("Two").append([1])
    with zipfile.ZipFile(BytesIO(saved(book))) as package:
        names = package.namelist()
        for name in names:
            ElementTree.fromstring(package.read(name))
        types = package.read("[Content_Types].xml").decode()
    assert {"xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"} <= set(names)
    for part in ("/xl/workbook.xml", "/xl/styles.xml", "/xl/worksheets/sheet2.xml"):
        assert f'PartName="{part}"' in types


def test_text_is_escaped_and_stripped_of_what_xml_cannot_hold():
    book = Book()
    sheet = book.active
    sheet.title = 'R&D <"x">'
    sheet.append(["<b>Tom & Jerry</b>", "bell\x07here", "  spaced  ", ""])
    sheet.append([float("nan"), float("inf"), True, 10**15])
    read = load_workbook(BytesIO(saved(book)))
    assert read.sheetnames == ['R&D <"x">']
    cells = read.active
    assert cells["A1"].value == "<b>Tom & Jerry</b>"
    assert cells["B1"].value == "bellhere"
    assert cells["C1"].value == "  spaced  "
    assert cells["D1"].value is None
    assert (cells["A2"].value, cells["B2"].value) == (None, None)
    assert cells["C2"].value is True
    assert cells["D2"].value == 10**15


def test_untitled_sheets_and_wide_rows():
    book = Book()
    book.active.append(list(range(30)))
    book.create_sheet().append(["x"])
    book.create_sheet("sheet").append(["y"])
    read = load_workbook(BytesIO(saved(book)), read_only=True)
    assert read.sheetnames == ["Sheet", "Sheet1", "sheet2"]
    first = next(read["Sheet"].iter_rows(values_only=True))
    assert first == tuple(range(30))
    assert [column_letter(i) for i in (0, 25, 26, 51, 702)] == [
        "A", "Z", "AA", "AZ", "AAA",
    ]  # fmt: skip


def test_the_header_is_bold_and_frozen_and_widths_fit():
    book = Book()
    sheet = book.active
    sheet.append(["Rank", "Names"])
    sheet.header_frozen = True
    sheet.formats[0] = "0.000"
    sheet.append([1.23456, "A rather long pair of names"])
    read = load_workbook(BytesIO(saved(book))).active
    assert read.freeze_panes == "A2"
    assert read["A1"].font.bold and not read["B2"].font.bold
    assert read["A2"].number_format == "0.000"
    assert read.column_dimensions["B"].width == len("A rather long pair of names") + 2


def test_sheet_names_excel_takes():
    book = Book()
    book.active.title = "a[b]:c*?/\\d" * 3
    book.create_sheet("x")
    book.create_sheet("X")
    read = load_workbook(BytesIO(saved(book)), read_only=True)
    assert read.sheetnames == [("a-b--c----d" * 3)[:31], "x", "X1"]
