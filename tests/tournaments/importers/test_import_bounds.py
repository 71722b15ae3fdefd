"""Files with absurd numbers, control characters, impossible dates, XML bombs
or thousands of faults: each is a 400 naming the line or element at fault,
never a 500, and nothing is stored."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Board, Event, Result

pytestmark = pytest.mark.django_db

HUGE = "99999999999999999999"


def upload(name: str, data: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data)


def pbn_line(board: str = "1", north: str = "Smith", result: str = "10") -> bytes:
    """A one-game-per-line PBN file of one traveller line."""
    return (
        f'[Board "{board}"]\n[North "{north}"]\n[South "Jones"]\n'
        f'[East "Brown"]\n[West "Green"]\n[Contract "4S"]\n[Declarer "N"]\n'
        f'[Result "{result}"]\n'
    ).encode()


def pbn_table(ns: str = "1", ew: str = "2", board: str = "1") -> bytes:
    """A one-game-per-board PBN file with a ScoreTable of one line."""
    return (
        f'[Board "{board}"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;'
        f'Result"]\n{ns} {ew} 4S N 10\n'
    ).encode()


def usebio(
    board: str = "1",
    ns: str = "1",
    date: str = "24/11/2026",
    session: str | None = None,
    score: str | None = None,
) -> bytes:
    line = (
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
        "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        + (
            f"<SCORE>{score}</SCORE>"
            if score
            else "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS>"
        )
        + "</TRAVELLER_LINE>"
    )
    boards = f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>{line}</BOARD>"
    if session is not None:
        boards = (
            f'<SESSION SESSION_ID="{session}"><SECTION SECTION_ID="A">{boards}'
            "</SECTION></SESSION>"
        )
    return (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        f"<DATE>{date}</DATE>{boards}</EVENT></USEBIO>"
    ).encode()


def usebio_teams(team: str = "1", round_number: str = "1") -> bytes:
    return (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS">'
        "<MATCH_SCORING_METHOD>IMPS</MATCH_SCORING_METHOD>"
        f'<PARTICIPANTS><TEAM TEAM_ID="{team}" TEAM_NAME="Ours"/>'
        '<TEAM TEAM_ID="2" TEAM_NAME="Theirs"/></PARTICIPANTS>'
        f"<MATCH><ROUND_NUMBER>{round_number}</ROUND_NUMBER><TEAM>{team}</TEAM>"
        "<OPPOSING_TEAM>2</OPPOSING_TEAM><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>"
        "<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><CONTRACT>4S</CONTRACT>"
        "<PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS></TRAVELLER_LINE>"
        "</BOARD></MATCH></EVENT></USEBIO>"
    ).encode()


def refused_results_file(director, data: bytes) -> list[str]:
    """POST a results file to the API and to the page: both 400, no event."""
    response = director.post("/api/results-files/", {"file": upload("r.dat", data)})
    assert response.status_code == 400, response.content
    page = director.post(
        reverse("director:results-import"), {"file": upload("r.dat", data)}
    )
    assert page.status_code == 400, page.content
    assert not Event.objects.exists()
    return response.json()["file"]


def test_the_good_files_of_these_tests_are_imported(director):
    for data in (pbn_line(), pbn_table(), usebio(), usebio_teams()):
        response = director.post("/api/results-files/", {"file": upload("r", data)})
        assert response.status_code == 201, response.content


@pytest.mark.parametrize(
    ("data", "named"),
    [
        (pbn_line(board=HUGE), "Board tag at line 1"),
        (pbn_line(board="1000"), "Board tag at line 1"),
        (pbn_table(board=HUGE), "Board tag at line 1"),
        (pbn_table(ns=HUGE), "ScoreTable of board 1"),
        (pbn_table(ew="10000"), "ScoreTable of board 1"),
        (pbn_line(result=HUGE), "game at line 1"),
        (usebio(board=HUGE), "BOARD_NUMBER"),
        (usebio(ns=HUGE), "board 1"),
        (usebio(ns="10000NS"), "board 1"),
        (usebio(session=HUGE), "SESSION_ID"),
        (usebio(score="99999"), "board 1"),
        (usebio(score="-7610"), "board 1"),
        (usebio_teams(team=HUGE), "PARTICIPANTS"),
        (usebio_teams(round_number=HUGE), "ROUND_NUMBER"),
    ],
)
def test_a_number_out_of_bounds_is_a_400_naming_where(director, data, named):
    faults = refused_results_file(director, data)
    assert len(faults) == 1
    assert named in faults[0], faults


def test_a_board_of_more_lines_than_tables_is_refused(director):
    rows = "".join(f"{n}NS {n}EW 4S N 10\n" for n in range(1, 1001))
    data = (
        '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n'
        + rows
    ).encode()
    faults = refused_results_file(director, data)
    assert faults == ["board 1: number of traveller lines 1000 must be from 1 to 999"]


def test_a_usebio_score_within_bounds_is_kept(director):
    response = director.post(
        "/api/results-files/", {"file": upload("r.xml", usebio(score="-7600"))}
    )
    assert response.status_code == 201
    assert Result.objects.get().score_ns == -7600


def test_an_impossible_usebio_date_is_refused_naming_the_element(director):
    faults = refused_results_file(director, usebio(date="31/02/2026"))
    assert faults == ['DATE "31/02/2026" is not a date (such as 24/11/2026)']


def test_a_nul_in_a_pbn_name_is_refused_naming_the_line(director):
    faults = refused_results_file(director, pbn_line(north="Sm\x00ith"))
    assert faults == [
        "Line 2: control character U+0000 is not allowed in a file's text"
    ]


def test_other_control_characters_are_refused_but_tabs_are_text(director):
    refused_results_file(director, pbn_line(north="Sm\x07ith"))
    data = pbn_line().replace(b"\n", b"\r\n").replace(b'[South "', b'[South\t"')
    response = director.post("/api/results-files/", {"file": upload("r", data)})
    assert response.status_code == 201, response.content


def test_a_dos_end_of_file_mark_is_not_a_fault(director):
    data = pbn_line() + b"\x1a"
    response = director.post("/api/results-files/", {"file": upload("r", data)})
    assert response.status_code == 201, response.content


def test_hand_records_with_a_huge_board_number_are_a_400(director, section):
    data = f'[Board "{HUGE}"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n'.encode()
    response = director.post(
        f"/api/events/{section.session.event_id}/hand-records/",
        {"file": upload("deals.pbn", data)},
    )
    assert response.status_code == 400, response.content
    assert "Board tag at line 1" in response.json()["file"][0]
    assert not Board.objects.exclude(deal="").exists()


def test_hand_records_for_a_huge_session_are_a_400_on_the_field(director, section):
    data = b'[Board "1"]\n[Deal "N:AKQJ.T98.765.432 - - -"]\n'
    response = director.post(
        f"/api/events/{section.session.event_id}/hand-records/",
        {"file": upload("deals.pbn", data), "session": HUGE},
    )
    assert response.status_code == 400
    assert list(response.json()) == ["session"]


@pytest.mark.parametrize("column", ["round", "table", "board"])
def test_a_traveller_line_with_a_huge_number_is_a_400_naming_the_line(
    director, section, column
):
    row = {"board": "1", "ns": "1NS", "ew": "1EW", "round": "1", "table": "1"}
    row[column] = HUGE
    data = (
        "board,ns,ew,contract,declarer,result,round,table\n"
        f"{row['board']},1NS,1EW,4S,N,=,{row['round']},{row['table']}\n"
    ).encode()
    response = director.post(
        f"/api/sections/{section.pk}/traveller-file/", {"file": upload("t.csv", data)}
    )
    assert response.status_code == 400, response.content
    [fault] = response.json()["file"]
    assert fault.startswith(f"Line 2: {column}"), fault
    assert not Result.objects.exists()


def test_a_nul_in_a_traveller_file_is_refused_naming_the_line(director, section):
    data = b"board,ns,ew,contract,declarer,result,lead\n1,1NS,1EW,4S,N,=,H\x00K\n"
    response = director.post(
        f"/api/sections/{section.pk}/traveller-file/", {"file": upload("t.csv", data)}
    )
    assert response.status_code == 400
    assert response.json()["file"] == [
        "Line 2: control character U+0000 is not allowed in a file's text"
    ]


def _xlsx_with_sheet(sheet_xml: bytes) -> bytes:
    """A real workbook whose first sheet's XML is replaced by ``sheet_xml``."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["board", "ns", "ew", "contract"])
    source = io.BytesIO()
    book.save(source)
    target = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(source.getvalue())) as zin,
        zipfile.ZipFile(target, "w") as zout,
    ):
        for item in zin.infolist():
            data = zin.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = sheet_xml
            zout.writestr(item, data)
    return target.getvalue()


BILLION_LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + b"".join(
        f'<!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10}">'.encode()
        for n in range(1, 10)
    ).replace(b"&lol0;", b"&lol;")
    + b']><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
    b'main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is>'
    b"</c></row></sheetData></worksheet>"
)


@pytest.mark.parametrize(
    "sheet", [BILLION_LAUGHS, b"<worksheet><sheetData><row", b"\x00\xff"]
)
def test_an_xlsx_with_a_bad_sheet_is_a_400_naming_the_file(director, section, sheet):
    data = _xlsx_with_sheet(sheet)
    response = director.post(
        f"/api/sections/{section.pk}/traveller-file/",
        {"file": upload("t.xlsx", data)},
    )
    assert response.status_code == 400, response.content
    assert response.json()["file"] == [
        "The file is a damaged Excel workbook (.xlsx): its part "
        "xl/worksheets/sheet1.xml cannot be read. Save it again from Excel"
    ]
    page = director.post(
        reverse("director:travellers-import", args=[section.pk]),
        {"file": upload("t.xlsx", data)},
    )
    assert page.status_code == 400


def test_a_usebio_file_declaring_entities_is_refused(director):
    data = (
        b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY club "Donne">]>'
        + usebio().replace(
            b"<DATE>", b"<CLUB><CLUB_NAME>&club;</CLUB_NAME></CLUB><DATE>"
        )
    )
    faults = refused_results_file(director, data)
    assert faults == ["The file declares XML entities, which are not read"]


BAD_LINE = "1,9NS,1EW,4S,N,=\n"


def test_a_file_of_many_bad_lines_lists_the_first_100_faults(director, section):
    data = ("board,ns,ew,contract,declarer,result\n" + BAD_LINE * 250).encode()
    response = director.post(
        f"/api/sections/{section.pk}/traveller-file/", {"file": upload("t.csv", data)}
    )
    assert response.status_code == 400
    faults = response.json()["file"]
    assert len(faults) == 101
    assert faults[0] == "Line 2: ns: no pair '9NS' in this section"
    assert faults[99].startswith("Line 101: ")
    assert faults[100] == "… and 150 more faults"
    page = director.post(
        reverse("director:travellers-import", args=[section.pk]),
        {"file": upload("t.csv", data)},
    )
    assert page.status_code == 400
    assert page.content.count(b"no pair") == 100
    assert "… and 150 more faults" in page.content.decode()
