"""Mitchell numbers repeating in each direction in typed travellers (CSV,
Excel) and in USEBIO files (issue 18): a Mitchell imports right, a Howell
keeps working, rows not played are skipped, an inconsistent file is a 400
naming the board and the line."""

from __future__ import annotations

import datetime as dt
from io import BytesIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from games.errors import GameError
from tournaments.importers.travellers import import_travellers, read_rows
from tournaments.importers.usebio import read_usebio
from tournaments.models import Event, Pair, PairScore, Result, Section, Session
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db

# The 3-table Mitchell of the ``section`` fixture plays board 1 as 1NS v
# 1EW (round 1), 3NS v 2EW (round 2) and 2NS v 3EW (round 3).
MITCHELL_CSV = b"""board,ns,ew,contract,declarer,result
1,1,1,4S,N,=
1,3,2,4S,N,+1
1,2,3,3NT,S,-1
2,1,1,-,N,-
"""


@pytest.fixture
def howell() -> Section:
    """A 2-table Howell of 4 pairs: board 1 is 4 v 1 and 3 v 2."""
    event = event_create(name="Howell night", date=dt.date(2026, 11, 24))
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("howell", 2, 2)
    )
    Session.objects.filter(pk=section.session_id).update(status=Session.Status.PLAYING)
    return section


def labels(section: Section) -> list[tuple[int, str, str, int]]:
    lines = Result.objects.filter(board__section=section).select_related(
        "board", "ns_pair", "ew_pair"
    )
    return sorted(
        (x.board.number, x.ns_pair.label, x.ew_pair.label, x.score_ns) for x in lines
    )


def workbook(rows: list[list[object]]) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    buffer = BytesIO()
    book.save(buffer)
    return buffer.getvalue()


# CSV and Excel travellers ---------------------------------------------------


def test_a_csv_of_a_mitchell_reads_each_number_in_its_column_s_direction(section):
    """ "1,1" is 1NS v 1EW; the "2,1,1,-,N,-" row was not played: skipped."""
    assert import_travellers(section, read_rows(MITCHELL_CSV, "t.csv")) == 3
    assert labels(section) == [
        (1, "1NS", "1EW", 420),
        (1, "2NS", "3EW", -50),
        (1, "3NS", "2EW", 450),
    ]


def test_an_excel_mitchell_with_an_empty_row_not_played(section):
    data = workbook(
        [
            ["Board", "NS", "EW", "Contract", "Declarer", "Result"],
            [1, 1, 1, "4S", "N", "="],
            [1, 3, 2, None, "N", None],
            [1, 2, 3, "3NT", "S", 9],
        ]
    )
    assert import_travellers(section, read_rows(data, "t.xlsx")) == 2
    assert labels(section) == [(1, "1NS", "1EW", 420), (1, "2NS", "3EW", 400)]


def test_a_howell_keeps_one_pair_a_number(howell):
    rows = read_rows(b"board,ns,ew,contract,declarer,result\n1,4,1,4S,N,=\n"
                     b"1,3,2,4S,N,+1\n", "h.csv")  # fmt: skip
    assert import_travellers(howell, rows) == 2
    assert labels(howell) == [(1, "3", "2", 450), (1, "4", "1", 420)]


def test_a_howell_pair_against_itself_is_a_400_naming_board_and_line(director, howell):
    data = b"board,ns,ew,contract,declarer,result\n1,4,1,4S,N,=\n1,3,3,4S,N,=\n"
    response = director.post(
        f"/api/sections/{howell.pk}/traveller-file/",
        {"file": SimpleUploadedFile("h.csv", data)},
    )
    assert response.status_code == 400
    assert response.json() == {
        "file": ["Line 3: board 1 (3 v 3): a pair cannot play against itself"]
    }
    assert not Result.objects.exists()


@pytest.mark.parametrize("where", ["api", "page"])
def test_a_pair_twice_on_a_board_is_a_400_naming_board_and_lines(
    director, section, where
):
    """The file's second "1,1" on board 1 would silently correct the first."""
    data = MITCHELL_CSV + b"1,1,1,3NT,N,=\n"
    fault = "Line 6: board 1 (1NS v 1EW): pair 1NS plays this board twice (also line 2)"
    upload = {"file": SimpleUploadedFile("t.csv", data)}
    if where == "api":
        response = director.post(f"/api/sections/{section.pk}/traveller-file/", upload)
        assert response.status_code == 400
        assert response.json() == {"file": [fault]}
    else:
        url = reverse("director:travellers-import", args=[section.pk])
        response = director.post(url, upload)
        assert response.status_code == 400
        assert fault in response.content.decode()
    assert not Result.objects.exists()


def test_a_write_path_refusal_names_the_board(section):
    """1NS v 2EW do not meet on board 1 in this movement."""
    rows = read_rows(b"board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n", "t.csv")
    with pytest.raises(ValueError) as refused:
        import_travellers(section, rows)
    assert refused.value.errors[0].startswith("Line 2: board 1 (1NS v 2EW): ")


# USEBIO -----------------------------------------------------------------------


def usebio(lines: dict[int, list[str]], pairs: str = "") -> bytes:
    """A USEBIO MP_PAIRS file: ``lines`` per board as "NS EW CONTRACT BY
    TRICKS" ("-" for a line not played), participants as given."""
    boards = []
    for number, rows in lines.items():
        travellers = []
        for row in rows:
            ns, ew, contract, by, tricks = row.split()
            if contract == "-":
                contract = by = tricks = ""
            travellers.append(
                f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER>"
                f"<EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT>"
                f"<PLAYED_BY>{by}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
                "<SCORE></SCORE></TRAVELLER_LINE>"
            )
        boards.append(
            f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{''.join(travellers)}</BOARD>"
        )
    return (
        '<USEBIO Version="1.2"><EVENT EVENT_TYPE="MP_PAIRS">'
        "<EVENT_DESCRIPTION>Club Mitchell</EVENT_DESCRIPTION><DATE>24/11/2026</DATE>"
        f"<PARTICIPANTS>{pairs}</PARTICIPANTS>{''.join(boards)}</EVENT></USEBIO>"
    ).encode()


def participant(number: str, direction: str, *names: str) -> str:
    players = "".join(
        f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME></PLAYER>" for name in names
    )
    return (
        f"<PAIR><PAIR_NUMBER>{number}</PAIR_NUMBER>"
        f"<DIRECTION>{direction}</DIRECTION>{players}</PAIR>"
    )


MITCHELL_LINES = {
    1: ["1 1 4S N 10", "2 2 4S N 11", "3 3 4S N 9"],
    2: ["1 2 3NT S 9", "2 3 3NT S 10", "3 1 3NT S 8", "4 4 - - -"],
}
MITCHELL_PAIRS = "".join(
    participant(str(number), side, f"{side} {number}a", f"{side} {number}b")
    for number in (1, 2, 3)
    for side in ("NS", "EW")
)


def test_a_usebio_mitchell_numbered_in_each_direction_imports(
    director, django_capture_on_commit_callbacks
):
    """EBUScore's way: PAIR_NUMBER 1 twice, DIRECTION NS and EW; lines "1 v 1"."""
    data = usebio(MITCHELL_LINES, MITCHELL_PAIRS)
    with django_capture_on_commit_callbacks(execute=True):
        response = director.post(
            "/api/results-files/", {"file": SimpleUploadedFile("m.xml", data)}
        )
    assert response.status_code == 201, response.content
    event = Event.objects.get(pk=response.json()["id"])
    pairs = {
        p.label: p.names for p in Pair.objects.filter(section__session__event=event)
    }
    assert pairs == {
        f"{n}{side}": f"{side} {n}a – {side} {n}b"
        for n in (1, 2, 3)
        for side in ("NS", "EW")
    }  # pair "4" of the line not played is no pair
    section = Section.objects.get(session__event=event)
    assert labels(section)[:3] == [
        (1, "1NS", "1EW", 420),
        (1, "2NS", "2EW", 450),
        (1, "3NS", "3EW", -50),
    ]
    # Board 1: 450 beats 420 beats -50, 2 a beaten score: top 4.
    mps = {
        x.ns_pair.label: (x.mp_ns, x.mp_ew)
        for x in Result.objects.filter(board__number=1).select_related("ns_pair")
    }
    assert mps == {"1NS": (2.0, 2.0), "2NS": (4.0, 0.0), "3NS": (0.0, 4.0)}
    rankings = PairScore.objects.filter(pair__section=section)
    assert sorted(rankings.values_list("ranking", flat=True)) == ["EW"] * 3 + ["NS"] * 3


def test_a_usebio_mitchell_without_participants_enters_its_pairs():
    (session,) = read_usebio(usebio(MITCHELL_LINES))
    assert session.mitchell
    assert sorted(session.pairs) == ["1EW", "1NS", "2EW", "2NS", "3EW", "3NS"]
    assert session.pairs["2EW"].names == "Pair 2EW"


def test_a_usebio_howell_keeps_one_pair_a_number():
    lines = {1: ["4 1 4S N 10", "3 2 4S N 11"], 2: ["1 3 3NT S 9", "2 4 3NT S 8"]}
    pairs = "".join(participant(str(n), "", f"Player {n}") for n in (1, 2, 3, 4))
    (session,) = read_usebio(usebio(lines, pairs))
    assert not session.mitchell
    assert sorted(session.pairs) == ["1", "2", "3", "4"]
    assert session.pairs["3"].names == "Player 3"
    assert session.pairs["3"].directions == {"NS", "EW"}


def test_an_inconsistent_usebio_file_is_a_400_naming_board_and_line(director):
    lines = {**MITCHELL_LINES, 2: ["1 2 3NT S 9", "2 3 3NT S 10", "2 1 3NT S 8"]}
    data = usebio(lines, MITCHELL_PAIRS)
    response = director.post(
        "/api/results-files/", {"file": SimpleUploadedFile("m.xml", data)}
    )
    assert response.status_code == 400
    assert response.json() == {
        "file": [
            "Board 2, traveller line 3 (2 v 1): pair 2NS plays this board twice "
            "(also at traveller line 2)"
        ]
    }
    assert not Event.objects.exists()


def test_a_usebio_line_not_played_is_no_result():
    (session,) = read_usebio(usebio(MITCHELL_LINES, MITCHELL_PAIRS))
    assert len(session.lines) == 6
    with pytest.raises(GameError, match="no <TRAVELLER_LINE>"):
        read_usebio(usebio({1: ["1 1 - - -"]}))


def test_participants_with_their_direction_match_lines_of_labels():
    """PAIR_NUMBER 1 with DIRECTION NS, and lines naming "1NS" v "1EW"."""
    lines = {1: ["1NS 1EW 4S N 10", "2NS 2EW 4S N 11"]}
    (session,) = read_usebio(usebio(lines, MITCHELL_PAIRS))
    assert session.mitchell
    assert session.pairs["1EW"].names == "EW 1a – EW 1b"
    assert session.pairs["3NS"].names == "NS 3a – NS 3b"  # listed, did not play


def test_two_pairs_of_one_number_are_a_400_not_a_500(director):
    """ "1" and "01" are both pair 1: the database would refuse the second."""
    lines = {1: ["1 2 4S N 10", "01 3 4S N 11"], 2: ["2 01 4S N 10", "3 1 4S N 9"]}
    response = director.post(
        "/api/results-files/",
        {"file": SimpleUploadedFile("m.xml", usebio(lines))},
    )
    assert response.status_code == 400
    assert response.json() == {
        "file": ["PARTICIPANTS: pairs 1 and 01 have the same number"]
    }
    assert not Event.objects.exists()
