"""Hand records: a dealer program's PBN deals attached to an event's boards."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.deal import Deal
from games.double_dummy import available
from games.pbn import read_pbn
from tournaments.importers import hand_records
from tournaments.importers.hand_records import import_hand_records
from tournaments.models import Board
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db
NEWTON_1 = "N:A97653.94.AT5.A8 K.JT862.K987.754 Q42.AKQ73.62.KT3 JT8.5.QJ43.QJ962"


@pytest.fixture
def event():
    event = event_create(name="Tuesday", date=dt.date(2026, 11, 24))
    section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    return event


def test_the_westwood_deals_attach_to_boards_one_to_six(event, data_dir):
    path = data_dir / "pbn" / "westwood_20190625_1.pbn"
    out, err = StringIO(), StringIO()
    call_command("import_deals", str(event.pk), str(path), stdout=out, stderr=err)
    assert out.getvalue().strip() == "6 boards given their deal"
    games = {g.board: g for g in read_pbn(path.read_bytes()) if g.board}
    for board in Board.objects.filter(section__session__event=event):
        assert Deal.from_pbn(board.deal) == games[board.number].deal
    # The file has more boards than this 6-board event: reported, not refused.
    assert "No board numbered 7" in err.getvalue()


def test_a_wrong_dealer_is_reported(event):
    text = (
        '[Board "1"]\n[Dealer "S"]\n[Vulnerable "None"]\n'
        '[Deal "N:J8754.96.K3.JT92 T.AKJT874.75.AQ4 96.52.AT864.K865 '
        'AKQ32.Q3.QJ92.73"]\n\n'
    )
    report = import_hand_records(event, text)
    assert report.attached == 1
    assert report.warnings == ["Board 1 (line 1): dealer S, but board 1 is dealt by N"]


def test_a_malformed_file_names_the_line_and_stores_nothing(event, tmp_path):
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Board "1"]\n[Deal "N:AKQ.xx"]\n')
    with pytest.raises(CommandError, match=r"[Ll]ine 2"):
        call_command("import_deals", str(event.pk), str(bad))
    assert not Board.objects.exclude(deal="").exists()


def test_a_file_with_the_analysis_gives_each_board_its_table_and_par(event, data_dir):
    """Winchester's export: the [OptimumResultTable] wins over a [DoubleDummyTricks]
    that disagrees with it (it writes 1 where the table says 2)."""
    path = data_dir / "pbn" / "WinchesterJuly2026.pbn"
    import_hand_records(event, path.read_bytes())
    board = Board.objects.get(section__session__event=event, number=1)
    assert board.dd_tricks == "22245222458bb988bb98"
    if available():
        assert board.par == "4S E +1, 4S W +1, 4H E +1, 4H W +1: EW 450"


def test_without_the_solver_the_par_is_the_files_score(event, data_dir, monkeypatch):
    monkeypatch.setattr(hand_records, "available", lambda: False)
    path = data_dir / "pbn" / "newtonbridge_20160120_1.pbn"
    import_hand_records(event, path.read_bytes())
    boards = Board.objects.filter(section__session__event=event).order_by("number")
    assert [board.par for board in boards] == [
        "NS 450", "EW 400", "NS 460", "NS 600", "EW 430", "EW 100",
    ]  # fmt: skip
    assert boards[0].dd_tricks == "9ba679ba672236622366"


def test_a_new_deal_drops_the_analysis_of_the_old_one(event):
    Board.objects.filter(section__session__event=event, number=1).update(
        deal=NEWTON_1, dd_tricks="9ba679ba672236622366", par_score=450
    )
    other = "N:K.JT862.K987.754 Q42.AKQ73.62.KT3 JT8.5.QJ43.QJ962 A97653.94.AT5.A8"
    import_hand_records(event, f'[Board "1"]\n[Deal "{other}"]\n')
    board = Board.objects.get(section__session__event=event, number=1)
    assert (board.deal, board.dd_tricks, board.par_score) == (other, "", None)


def test_a_section_added_later_gets_the_sessions_deals(event, data_dir):
    """Hand records imported with section A, then section B set up: B's boards
    come with the same deals and analysis; another session's boards do not."""
    import_hand_records(
        event, (data_dir / "pbn" / "WinchesterJuly2026.pbn").read_bytes()
    )
    session = event.sessions.get()
    section_b = section_create(
        session=session, choice=MovementChoice("mitchell", 3, 2), letter="B"
    )
    a_board = Board.objects.get(section__session=session, section__letter="A", number=1)
    b_board = section_b.boards.get(number=1)
    assert (b_board.deal, b_board.dd_tricks) == (a_board.deal, a_board.dd_tricks)
    assert b_board.deal and b_board.dd_tricks == "22245222458bb988bb98"
    from tournaments.models import Session

    second = Session.objects.create(event=event, number=2)
    later = section_create(session=second, choice=MovementChoice("mitchell", 3, 2))
    assert not later.boards.exclude(deal="").exists()
