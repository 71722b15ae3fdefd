"""Hand records: a dealer program's PBN deals attached to an event's boards."""

from __future__ import annotations

import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.deal import Deal
from games.pbn import read_pbn
from tournaments.importers.hand_records import import_hand_records
from tournaments.models import Board
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    event = event_create(name="Tuesday", date=dt.date(2026, 11, 24))
    section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    return event


def test_the_westwood_deals_attach_to_boards_one_to_six(event, shared_data):
    path = shared_data / "pbn" / "westwood_20190625_1.pbn"
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
