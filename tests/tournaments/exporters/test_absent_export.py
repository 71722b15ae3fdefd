"""An award against an absent pair kept by the exports: PBN (an ``Absent``
column that ``import_pbn`` reads back), USEBIO (``A6000``) and Excel."""

from __future__ import annotations

from io import BytesIO, StringIO

import pytest
from django.core.management import call_command
from openpyxl import load_workbook
from running_play import enter_rounds, percentages

from games.errors import GameError
from tournaments.exporters.workbook import event_workbook_bytes
from tournaments.importers.pbn import parse_session
from tournaments.services.absent_awards import pair_absent

pytestmark = pytest.mark.django_db


@pytest.fixture
def absent_night(five_tables):
    """The five-table Mitchell, 2EW absent in round 5 (boards 9-10 v 1NS)."""
    enter_rounds(five_tables, range(1, 5))
    pair_absent(five_tables, pair="2EW", first=5, award="60/40")
    enter_rounds(five_tables, range(5, 6))
    percentages(five_tables)
    return five_tables.session.event


def test_the_pbn_export_keeps_the_absent_side(absent_night):
    out = StringIO()
    call_command("export_pbn", str(absent_night.pk), stdout=out)
    text = out.getvalue()
    assert text.count("Absent\\2L") == 2  # boards 9 and 10 only
    session = parse_session(text)
    awards = [line for line in session.lines if line.adjusted]
    assert [(line.board, line.adjusted, line.absent) for line in awards] == [
        (9, ("60", "40"), "EW"),
        (10, ("60", "40"), "EW"),
    ]


def test_the_usebio_export_prints_the_award(absent_night):
    out = StringIO()
    call_command("export_usebio", str(absent_night.pk), stdout=out)
    assert out.getvalue().count("<SCORE>A6040</SCORE>") == 2


def test_the_workbook_names_the_absent_side(absent_night):
    workbook = load_workbook(BytesIO(event_workbook_bytes(absent_night)))
    cells = [
        cell
        for row in workbook["Travellers"].iter_rows(values_only=True)
        for cell in row
        if isinstance(cell, str) and "absent" in cell
    ]
    assert cells == ["60/40 – EW absent", "60/40 – EW absent"]


def test_a_bad_absent_cell_is_refused_naming_the_board():
    text = """[Board "1"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Absent"]
1 11 - - - 60% 40% XX
2 12 4S S 10 420 - -
"""
    with pytest.raises(GameError, match=r'board 1.*Absent "XX"'):
        parse_session(text)
