"""A damaged .xlsx traveller file is a 400 naming the file field (and the
part that cannot be read), never a 500: a workbook whose xl/workbook.xml
is overwritten with garbage, any part garbled, emptied or missing, a zip
cut short, a file that is no zip; through the API and the director's
upload page.  The same file saved again imports."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import Workbook

from tournaments.models import Result, Section, Session
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

# Table 1 of a 3-table Mitchell plays boards 1-2 in round 1: 1NS v 1EW.
ROWS = [
    ["board", "ns", "ew", "contract", "declarer", "result"],
    [1, "1NS", "1EW", "4S", "N", "="],
    [2, "1NS", "1EW", "3NT", "S", "+1"],
]
GARBAGE = b"\x00\xff garbage <<< not xml"
PARTS = [
    "[Content_Types].xml",
    "_rels/.rels",
    "docProps/app.xml",
    "docProps/core.xml",
    "xl/_rels/workbook.xml.rels",
    "xl/styles.xml",
    "xl/theme/theme1.xml",
    "xl/workbook.xml",
    "xl/worksheets/sheet1.xml",
]
# Parts openpyxl does not need to read the cells: a workbook garbled there
# still imports; and those it does without when they are missing.
UNREAD = {"_rels/.rels", "docProps/app.xml", "xl/theme/theme1.xml"}
OPTIONAL = UNREAD | {"docProps/core.xml", "xl/styles.xml"}
DAMAGED = (
    "The file is a damaged Excel workbook (.xlsx): its part {part} cannot be "
    "read. Save it again from Excel"
)
MISSING = (
    "The file is a damaged Excel workbook (.xlsx): its part {part} is missing. "
    "Save it again from Excel"
)
NOT_A_WORKBOOK = "The file is not an Excel workbook (.xlsx): save it again from Excel"


def workbook() -> bytes:
    book = Workbook()
    for row in ROWS:
        book.active.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def rezipped(data: bytes, part: str, content: bytes | None) -> bytes:
    """The workbook with ``part`` replaced by ``content`` (dropped if None)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as copy:
        for item in source.infolist():
            if item.filename != part:
                copy.writestr(item, source.read(item.filename))
            elif content is not None:
                copy.writestr(item, content)
    return buffer.getvalue()


@pytest.fixture
def section() -> Section:
    event = event_create(name="Damaged", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return section


def upload(director, section: Section, data: bytes, name: str = "t.xlsx"):
    return director.post(
        f"/api/sections/{section.pk}/traveller-file/",
        {"file": SimpleUploadedFile(name, data)},
    )


def test_the_part_list_is_the_workbooks():
    assert sorted(zipfile.ZipFile(io.BytesIO(workbook())).namelist()) == PARTS


def test_a_workbook_with_a_garbled_workbook_xml_is_a_400_naming_the_file(
    director, section
):
    damaged = rezipped(workbook(), "xl/workbook.xml", GARBAGE)
    response = upload(director, section, damaged)
    assert response.status_code == 400
    assert response.json() == {"file": [DAMAGED.format(part="xl/workbook.xml")]}
    assert not Result.objects.exists()
    # The director saves it again from Excel: the same travellers import.
    response = upload(director, section, workbook())
    assert (response.status_code, response.json()) == (201, {"stored": 2})
    assert Result.objects.count() == 2


def test_the_upload_page_refuses_it_too(director, section):
    damaged = rezipped(workbook(), "xl/workbook.xml", GARBAGE)
    response = director.post(
        f"/director/sections/{section.pk}/travellers/",
        {"file": SimpleUploadedFile("t.xlsx", damaged)},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Travellers not imported" in page
    assert "its part xl/workbook.xml cannot be read" in page
    assert not Result.objects.exists()


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("how", ["garbled", "emptied", "dropped"])
def test_any_part_damaged_is_a_400_or_reads(director, section, part, how):
    content = {"garbled": GARBAGE, "emptied": b"", "dropped": None}[how]
    response = upload(director, section, rezipped(workbook(), part, content))
    readable = part in (OPTIONAL if how == "dropped" else UNREAD)
    if readable:
        assert (response.status_code, response.json()) == (201, {"stored": 2})
        return
    assert response.status_code == 400, response.content[:300]
    said = (MISSING if how == "dropped" else DAMAGED).format(part=part)
    if (part, how) == ("xl/worksheets/sheet1.xml", "dropped"):
        said = "The workbook has no sheet: save it again from Excel"
    assert response.json() == {"file": [said]}
    assert not Result.objects.exists()


@pytest.mark.parametrize(
    "cut",
    [
        lambda data: data[: len(data) // 2],
        lambda data: data[:-10],
        lambda data: data[:22],
    ],
    ids=["half", "end", "header"],
)
def test_a_workbook_cut_short_is_a_400(director, section, cut):
    response = upload(director, section, cut(workbook()))
    assert response.status_code == 400
    (message,) = response.json()["file"]
    assert "Excel workbook (.xlsx)" in message
    assert not Result.objects.exists()


def test_a_part_altered_inside_the_zip_is_named(director, section):
    """Bytes changed in a part's compressed data: its checksum fails."""
    data = bytearray(workbook())
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("xl/workbook.xml")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    data[start + 5 : start + 25] = b"\xaa" * 20
    response = upload(director, section, bytes(data))
    assert response.status_code == 400
    assert response.json() == {"file": [DAMAGED.format(part="xl/workbook.xml")]}


def test_a_file_that_is_no_zip_is_a_400(director, section):
    response = upload(director, section, b"board,ns,ew\nthis is text")
    assert response.status_code == 400
    assert response.json() == {"file": [NOT_A_WORKBOOK]}
