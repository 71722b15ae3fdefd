"""``import_pbn`` then ``score_event --json`` on real published sessions."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from pbn_files import score_table_pbn

from tournaments.models import Event, Result, ResultChange, Source

pytestmark = pytest.mark.django_db


def import_pbn(path, *args: str) -> int:
    out = StringIO()
    call_command("import_pbn", str(path), *args, stdout=out)
    return int(out.getvalue().strip())


def score_event(event_id: int, *args: str) -> dict:
    out = StringIO()
    call_command("score_event", str(event_id), "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def test_it_reproduces_the_jfr_percentages_line_by_line(jfr_session):
    """JFR Pary, Warsaw barometer 2 Aug 2012 (jarekczek/pbntools test data).

    JFR matchpoints among the real results, without Neuberg; its "TD" lines
    are not in the PBN, so the real lines alone make each board.
    """
    event_id = import_pbn(jfr_session.pbn)
    report = score_event(event_id, "--neuberg", "off")
    boards = {board["board"]: board["lines"] for board in report["boards"]}
    assert sorted(boards) == list(range(1, 28))
    for number, lines in boards.items():
        ours = sorted(
            (int(x["ns"]), int(x["ew"]), x["pct_ns"], x["pct_ew"]) for x in lines
        )
        published = sorted(
            (line.ns, line.ew, line.pct_ns, line.pct_ew)
            for line in jfr_session.board(number)
            if not line.director
        )
        assert ours == published, number


def test_it_prints_the_json_contract_of_score_event(jfr_session):
    event_id = import_pbn(jfr_session.pbn, "--name", "Barometr")
    assert Event.objects.get(pk=event_id).name == "Barometr"
    report = score_event(event_id, "--neuberg", "off", "--scale", "2")
    line = report["boards"][0]["lines"][0]
    assert set(line) >= {
        "ns", "ew", "contract", "declarer", "tricks", "score_ns", "adjusted",
        "mp_ns", "mp_ew", "pct_ns", "pct_ew",
    }  # fmt: skip
    assert line == {
        **line,
        "ns": "1",
        "ew": "2",
        "contract": "4H",
        "declarer": "S",
        "tricks": 9,
        "score_ns": -50,
        "adjusted": None,
        "mp_ns": 12.0,
        "mp_ew": 2.0,
        "pct_ns": 85.71,
        "pct_ew": 14.29,
    }
    (ranking,) = report["rankings"]  # pairs changed direction: one ranking
    assert ranking["direction"] is None
    entry = ranking["entries"][0]
    assert set(entry) >= {"rank", "pair", "mp", "pct", "boards"}
    assert entry["rank"] == "1"


def test_the_acbl_scale_halves_the_matchpoints_not_the_percentages(jfr_session):
    event_id = import_pbn(jfr_session.pbn)
    line = score_event(event_id, "--neuberg", "off", "--scale", "1")["boards"][0][
        "lines"
    ][0]
    assert (line["mp_ns"], line["pct_ns"]) == (6.0, 85.71)


def test_it_imports_a_bridgewebs_score_table_mitchell(data_dir):
    """Newton Bridge Club STaC game (rchillyard/Bridge test resources)."""
    event_id = import_pbn(data_dir / "pbn" / "newtonbridge_20160120_1.pbn")
    assert Result.objects.filter(board__section__session__event=event_id).count() == (
        240
    )
    report = score_event(event_id)
    assert [r["direction"] for r in report["rankings"]] == ["NS", "EW"]
    for board in report["boards"]:
        n = len(board["lines"])
        assert sum(line["mp_ns"] for line in board["lines"]) == pytest.approx(
            n * (n - 1), abs=0.05
        )


def test_a_bad_file_is_refused_with_its_line_and_nothing_is_stored(tmp_path):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Event "x"]\n[Board "1"]\n[North "A"]\n[South "A"]\n'
                   '[East "B"]\n[West "B"]\n[Contract "8S"]\n[Declarer "N"]\n'
                   '[Result "9"]\n')  # fmt: skip
    with pytest.raises(CommandError, match=r"line 1.*8S"):
        import_pbn(bad)
    assert not Event.objects.exists()


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match="No such file"):
        import_pbn(tmp_path / "nope.pbn")


def test_score_event_names_an_unknown_event():
    with pytest.raises(CommandError, match="no event 999"):
        score_event(999)


SCORE_TABLE_PBN = score_table_pbn(
    "Adjusted night",
    [
        ["1 11 4S S 10", "2 12 4S S 11", "3 13 4S S 9", "4 14 A+ - -"],
        ["1 12 3NT N 9", "2 13 3NT N 10", "3 14 3NT N 8", "4 11 3NT N 9"],
    ],
)


def test_it_imports_artificial_scores_and_applies_the_session_rule(tmp_path):
    """Board 1's fourth table got A+ for both sides (pairs 4NS and 14EW).

    Board 2: 3NT= (+400) for 1NS and 4NS, 3NT+1 (+430) for 2NS, 3NT-1 (-50)
    for 3NS against 14EW.  4NS scores 3 of 6 (50 %) there, so its A+ stays
    60 % under the WBF/EBU session rule; 14EW scores 6 of 6 (100 %), so the
    rule lifts its A+ to 100 %.  Flat, both are 60 %.
    """
    path = tmp_path / "adjusted.pbn"
    path.write_text(SCORE_TABLE_PBN)
    event_id = import_pbn(path)
    flat = score_event(event_id)
    session = score_event(event_id, "--average-plus", "session")
    assert [r["direction"] for r in flat["rankings"]] == ["NS", "EW"]

    def artificial(report):
        (line,) = [
            line
            for board in report["boards"]
            for line in board["lines"]
            if line["adjusted"]
        ]
        return line

    assert artificial(flat)["adjusted"] == "A+"
    assert (artificial(flat)["pct_ns"], artificial(flat)["pct_ew"]) == (60.0, 60.0)
    assert artificial(session)["pct_ns"] == 60.0
    assert artificial(session)["pct_ew"] == 100.0


def test_imported_lines_go_through_the_write_path_and_are_audited(tmp_path):
    path = tmp_path / "adjusted.pbn"
    path.write_text(SCORE_TABLE_PBN)
    event_id = import_pbn(path)
    lines = Result.objects.filter(board__section__session__event_id=event_id)
    assert lines.count() == 8
    assert set(lines.values_list("source", flat=True)) == {Source.IMPORT}
    # One audit entry for the file (issue 21), not one a line.
    changes = ResultChange.objects.filter(section__session__event_id=event_id)
    assert list(changes.values_list("action", "source", "board", "after")) == [
        (
            "import",
            Source.IMPORT,
            None,
            {"file": "adjusted.pbn", "lines": 8, "sections": {"A": 8}},
        )
    ]


def test_a_pair_twice_on_a_board_is_refused_and_nothing_is_stored(tmp_path):
    path = tmp_path / "twice.pbn"
    path.write_text(SCORE_TABLE_PBN.replace("4 11 3NT N 9", "1 11 3NT N 9"))
    with pytest.raises(
        CommandError,
        match=r"Board 2, line 17 \(1 v 11\): pair 1 plays this board twice",
    ):
        import_pbn(path)
    assert not Event.objects.exists()
    assert not Result.objects.exists()


def test_score_event_scores_by_butler_imps_on_request(tmp_path):
    """The adjusted night by Butler (drop top and bottom, 5 away from zero).

    Board 1: +420, +450, -50 and an A+ for both sides; the datum keeps the
    middle real score, 420: 0, +1 (30), -10 (-470); A+ is +3 IMPs to each
    side and stays out of the datum.  Board 2: +600, +630, -100, +600; the
    datum drops +630 and -100: 600; +630 is +1, -100 is -12 (-700).
    NS: 4NS 3 + 0, 2NS 1 + 1, 1NS 0, 3NS -10 - 12; EW: 14EW 3 + 12,
    13EW 10 - 1, 11EW 0, 12EW -1 + 0.
    """
    path = tmp_path / "adjusted.pbn"
    path.write_text(SCORE_TABLE_PBN)
    report = score_event(import_pbn(path), "--method", "butler")
    assert report["method"] == "butler"
    assert [board["datum"] for board in report["boards"]] == [420, 600]
    board_1, board_2 = (board["lines"] for board in report["boards"])
    assert [(x["score_ns"], x["imp_ns"], x["imp_ew"]) for x in board_1] == [
        (420, 0, 0), (450, 1, -1), (-50, -10, 10), (None, 3, 3),
    ]  # fmt: skip
    assert [x["imp_ns"] for x in board_2] == [0, 1, -12, 0]
    assert {x["mp_ns"] for x in board_1 + board_2} == {None}
    ranks = {
        ranking["direction"]: [
            (e["rank"], e["pair"], e["imps"]) for e in ranking["entries"]
        ]
        for ranking in report["rankings"]
    }
    assert ranks == {
        "NS": [("1", "4", 3), ("2", "2", 2), ("3", "1", 0), ("4", "3", -22)],
        "EW": [("1", "14", 15), ("2", "13", 9), ("3", "11", 0), ("4", "12", -1)],
    }


def test_score_event_scores_by_cross_imps_on_request(tmp_path):
    """Board 1 by cross-IMPs: +420 is -1 + 10 over 2 comparisons, 4.5; +450 is
    1 + 11, 6; -50 is -10 - 11, -10.5; the A+ line is +3 for both sides."""
    path = tmp_path / "adjusted.pbn"
    path.write_text(SCORE_TABLE_PBN)
    event_id = import_pbn(path)
    report = score_event(event_id, "--method", "cross-imps")
    board_1 = report["boards"][0]
    assert "datum" not in board_1
    assert [x["imp_ns"] for x in board_1["lines"]] == [4.5, 6, -10.5, 3]
    total = score_event(event_id, "--method", "cross-imps", "--cross-imps", "total")
    assert [x["imp_ns"] for x in total["boards"][0]["lines"]] == [9, 12, -21, 3]
    plain = score_event(event_id)
    assert plain["method"] == "mp"
    assert "imp_ns" not in plain["boards"][0]["lines"][0]
    assert "imps" not in plain["rankings"][0]["entries"][0]
