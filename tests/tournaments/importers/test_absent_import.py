"""Awards against an absent pair read from other programs' files: PBN
ScoreTable, USEBIO and CSV travellers ("60/0", "60/40 EW absent", "A6000")."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from pbn_files import score_table_pbn

from tests.conftest import TEST_DATA
from tournaments.importers.awards import Award, parse_award
from tournaments.importers.pbn import parse_session
from tournaments.importers.travellers import import_travellers, read_rows
from tournaments.importers.usebio import read_usebio
from tournaments.models import Event, Pair, Result, ResultChange, Source
from tournaments.services.results import result_adjust


def import_pbn(path) -> int:
    out = StringIO()
    call_command("import_pbn", str(path), stdout=out)
    return int(out.getvalue().strip())


def score_event(event_id: int, *args: str) -> dict:
    out = StringIO()
    call_command("score_event", str(event_id), "--json", *args, stdout=out)
    return json.loads(out.getvalue())


# Pair 14 came late: on boards 1 and 2 its opponents (4NS) were awarded 60 %,
# 14EW 0 %.  Board 3 was played at all four tables.
ABSENT_PBN = score_table_pbn(
    "Absent pair night",
    [
        ["1 11 4S S 10", "2 12 4S S 11", "3 13 4S S 9", "4 14 60/0 - -"],
        ["1 12 3NT N 9", "2 13 3NT N 10", "3 11 3NT N 8", '4 14 "60/40 EW absent" - -'],
        ["1 13 4S S 10", "2 14 4S S 10", "3 11 4S S 10", "4 12 4S S 10"],
    ],
)


@pytest.mark.django_db
def test_a_pbn_with_a_sixty_nil_line(tmp_path):
    """Board 1: +420, +450, -50 and 60/0 - EW absent.  Three plays, the
    section's N is 4 (board 3): raw 2, 4, 0 of 4 are factored to
    (MP + 1) * 4 / 3 - 1 = 3, 17/3, 1/3 of 6 (50 %, 94.44 %, 5.56 %), the top
    of board 3 played in full.  The award is 60 % of 6 (3.6) and 0."""
    path = tmp_path / "absent.pbn"
    path.write_text(ABSENT_PBN)
    event_id = import_pbn(path)
    awards = Result.objects.filter(absent="EW").order_by("board__number")
    assert [
        (r.board.number, r.ns_pair.number, r.adjusted_ns, r.adjusted_ew, r.source)
        for r in awards
    ] == [(1, 4, "60", "0", Source.IMPORT), (2, 4, "60", "40", Source.IMPORT)]
    # One audit entry for the whole file (issue 21), not one a line.
    assert ResultChange.objects.get().after["lines"] == Result.objects.count()
    report = score_event(event_id)
    board_1, board_2, board_3 = (b["lines"] for b in report["boards"])
    assert [(x["pct_ns"], x["mp_ns"]) for x in board_1] == [
        (50.0, 3.0),
        (94.44, 5.67),
        (5.56, 0.33),
        (60.0, 3.6),
    ]
    assert (board_1[3]["adjusted"], board_1[3]["absent"], board_1[3]["pct_ew"]) == (
        "60/0",
        "EW",
        0.0,
    )
    assert (board_2[3]["pct_ns"], board_2[3]["pct_ew"]) == (60.0, 40.0)
    # Board 3, four equal results: 3 of 6 each, the top boards 1-2 are on.
    assert {(x["mp_ns"], x["pct_ns"]) for x in board_3} == {(3.0, 50.0)}


@pytest.mark.django_db
def test_neuberg_off_keeps_the_top_of_the_real_results(tmp_path):
    """JFR Pary: board 1's three real results are out of 4: 50, 100, 0 %."""
    path = tmp_path / "absent.pbn"
    path.write_text(ABSENT_PBN)
    report = score_event(import_pbn(path), "--neuberg", "off")
    board_1 = report["boards"][0]["lines"]
    assert [x["pct_ns"] for x in board_1] == [50.0, 100.0, 0.0, 60.0]
    assert [x["mp_ns"] for x in board_1] == [2.0, 4.0, 0.0, 2.4]


@pytest.mark.django_db
def test_a_csv_traveller_with_an_award(section):
    """3-table Mitchell: 3NS v 2EW was not played, 2EW absent: "60/0"."""
    rows = read_rows(
        b"board,ns,ew,contract,declarer,result\n"
        b"1,1NS,1EW,4S,N,=\n"
        b"1,3NS,2EW,60/0,,\n"
        b"2,1NS,1EW,60/40 NS absent,,\n",
        "t.csv",
    )
    assert import_travellers(section, rows) == 3
    lines = {
        (r.board.number, r.ns_pair.label): (r.adjusted_ns, r.adjusted_ew, r.absent)
        for r in Result.objects.select_related("board", "ns_pair")
        if r.adjusted_ns
    }
    assert lines == {(1, "3NS"): ("60", "0", "EW"), (2, "1NS"): ("60", "40", "NS")}


def test_a_usebio_a6000_is_an_award_against_the_absent_side():
    """The Howell's A5050 (pairs 5 v 10) turned into A6000: 10 was absent."""
    data = (TEST_DATA / "usebio" / "mp_pairs_howell.xml").read_bytes()
    (session,) = read_usebio(data.replace(b"A5050", b"A6000"))
    (line,) = [line for line in session.lines if line.adjusted]
    assert (line.adjusted, line.absent) == (("60", "00"), "EW")
    (session,) = read_usebio(data)
    (line,) = [line for line in session.lines if line.adjusted]
    assert (line.adjusted, line.absent) == (("50", "50"), "")


@pytest.mark.parametrize(
    ("text", "award"),
    [
        ("60/0", Award("60", "0", "EW")),
        ("0/60", Award("0", "60", "NS")),
        ("60%/0%", Award("60", "0", "EW")),
        ("60/40 EW absent", Award("60", "40", "EW")),
        ("60/40 – ns", Award("60", "40", "NS")),
        ("A+/A- EW", Award("A+", "A-", "EW")),
        ("A6000", Award("60", "00", "EW")),
        ("60/40", Award("60", "40", "")),
        ("A+/A-", Award("A+", "A-", "")),
        ("A+", Award("A+", "A+", "")),
        ("55,5%", Award("55.5", "55.5", "")),
        ("0/0", Award("0", "0", "")),
        ("60/0 EW absente", Award("60", "0", "EW")),
    ],
)
def test_awards_as_programs_print_them(text, award):
    assert parse_award(text) == award


@pytest.mark.parametrize("text", ["4S", "3NT", "1NTX", "Pass", "60", "60 EW", "", "7"])
def test_contracts_and_bare_numbers_are_no_award(text):
    assert parse_award(text) is None


def test_a_bare_number_is_an_award_only_where_asked():
    """The director's traveller has no contract "55": there it is 55 % each."""
    assert parse_award("55", bare_numbers=True) == Award("55", "55", "")
    assert parse_award("4S", bare_numbers=True) is None


def test_split_marks_in_the_score_columns_stay_split():
    """Score_NS "A+", Score_EW "A-": a split award, nobody absent."""
    text = """[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 11 - - - A+ A-
2 12 - - - A6000 -
3 13 - - - 60% 0%
4 14 4S S 10 420 -
"""
    session = parse_session(text)
    assert [(line.adjusted, line.absent) for line in session.lines[:3]] == [
        (("A+", "A-"), ""),
        (("60", "00"), "EW"),
        (("60", "0"), "EW"),
    ]


def assert_published(report: dict, jfr_session) -> None:
    """Every line's percentages, TD lines included, as JFR published them."""
    for board in report["boards"]:
        ours = sorted(
            (int(x["ns"]), int(x["ew"]), x["pct_ns"], x["pct_ew"])
            for x in board["lines"]
        )
        published = sorted(
            (line.ns, line.ew, line.pct_ns, line.pct_ew)
            for line in jfr_session.board(board["board"])
        )
        assert ours == published, board["board"]


@pytest.mark.django_db
def test_jfr_pary_sixty_nil_lines_reproduced(jfr_session):
    """JFR Pary, Warsaw barometer 2 Aug 2012: pair 18 never came; on each of
    the 27 boards JFR prints a "TD" line 60.00 / 0.00 for the pair that should
    have met it (tests/data/jfr/WB120802).  The PBN has no such line: the
    director adds them as 60/0 awards against EW, and every published
    percentage is reproduced, the real lines' unchanged by the awards (JFR
    does not factor, and the awards are not plays)."""
    event = Event.objects.get(pk=import_pbn(jfr_session.pbn))
    section = event.sessions.get().sections.get()
    pairs = {pair.number: pair for pair in section.pairs.all()}
    assert 18 not in pairs
    pairs[18] = Pair.objects.create(section=section, number=18, names="(absent)")
    boards = {board.number: board for board in section.boards.all()}
    for number in range(1, 28):
        (td,) = [line for line in jfr_session.board(number) if line.director]
        result_adjust(
            board=boards[number], ns_pair=pairs[td.ns], ew_pair=pairs[td.ew],
            ns="60", ew="0", absent="EW", rescore=False,
        )  # fmt: skip
    report = score_event(event.pk, "--neuberg", "off")
    assert_published(report, jfr_session)
    # Neuberg on: N is the most plays of a board (8, the awards not counted),
    # so nothing is factored and the tops stay those JFR printed.
    report = score_event(event.pk, "--neuberg", "on")
    assert_published(report, jfr_session)
