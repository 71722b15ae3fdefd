"""Imports checked in memory and stored in bulk (issue 21): the rows stored,
one audit entry a file, nothing stored for a faulty file, and a number of
queries that does not grow with the file's lines."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from tournaments.importers.event_store import event_import
from tournaments.importers.pbn import parse_sessions
from tournaments.importers.travellers import (
    TravellerFileError,
    import_travellers,
    read_rows,
)
from tournaments.models import Board, Event, Pair, Result, ResultChange, Source

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from imports import pbn_field

pytestmark = pytest.mark.django_db


def test_a_field_is_stored_row_for_row_with_one_audit_entry(
    django_capture_on_commit_callbacks,
):
    """12 tables x 26 boards in sections of 5, 5 and 2 tables: 312 lines."""
    parts = parse_sessions(pbn_field(12, 5), name="Field")
    with django_capture_on_commit_callbacks(execute=True):
        event = event_import(parts, file_name="field.pbn")
    lines = Result.objects.filter(board__section__session__event=event)
    assert lines.count() == 312
    assert Board.objects.filter(section__session__event=event).count() == 78
    assert Pair.objects.filter(section__session__event=event).count() == 24
    assert sorted(event.sessions.get().sections.values_list("letter", flat=True)) == [
        "A", "B", "C",
    ]  # fmt: skip
    assert set(lines.values_list("source", flat=True)) == {Source.IMPORT}
    first = lines.select_related("ns_pair", "ew_pair", "board").get(
        board__section__letter="A", board__number=1, ns_pair__number=1
    )
    # "1 7 ..." on board 1 of a 5-table section: NS 1 against EW 5 + 2 = 7.
    assert (first.ew_pair.label, first.declarer) == ("7EW", "N")
    assert first.score_ns == _score(first.contract, first.tricks, first.board)
    assert first.pct_ns is not None  # the queued rescore ran
    (change,) = ResultChange.objects.all()
    assert (change.action, change.source, change.board, change.section.letter) == (
        "import", Source.IMPORT, None, "A",
    )  # fmt: skip
    assert change.after == {
        "file": "field.pbn",
        "lines": 312,
        "sections": {"A": 130, "B": 130, "C": 52},
    }
    assert change.line == "field.pbn: 312 lines imported"


def _score(contract: str, tricks: int, board: Board) -> int:
    from games.bridge import parse_contract, result_score

    return result_score(
        parse_contract(contract), "N", tricks, board.number,
        vulnerability=board.vulnerability,
    )  # fmt: skip


def test_every_faulty_line_is_named_and_nothing_is_stored(monkeypatch):
    """The write path's own checks refuse two lines of board 1 (the reader
    has no such fault to find: its checks come first); both are named, with
    their place in the file, and nothing is stored."""
    from tournaments.services import bulk_lines

    played = bulk_lines.played_line_fields

    def refusing(board, contract, declarer, tricks, lead):
        if board.number == 1 and board.section.letter == "B":
            raise ValidationError({"tricks": "refused"})
        return played(board, contract, declarer, tricks, lead)

    monkeypatch.setattr(bulk_lines, "played_line_fields", refusing)
    parts = parse_sessions(pbn_field(5, 3), name="Bad")
    with pytest.raises(ValidationError) as caught:
        event_import(parts)
    faults = caught.value.messages
    assert [fault.split(", line ")[0] for fault in faults] == ["Board 1"] * 2
    assert faults[0].endswith(" (1 v 4): refused") and "(2 v 3)" in faults[1]
    assert not Event.objects.exists()
    assert not Result.objects.exists() and not ResultChange.objects.exists()


@pytest.mark.parametrize("tables", [4, 16])
def test_an_import_costs_the_same_queries_whatever_its_lines(
    tables, django_assert_max_num_queries
):
    """One section of 4 tables (104 lines) or 16 tables (416 lines): the same
    43 statements (event, session, section, pairs, boards, what the section
    holds, lines, audit, the rescore's request and mark), not nine a line (main: 2,679
    for 10 tables)."""
    parts = parse_sessions(pbn_field(tables, 50), name="Field")
    with django_assert_max_num_queries(43):
        event_import(parts)
    assert Result.objects.count() == 26 * tables


def test_two_sizes_make_exactly_the_same_number_of_queries(
    django_assert_num_queries,
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    counts = []
    for tables in (3, 30):
        parts = parse_sessions(pbn_field(tables, 50), name=f"Field {tables}")
        with CaptureQueriesContext(connection) as queries:
            event_import(parts)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert Result.objects.count() == 26 * 33


def test_players_are_found_or_entered_in_bulk(django_assert_max_num_queries):
    """A club's file: a known licence is the same player, a new one is entered
    once though named twice, and each pair has its two players."""
    from tournaments.importers.event_store import club_players
    from tournaments.importers.pbn import ImportedPlayer
    from tournaments.models import Club, Player

    club = Club.objects.create(name="Club")
    known = Player.objects.create(club=club, first_name="Ann", last_name="Lee",
                                  licence="77")  # fmt: skip
    named = {
        "1": [ImportedPlayer("Ann Lee", "77"), ImportedPlayer("Bob Ray")],
        "2": [ImportedPlayer("Cy Day", "88"), ImportedPlayer("Bob Ray")],
    }
    with django_assert_max_num_queries(3):
        found = club_players(club, named)
    assert found["1"][0] == known
    assert found["1"][1] == found["2"][1]  # Bob Ray, entered once
    assert Player.objects.filter(club=club).count() == 3
    assert found["2"][0].licence == "88"


CSV = """board,ns,ew,contract,declarer,result
1,1NS,1EW,4S,N,=
1,2NS,3EW,4S,N,+1
1,3NS,2EW,A+/A-,,
"""


def test_a_traveller_file_is_stored_in_bulk_with_one_audit_entry(
    section, django_assert_max_num_queries
):
    with django_assert_max_num_queries(22):
        stored = import_travellers(section, read_rows(CSV.encode(), "t.csv"),
                                   file_name="t.csv")  # fmt: skip
    assert stored == 3
    lines = {r.ns_pair.label: r for r in Result.objects.select_related("ns_pair")}
    assert (lines["1NS"].score_ns, lines["2NS"].score_ns) == (420, 450)
    assert (lines["1NS"].round.number, lines["1NS"].table.number) == (1, 1)
    (change,) = ResultChange.objects.all()
    assert (change.action, change.after["lines"], change.after["file"]) == (
        "import", 3, "t.csv",
    )  # fmt: skip


def test_a_traveller_line_already_stored_is_refused_and_nothing_stored(section):
    import_travellers(section, read_rows(CSV.encode(), "t.csv"))
    again = (
        "board,ns,ew,contract,declarer,result\n2,1NS,1EW,3NT,S,9\n1,1NS,1EW,4S,N,=\n"
    )
    with pytest.raises(TravellerFileError) as caught:
        import_travellers(section, read_rows(again.encode(), "t.csv"))
    assert caught.value.errors == [
        "Line 3: board 1 (1NS v 1EW): Board 1, 1NS v 1EW already has a result: "
        "correct that line instead."
    ]
    assert Result.objects.count() == 3  # board 2's line was not stored


def test_a_traveller_off_the_movement_is_refused(section):
    off = "board,ns,ew,contract,declarer,result\n1,1NS,2EW,4S,N,=\n"
    with pytest.raises(TravellerFileError) as caught:
        import_travellers(section, read_rows(off.encode(), "t.csv"))
    assert caught.value.errors == [
        "Line 2: board 1 (1NS v 2EW): In this movement 1NS and 2EW do not play board 1."
    ]
    assert not Result.objects.exists()


def test_a_closed_sessions_travellers_are_refused(section):
    from tournaments.models import Session

    Session.objects.filter(pk=section.session_id).update(status="closed")
    with pytest.raises(TravellerFileError) as caught:
        import_travellers(section, read_rows(CSV.encode(), "t.csv"))
    assert len(caught.value.errors) == 3
    assert all("This session is closed" in fault for fault in caught.value.errors)
    assert not Result.objects.exists()


def test_a_usebio_teams_file_is_stored_in_bulk_with_one_audit_entry(api):
    """A 4-team round robin of 2 rounds played, out as USEBIO and back in:
    every room's line stored, one audit entry for the file."""
    from io import StringIO

    from django.core.management import call_command
    from teams_play import create, play_round

    from tournaments.importers.results_files import results_file_import

    event = create(api, 4, format="round-robin")
    for number in (1, 2):
        play_round(api, event["id"], number)
    out = StringIO()
    call_command("export_usebio", str(event["id"]), stdout=out)
    played = Result.objects.filter(board__section__session__event=event["id"])
    again = results_file_import(out.getvalue().encode())
    lines = Result.objects.filter(board__section__session__event=again)
    assert lines.count() == played.count() > 0
    assert set(lines.values_list("source", flat=True)) == {Source.IMPORT}
    (change,) = ResultChange.objects.filter(section__session__event=again)
    assert (change.action, change.after["lines"]) == ("import", played.count())
    assert sorted(change.after["sections"]) == ["1A", "2A"]  # round 3 unplayed


def test_a_pair_already_on_the_board_the_other_way_is_refused():
    """An imported section (no movement): 2NS's line on board 1 removed, a
    traveller file gives 2NS against 4EW, who already played board 1 (against
    3NS): refused as the write path refuses it, nothing stored."""
    event = event_import(parse_sessions(pbn_field(3, 3), name="Field"))
    section = event.sessions.get().sections.get()
    Result.objects.filter(board__number=1, ns_pair__number=2).delete()
    rows = read_rows(b"board,ns,ew,contract,declarer,result\n1,2NS,4EW,4S,N,=\n", "t")
    with pytest.raises(TravellerFileError) as caught:
        import_travellers(section, rows)
    assert caught.value.errors == [
        "Line 2: board 1 (2NS v 4EW): Pair 4EW already has a result on board 1."
    ]
    assert Result.objects.count() == 77


def test_the_audit_entry_keeps_a_printable_file_name(section):
    rows = read_rows(CSV.encode(), "t.csv")
    import_travellers(section, rows, file_name="night\x00\x1b.csv")
    change = ResultChange.objects.get()
    assert change.after["file"] == "night.csv"
    assert change.line == "night.csv: 3 lines imported"


def test_a_line_entered_while_the_file_is_checked_refuses_the_file(
    section, monkeypatch
):
    """A tablet stores 1NS v 1EW on board 1 after the file's lines were
    checked: the database refuses the file's copy, the file is refused with
    a clear fault (no 500) and none of its lines is stored."""
    from tournaments.services.bulk_lines import SectionLines
    from tournaments.services.results import result_submit

    checked = SectionLines.store

    def meanwhile(self, *args):
        board = section.boards.get(number=1)
        ns = section.pairs.get(number=1, direction="NS")
        ew = section.pairs.get(number=1, direction="EW")
        result_submit(board=board, ns_pair=ns, ew_pair=ew, contract="3NT",
                      declarer="S", tricks=9, rescore=False)  # fmt: skip
        return checked(self, *args)

    monkeypatch.setattr(SectionLines, "store", meanwhile)
    with pytest.raises(TravellerFileError) as caught:
        import_travellers(section, read_rows(CSV.encode(), "t.csv"))
    assert caught.value.errors == [
        "A line of this file was entered meanwhile in section A: nothing was "
        "stored; send the file again."
    ]
    assert not Result.objects.exists()  # the whole transaction rolled back


def test_an_uploaded_file_is_named_in_its_audit_entry(director):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = pbn_field(2, 2).encode()
    response = director.post(
        "/api/results-files/", {"file": SimpleUploadedFile("club night.pbn", data)}
    )
    assert response.status_code == 201, response.content
    change = ResultChange.objects.get()
    assert (change.after["file"], change.after["lines"]) == ("club night.pbn", 52)
    assert (change.user.get_username(), change.source) == ("td", Source.IMPORT)
