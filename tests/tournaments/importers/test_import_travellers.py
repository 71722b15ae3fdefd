"""Travellers from a spreadsheet: CSV or Excel, all lines or none."""

from __future__ import annotations

from io import BytesIO, StringIO

import pytest
from django.core.management import CommandError, call_command
from openpyxl import Workbook

from tournaments.importers.travellers import import_travellers, read_rows
from tournaments.models import Result

pytestmark = pytest.mark.django_db

CSV = """board,ns,ew,contract,declarer,result,lead
1,1NS,1EW,4S,N,=,HK
1,2NS,3EW,4S,N,+1,
1,3NS,2EW,A+/A-,,,
"""


def test_a_csv_file_stores_every_line(section, tmp_path):
    path = tmp_path / "board1.csv"
    path.write_text(CSV)
    out = StringIO()
    call_command("import_travellers", str(section.pk), str(path), stdout=out)
    assert out.getvalue().strip() == "3 traveller lines stored"
    lines = {r.ns_pair.label: r for r in Result.objects.select_related("ns_pair")}
    assert (lines["1NS"].score_ns, lines["1NS"].lead) == (420, "HK")
    assert lines["2NS"].score_ns == 450
    assert (lines["3NS"].adjusted_ns, lines["3NS"].adjusted_ew) == ("A+", "A-")


def test_an_excel_file_stores_its_lines(section, tmp_path):
    book = Workbook()
    sheet = book.active
    sheet.append(["Board", "NS", "EW", "Contract", "Declarer", "Result"])
    sheet.append([3, "2NS", "2EW", "3NT", "S", "9"])
    buffer = BytesIO()
    book.save(buffer)
    path = tmp_path / "travellers.xlsx"
    path.write_bytes(buffer.getvalue())
    call_command("import_travellers", str(section.pk), str(path), stdout=StringIO())
    assert Result.objects.get().score_ns == 400


def test_every_bad_line_is_named_and_nothing_is_stored(section, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(
        "board;ns;ew;contract;declarer;result\n"
        "1;1NS;1EW;4S;N;=\n"
        "1;9NS;1EW;4S;N;=\n"
        "1;2NS;3EW;4Z;N;=\n"
    )
    with pytest.raises(CommandError) as caught:
        call_command("import_travellers", str(section.pk), str(path))
    message = str(caught.value)
    assert "Line 3:" in message and "Line 4:" in message and "Line 2:" not in message
    assert not Result.objects.exists()


def test_a_file_without_the_columns_is_refused(section, tmp_path):
    path = tmp_path / "wrong.csv"
    path.write_text("bd,pair\n1,2\n")
    with pytest.raises(CommandError, match="missing column"):
        call_command("import_travellers", str(section.pk), str(path))


def test_a_paper_traveller_gives_mitchell_pairs_by_number_alone(section):
    """NS pair 2 against EW pair 3, as written on a paper traveller."""
    rows = read_rows(b"board,ns,ew,contract,declarer,result\n1,2,3,3NT,S,-1\n", "t.csv")
    assert import_travellers(section, rows) == 1
    line = Result.objects.select_related("ns_pair", "ew_pair").get()
    assert (line.ns_pair.label, line.ew_pair.label, line.score_ns) == (
        "2NS",
        "3EW",
        -50,
    )


@pytest.mark.parametrize(
    ("data", "saved_as"),
    [
        ("board\tns\tew\tcontract\tdeclarer\tresult\n1\t1NS\t1EW\t4S\tN\t=\n"
         .encode("utf-16"), "Excel's Unicode text: UTF-16, tabs"),
        ("board;ns;ew;contract;declarer;result;lead\n1;1NS;1EW;4S;N;=;HK\n"
         .encode("cp1252") + "; é\n".encode("cp1252"), "French Excel CSV: cp1252, ;"),
    ],
)  # fmt: skip
def test_spreadsheet_text_exports_are_read(section, data, saved_as):
    rows = [row for row in read_rows(data, "t.csv") if row.get("board", "").strip()]
    assert import_travellers(section, rows) == 1, saved_as
    assert Result.objects.get().score_ns == 420
