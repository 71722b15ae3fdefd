"""A results file that ends mid-table is refused naming where (the board, the
line), or imported only with ``confirm_incomplete``: real files of
``tests/data`` cut in the middle of a board's traveller, of a game, of a
round; through the API, the director's upload page and an import job.
The published files themselves, each read whole, are never taken for cut."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournaments.importers import import_jobs
from tournaments.importers.completeness import cut_off_faults
from tournaments.importers.pbn import parse_sessions
from tournaments.importers.usebio import read_usebio
from tournaments.models import Board, Event, ImportJob, Result

URL = "/api/results-files/"
HINT = (
    "If the file is complete as it is, send it again with confirm_incomplete=true "
    "(on the upload page: tick “Import it even if it looks cut off”)."
)
PUBLISHED = [
    "pbn/newtonbridge_20160120_1.pbn",
    "pbn/westwood_20190625_1.pbn",
    "pbn/WinchesterJuly2026.pbn",
    "jfr/WB120802/wb120802.pbn",
    "usebio/butler_howell.xml",
    "usebio/cross_imp_howell.xml",
    "usebio/mp_pairs_howell.xml",
    "usebio/mp_pairs_mitchell.xml",
    "usebio/mp_pairs_mitchell_03.xml",
]


def cut_after(data: bytes, last_line: int) -> bytes:
    """The file's first ``last_line`` lines: what a transfer cut short leaves."""
    return b"".join(data.splitlines(keepends=True)[:last_line])


def line_of(data: bytes, text: bytes, after: int = 0) -> int:
    """The number of the first line from ``after`` on that is ``text``."""
    lines = data.splitlines()
    return lines.index(text, after) + 1


def board_30_cut(newton: bytes) -> tuple[bytes, int, int]:
    """Newton cut after the third of board 30's eight ScoreTable rows: the
    file, the line of board 30's game and of the last row kept."""
    game = line_of(newton, b'[Board "30"]') - 3  # its [Event], [Site], [Date]
    row = line_of(newton, b"105  1109 3NT   S 10", game)
    return cut_after(newton, row), game, row


def send(client, data: bytes, name: str = "cut.pbn", **fields):
    return client.post(URL, {"file": SimpleUploadedFile(name, data), **fields})


@pytest.fixture
def newton(data_dir) -> bytes:
    """Bridgewebs, 30 boards of 8 lines, 3 boards a round."""
    return (data_dir / "pbn" / "newtonbridge_20160120_1.pbn").read_bytes()


@pytest.mark.parametrize("path", PUBLISHED)
def test_no_published_file_is_taken_for_cut(data_dir, path):
    data = (data_dir / path).read_bytes()
    parts = read_usebio(data) if path.endswith(".xml") else parse_sessions(data)
    assert cut_off_faults(parts) == []


@pytest.mark.django_db
def test_a_pbn_file_cut_in_a_boards_traveller_is_refused_naming_it(director, newton):
    """Cut after the third of board 30's eight ScoreTable rows."""
    cut, game, row = board_30_cut(newton)
    assert cut.endswith(b"105  1109 3NT   S 10\n")
    response = send(director, cut)
    assert response.status_code == 400
    assert response.json() == {
        "file": [
            f"The file ends in the middle of board 30 (game at line {game}): it "
            "has no [Scoring], [Declarer], [Contract], [Result], which every "
            "other game has",
            f"The file ends in the middle of board 30's traveller (line {row}): 3 "
            "line(s) where every other board has at least 8",
            HINT,
        ]
    }
    assert not Event.objects.exists()
    # The director knows the file is all there is: imported with 3 lines on 30.
    response = send(director, cut, confirm_incomplete="true")
    assert response.status_code == 201
    event = response.json()["id"]
    lines = Result.objects.filter(board__section__session__event=event)
    assert (lines.count(), lines.filter(board__number=30).count()) == (235, 3)


@pytest.mark.django_db
def test_a_pbn_file_cut_between_two_games_of_a_round_is_refused(director, newton):
    """Cut after board 28, the first of the round 28-30: every pair has met
    its last opponents on one board where each round has three."""
    game_29 = line_of(newton, b'[Board "29"]') - 4  # its [Event], [Site], [Date]
    last_row = line_of(newton, b'[Scoring "MP"]', game_29 - 20) - 1
    response = send(director, cut_after(newton, game_29 - 1))
    assert response.status_code == 400
    faults = response.json()["file"]
    assert len(faults) == 9  # each of the 8 tables' meeting, and the hint
    first_row = newton.splitlines()[last_row - 8].split()
    assert faults[0] == (
        f"The file ends in the middle of a round (line {last_row}): "
        f"{first_row[0].decode()} v {first_row[1].decode()} play only board(s) 28 "
        "where the file's rounds have 3 boards"
    )
    assert faults[-1] == HINT
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_a_one_game_a_line_file_cut_inside_a_game_is_refused(director, data_dir):
    """JFR Pary's file cut after [South] of its last game: no [Contract]."""
    data = (data_dir / "jfr" / "WB120802" / "wb120802.pbn").read_bytes()
    lines = data.splitlines(keepends=True)
    souths = [i for i, line in enumerate(lines) if line.startswith(b"[South ")]
    response = send(director, b"".join(lines[: souths[-1] + 1]))
    assert response.status_code == 400
    faults = response.json()["file"]
    assert re.fullmatch(
        r"The file ends in the middle of board 27 \(game at line \d+\): it has no "
        r"\[Dealer\], \[Vulnerable\], \[Deal\], \[Scoring\], \[Contract\], "
        r"\[Result\], which every other game has",
        faults[0],
    )
    assert faults[-1] == HINT


@pytest.mark.django_db
def test_a_usebio_file_cut_is_not_xml_and_one_short_of_a_board_is_refused(
    director, data_dir
):
    data = (data_dir / "usebio" / "mp_pairs_howell.xml").read_bytes()
    response = send(director, data[: len(data) // 2], "cut.xml")
    assert response.status_code == 400
    (fault,) = response.json()["file"]
    assert re.fullmatch(r"line \d+, column \d+: not well-formed XML \(.*\)", fault)
    # Well-formed, but the last board's last four travellers lines gone.
    text = data.decode("utf-8")
    for _ in range(4):
        end = text.rindex("</TRAVELLER_LINE>") + len("</TRAVELLER_LINE>")
        start = text.rindex("<TRAVELLER_LINE>", 0, end)
        text = text[:start] + text[end:]
    response = send(director, text.encode(), "short.xml")
    assert response.status_code == 400
    assert response.json()["file"] == [
        "The file ends in the middle of board 27's traveller (board 27, "
        "traveller line 2): 2 line(s) where every other board has at least 5",
        HINT,
    ]
    response = send(director, text.encode(), "short.xml", confirm_incomplete="true")
    assert response.status_code == 201


@pytest.mark.django_db
def test_the_upload_page_refuses_it_and_takes_it_confirmed(director, newton):
    cut, _game, row = board_30_cut(newton)
    page = "/director/events/import/"
    response = director.post(page, {"file": SimpleUploadedFile("cut.pbn", cut)})
    assert response.status_code == 400
    text = response.content.decode()
    assert "Results file not imported" in text
    assert f"ends in the middle of board 30&#x27;s traveller (line {row})" in text
    dashboard = director.get("/director/").content.decode()
    assert 'name="confirm_incomplete"' in dashboard
    response = director.post(
        page,
        {"file": SimpleUploadedFile("cut.pbn", cut), "confirm_incomplete": "on"},
    )
    assert response.status_code == 302
    event = Event.objects.get()
    assert response.url == f"/director/events/{event.pk}/"
    assert Board.objects.filter(section__session__event=event).count() == 30


@pytest.mark.django_db
def test_a_large_cut_file_fails_its_job_unless_confirmed(
    director, newton, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(import_jobs, "JOB_THRESHOLD_BYTES", 1000)
    cut, _game, row = board_30_cut(newton)
    with django_capture_on_commit_callbacks(execute=True):
        response = send(director, cut)
    assert response.status_code == 202
    job = ImportJob.objects.get()
    assert job.status == "failed"
    assert job.faults[-1] == HINT
    assert f"board 30's traveller (line {row})" in job.faults[1]
    assert not Event.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        response = send(director, cut, confirm_incomplete="true")
    assert response.status_code == 202
    job = ImportJob.objects.get(status="done")
    assert job.event.sessions.get().sections.get().boards.count() == 30
