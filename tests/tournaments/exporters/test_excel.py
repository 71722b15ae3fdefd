"""The Excel workbook against the results pages, on a night scored by hand.

A 3-table Mitchell (MovementChoice("mitchell", 3, 2): 3 rounds of 2 boards,
every board played 3 times, top 4 MP) entered through ``result_submit`` and
``result_adjust``, rescored by the scoring task on commit.  The seating is
the movement's, checked below:

    boards 1-2: 1NS v 1EW, 2NS v 3EW, 3NS v 2EW
    boards 3-4: 1NS v 3EW, 2NS v 2EW, 3NS v 1EW
    boards 5-6: 1NS v 2EW, 2NS v 1EW, 3NS v 3EW

NS pair 1 always scores +110 (2S= by N), NS pair 2 always +140 (2S+1 by N);
NS pair 3 scores +140 on boards 1 and 3, -110 (2H= by E) on boards 2, 4, 5,
and gets A+ (EW A-) on board 6.  Worked by hand, 2 MP per score beaten, 1 per
tie:

    boards 1, 3   +110 +140 +140  NS MP 0, 3, 3
    boards 2, 4, 5  +110 +140 -110  NS MP 2, 4, 0
    board 6: A+ is 60 % of 4 = 2.4 (EW 1.6); the two real lines are factored
    from 2 results to 3 (Neuberg): (MP + 1) x 3/2 - 1, so +110 gets 0.5 and
    +140 gets 3.5 (EW 3.5 and 0.5).

    NS: 2NS 3+4+3+4+4+3.5 = 21.5 of 24, 89.58 % (1); 3NS 3+0+3+0+0+2.4 = 8.4,
        35.00 % (2); 1NS 0+2+0+2+2+0.5 = 6.5, 27.08 % (3)
    EW: 3EW 1+0+4+2+4+1.6 = 12.6, 52.50 % (1);
        1EW 4+2+1+4+0+0.5 = 11.5 and 2EW 1+4+1+0+2+3.5 = 11.5, 47.92 % (2=)

The night (and the demo's events, for the other kinds of workbook) is played
once for the module (``played_night``); a test that changes its rows does it
in its own savepoint.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from io import BytesIO, StringIO
from typing import TYPE_CHECKING

import pytest
from django.core.management import call_command
from django.test import Client, TestCase
from django.urls import reverse
from django.utils import translation
from openpyxl import Workbook, load_workbook
from page_text import table_rows
from section_play import Played, enter_line

from tests.support.module_world import module_world
from tournaments.models import Board, Event, Pair, Section, Session
from tournaments.selectors.movement import section_movement
from tournaments.services.events import (
    MovementChoice,
    PairEntry,
    event_create,
    section_create,
)

if TYPE_CHECKING:
    from demo_world import DemoCopy

pytestmark = pytest.mark.django_db

NAMES = ["Ada – Ben", "Cy – Di", "Ed – Flo", "Gus – Hal", "Ivy – Jo", "Kim – Lu"]
# Board -> (NS pair, EW pair) of its three lines, as in the docstring.
TABLES = {
    (1, 2): {(1, 1), (2, 3), (3, 2)},
    (3, 4): {(1, 3), (2, 2), (3, 1)},
    (5, 6): {(1, 2), (2, 1), (3, 3)},
}
SEATING = {board: lines for boards, lines in TABLES.items() for board in boards}
PLUS_110, PLUS_140, MINUS_110 = ("2S", "N", 8), ("2S", "N", 9), ("2H", "E", 8)
ADJUSTED = "A+/A-"
# (group, rank, pair number, names, MP, %) as worked out in the docstring.
RANKING = [
    ("NS", "1", 2, "Cy – Di", 21.5, 89.58),
    ("NS", "2", 3, "Ed – Flo", 8.4, 35.00),
    ("NS", "3", 1, "Ada – Ben", 6.5, 27.08),
    ("EW", "1", 3, "Kim – Lu", 12.6, 52.50),
    ("EW", "2=", 1, "Gus – Hal", 11.5, 47.92),
    ("EW", "2=", 2, "Ivy – Jo", 11.5, 47.92),
]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def ns_result(board: int, ns: int) -> Played | None:
    """NS pair ``ns``'s line on ``board``; None for 3NS's A+ (EW A-) on board 6."""
    if ns == 1:
        return PLUS_110
    if ns == 2:
        return PLUS_140
    if board == 6:
        return None
    return PLUS_140 if board in (1, 3) else MINUS_110


def play_section(session: Session, capture) -> Section:
    """Lay out the 3-table Mitchell and enter every line; the task rescores."""
    section = section_create(
        session=session,
        choice=MovementChoice("mitchell", 3, 2),
        entries=[PairEntry(names=name) for name in NAMES],
    )
    movement = section_movement(section)
    pairs = {pair.label: pair for pair in section.pairs.all()}
    seating: dict[int, set[tuple[int, int]]] = {}
    with capture(execute=True):
        for s in movement.seatings:
            ns = pairs[movement.pair(s.ns).label]
            ew = pairs[movement.pair(s.ew).label]
            for number in s.boards:
                seating.setdefault(number, set()).add((ns.number, ew.number))
                board = section.boards.get(number=number)
                enter_line(board, ns, ew, ns_result(number, ns.number))
    assert seating == SEATING
    return section


@pytest.fixture(scope="module")
def played_night(
    django_db_setup, django_db_blocker, demo_copy: DemoCopy
) -> Iterator[int]:
    """The night's section (its pk), played and scored once for the module:
    each test reads it in its own savepoint (:func:`night`).

    The demo's events are laid first, for the tests of the other kinds of
    workbook (:func:`demo_events`): its rows keep the primary keys they were
    copied with, which rows made before them may hold (SQLite gives the keys
    of rolled-back rows again), so the demo cannot be laid after the night.
    """

    def build() -> int:
        demo_copy.lay()
        event = event_create(name="Tuesday Pairs", date=dt.date(2026, 11, 24))
        return play_section(event.sessions.get(), TestCase.captureOnCommitCallbacks).pk

    with module_world(django_db_blocker, build) as night:
        yield night


@pytest.fixture
def night(db, played_night: int) -> Section:
    """The played night's section, read again for the test, which may change
    its rows (its savepoint gives the next test the night as played)."""
    return Section.objects.get(pk=played_night)


@pytest.fixture
def demo_events(db, played_night: int) -> None:
    """The demo club's events, laid with the night (:func:`played_night`)."""


def workbook_of(client: Client, event_id: int) -> Workbook:
    response = client.get(reverse("results:excel", args=[event_id]))
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX
    return load_workbook(BytesIO(response.content))


def sheet_rows(workbook: Workbook, title: str) -> list[dict[str, object]]:
    sheet = workbook[title]
    header = [cell.value for cell in sheet[1]]
    return [
        dict(zip(header, row, strict=True))
        for row in sheet.iter_rows(min_row=2, values_only=True)
    ]


def placed(row: dict[str, object]) -> str:
    """A ranking row's place as the pages print it: the number and its tie mark."""
    return f"{row['Rank']}{row['Tied'] or ''}"


def board_page(client: Client, section: Section, number: int):
    response = client.get(reverse("results:board", args=[section.pk, number]))
    assert response.status_code == 200
    return response


def test_the_event_page_shows_the_ranks_worked_out_by_hand(client, night):
    response = client.get(reverse("results:event", args=[night.session.event_id]))
    assert response.status_code == 200
    shown = [
        (group, row.rank, row.pair.number, row.pair.names, row.mp, round(row.pct, 2))
        for group, rows in response.context["rankings"].items()
        for row in rows
    ]
    assert shown == [pytest.approx(expected) for expected in RANKING]
    rows = {cells[2]: cells for cells in table_rows(response.content.decode())[1:]}
    assert rows["Ivy – Jo"] == ["2=", "2", "Ivy – Jo", "11.5", "24", "47.92", "6"]
    assert rows["Cy – Di"] == ["1", "2", "Cy – Di", "21.5", "24", "89.58", "6"]
    assert rows["Ed – Flo"][3:6] == ["8.4", "24", "35.00"]


def test_the_traveller_page_shows_the_lines_worked_out_by_hand(client, night):
    cells = table_rows(board_page(client, night, 6).content.decode())
    by_pairs = {(row[0], row[1]): row for row in cells[1:]}
    assert by_pairs[("1", "2")] == [
        "1", "2", "2♠", "N", "", "=", "110", "", "0.5", "3.5", "12.50", "87.50",
    ]  # fmt: skip
    assert by_pairs[("2", "1")][6:] == ["140", "", "3.5", "0.5", "87.50", "12.50"]
    assert by_pairs[("3", "3")][3:] == ["2.4", "1.6", "60.00", "40.00"]
    assert "A+/A-" in by_pairs[("3", "3")][2]
    cells = table_rows(board_page(client, night, 2).content.decode())
    board_two = {(row[0], row[1]): row for row in cells[1:]}
    assert board_two[("3", "2")] == [
        "3", "2", "2♥", "E", "", "=", "", "110", "0", "4", "0.00", "100.00",
    ]  # fmt: skip


def test_a_pairs_scorecard_is_worked_out_by_hand(client, night):
    pair = Pair.objects.get(section=night, number=2, direction="EW")
    response = client.get(reverse("results:pair", args=[night.pk, pair.pk]))
    assert response.status_code == 200
    rows = [
        (
            row["line"].result.board.number,
            row["direction"],
            row["opponents"].label,
            row["score"],
            row["mp"],
            row["pct"],
        )
        for row in response.context["rows"]
    ]
    assert rows == [
        (1, "EW", "3NS", -140, 1, 25),
        (2, "EW", "3NS", 110, 4, 100),
        (3, "EW", "2NS", -140, 1, 25),
        (4, "EW", "2NS", -140, 0, 0),
        (5, "EW", "1NS", -110, 2, 50),
        (6, "EW", "1NS", -110, 3.5, 87.5),
    ]
    standing = response.context["standing"]
    assert (standing.rank, standing.mp, standing.top) == ("2=", 11.5, 24)
    assert round(standing.pct, 2) == 47.92
    page = table_rows(response.content.decode())
    # "Total" twice: once over the wide page's 7 columns, once over a phone's 4.
    assert page[-1] == ["Total", "Total", "11.5", "24", "47.92"]


def test_unknown_ids_are_404(client, night):
    event = night.session.event
    other = event_create(name="Other", date=dt.date(2026, 11, 25))
    stranger = section_create(
        session=other.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    ).pairs.first()
    missing = [
        reverse("results:event", args=[event.pk + 100]),
        reverse("results:excel", args=[event.pk + 100]),
        reverse("results:board", args=[night.pk + 100, 1]),
        reverse("results:board", args=[night.pk, 7]),
        reverse("results:pair", args=[night.pk + 100, night.pairs.first().pk]),
        reverse("results:pair", args=[night.pk, stranger.pk]),
    ]
    for url in missing:
        assert client.get(url).status_code == 404, url


def test_the_ranking_sheet_holds_the_page_numbers(client, night):
    event_id = night.session.event_id
    page = client.get(reverse("results:event", args=[event_id])).context["rankings"]
    response = client.get(reverse("results:excel", args=[event_id]))
    assert 'filename="tuesday-pairs.xlsx"' in response["Content-Disposition"]
    workbook = load_workbook(BytesIO(response.content))
    pair_sheets = {f"Pair {n}{d}" for n in (1, 2, 3) for d in ("NS", "EW")}
    assert workbook.sheetnames[:2] == ["Ranking", "Travellers"]
    assert set(workbook.sheetnames[2:]) == pair_sheets
    assert len(workbook.sheetnames) == 8
    rows = sheet_rows(workbook, "Ranking")
    expected = [
        (group or "", row.rank, row.pair.number, row.mp, row.top, row.pct, row.boards)
        for group, entries in page.items()
        for row in entries
    ]
    got = [
        (r["Ranking"], placed(r), r["Pair"], r["MP"], r["Top"], 100 * r["%"],
         r["Boards"])
        for r in rows
    ]  # fmt: skip
    assert got == [pytest.approx(row, abs=1e-4) for row in expected]
    assert [(placed(r), round(100 * r["%"], 2)) for r in rows] == [
        (rank, pct) for _, rank, _, _, _, pct in RANKING
    ]
    # The place is a number; the two EW pairs on 11.5 share place 2, which
    # the column beside marks "=".
    assert [(r["Rank"], r["Tied"]) for r in rows] == [
        (1, None), (2, None), (3, None), (1, None), (2, "="), (2, "="),
    ]  # fmt: skip
    sheet = workbook["Ranking"]
    assert [cell.data_type for cell in sheet["B"][1:]] == ["n"] * 6
    for cell in (
        sheet["B"][1:]
        + sheet["D"][1:]
        + sheet["F"][1:]
        + sheet["H"][1:]
        + sheet["I"][1:]
    ):
        assert type(cell.value) is int or type(cell.value) is float, cell.coordinate
    assert {cell.number_format for cell in sheet["H"][1:]} == {"0.00%"}
    assert {cell.number_format for cell in sheet["F"][1:]} == {"0.00"}
    assert all(cell.font.b for cell in sheet[1])


def test_the_travellers_sheet_holds_the_page_numbers(client, night):
    workbook = workbook_of(client, night.session.event_id)
    rows = sheet_rows(workbook, "Travellers")
    assert len(rows) == 18
    for number in range(1, 7):
        lines = board_page(client, night, number).context["lines"]
        page = sorted(
            (li.result.ns_pair.number, li.result.ew_pair.number, li.result.score_ns,
             li.mp_ns, li.mp_ew, li.pct_ns, li.pct_ew)
            for li in lines
        )  # fmt: skip
        sheet = sorted(
            (r["NS"], r["EW"], r["NS score"], r["MP NS"], r["MP EW"],
             100 * r["% NS"], 100 * r["% EW"])
            for r in rows
            if r["Board"] == number
        )  # fmt: skip
        assert sheet == [pytest.approx(line, abs=1e-4) for line in page], number
    line = next(r for r in rows if (r["Board"], r["NS"], r["EW"]) == (1, 3, 2))
    assert line == {
        **line,
        "Session": 1,
        "Section": "A",
        "Contract": "2S",
        "Declarer": "N",
        "Tricks": 9,
        "Result": "+1",
        "NS score": 140,
        "MP NS": 3,
        "MP EW": 1,
        "% NS": 0.75,
        "% EW": 0.25,
    }
    adjusted = next(r for r in rows if r["Adjusted"])
    shown = [adjusted[k] for k in ("Board", "NS score", "MP NS", "% NS", "% EW")]
    assert (adjusted["Adjusted"], shown) == (ADJUSTED, [6, None, 2.4, 0.6, 0.4])
    sheet = workbook["Travellers"]
    header = [cell.value for cell in sheet[1]]
    for name in ("MP NS", "MP EW", "% NS", "% EW"):
        column = sheet[chr(ord("A") + header.index(name))][1:]
        assert all(type(cell.value) in (int, float) for cell in column), name
        expected = "0.00%" if name.startswith("%") else "0.00"
        assert {cell.number_format for cell in column} == {expected}, name


def test_every_sheet_has_a_frozen_bold_header_and_fitted_columns(client, night):
    workbook = workbook_of(client, night.session.event_id)
    for sheet in workbook.worksheets:
        assert sheet.freeze_panes == "A2", sheet.title
        assert all(cell.font.b for cell in sheet[1]), sheet.title
        names = sheet.column_dimensions["D"].width
        assert names >= max(len(str(c.value or "")) for c in sheet["D"]), sheet.title


def test_a_scorecard_sheet_is_from_the_pairs_side(client, night):
    rows = sheet_rows(workbook_of(client, night.session.event_id), "Pair 2EW")
    shown = [(r["Board"], r["Opponents"], r["Score"], r["MP"], r["%"]) for r in rows]
    assert shown == [
        (1, "3NS", -140, 1, 0.25),
        (2, "3NS", 110, 4, 1),
        (3, "2NS", -140, 1, 0.25),
        (4, "2NS", -140, 0, 0),
        (5, "1NS", -110, 2, 0.5),
        (6, "1NS", -110, 3.5, 0.875),
    ]  # fmt: skip


def test_two_sessions_add_up_on_the_page_and_in_the_workbook(
    client, night, django_capture_on_commit_callbacks
):
    event = night.session.event
    second = Session.objects.create(event=event, number=2)
    play_section(second, django_capture_on_commit_callbacks)
    response = client.get(reverse("results:event", args=[event.pk]))
    shown = [
        (g, row.rank, row.pair.names, row.mp, row.top, round(row.pct, 2), row.boards)
        for g, rows in response.context["rankings"].items()
        for row in rows
    ]
    assert shown == [
        pytest.approx((g, rank, names, 2 * mp, 48, pct, 12))
        for g, rank, _, names, mp, pct in RANKING
    ]
    workbook = workbook_of(client, event.pk)
    ranking = sheet_rows(workbook, "Ranking")
    assert [(placed(r), r["MP"], round(100 * r["%"], 2)) for r in ranking] == [
        (rank, pytest.approx(2 * mp), pct) for _, rank, _, _, mp, pct in RANKING
    ]
    assert len(sheet_rows(workbook, "Travellers")) == 36
    titles = workbook.sheetnames[2:]
    assert len(titles) == 12 and len(set(titles)) == 12
    assert all(len(title) <= 31 and not re.search(r"[\[\]:*?/\\]", title)
               for title in titles)  # fmt: skip


def import_pbn(path, capture) -> Event:
    """Import a PBN session as the director would; the task scores it on commit."""
    out = StringIO()
    with capture(execute=True):
        call_command("import_pbn", str(path), stdout=out)
    return Event.objects.get(pk=int(out.getvalue().strip()))


def test_an_imported_mitchell_matches_its_pages(
    client, data_dir, django_capture_on_commit_callbacks
):
    pbn = data_dir / "pbn" / "newtonbridge_20160120_1.pbn"
    event = import_pbn(pbn, django_capture_on_commit_callbacks)
    section = Section.objects.get(session__event=event)
    workbook = workbook_of(client, event.pk)
    travellers = sheet_rows(workbook, "Travellers")
    assert len(travellers) == 240
    page = client.get(reverse("results:event", args=[event.pk])).context["rankings"]
    assert list(page) == ["NS", "EW"]
    ranking = sheet_rows(workbook, "Ranking")
    assert [(r["Ranking"], placed(r), r["Pair"]) for r in ranking] == [
        (group, row.rank, row.pair.number)
        for group, rows in page.items()
        for row in rows
    ]
    assert [round(100 * r["%"], 2) for r in ranking] == [
        round(row.pct, 2) for rows in page.values() for row in rows
    ]
    board = Board.objects.filter(section=section).exclude(deal="").first()
    assert board_page(client, section, board.number).context["record"] is None
    Event.objects.filter(pk=section.session.event_id).update(published=True)
    response = board_page(client, section, board.number)
    assert response.context["record"] is not None  # hands shown once published
    assert "♠" in response.content.decode()
    lines = response.context["lines"]
    sheet = [r for r in travellers if r["Board"] == board.number]
    assert sorted((r["NS"], r["MP NS"], round(100 * r["% NS"], 2)) for r in sheet) == (
        sorted(
            (li.result.ns_pair.number, round(li.mp_ns, 2), round(li.pct_ns, 2))
            for li in lines
        )
    )


def test_an_imported_howell_has_one_ranking(
    client, jfr_session, django_capture_on_commit_callbacks
):
    event = import_pbn(jfr_session.pbn, django_capture_on_commit_callbacks)
    page = client.get(reverse("results:event", args=[event.pk])).context["rankings"]
    assert list(page) == [None]
    ranking = sheet_rows(workbook_of(client, event.pk), "Ranking")
    assert {r["Ranking"] for r in ranking} == {None}  # blank: no direction
    assert [r["Pair"] for r in ranking] == [row.pair.number for row in page[None]]


def test_a_deal_with_unknown_hands_still_shows_its_traveller(client, night):
    Board.objects.filter(section=night, number=1).update(
        deal="N:AKQJT98765432... - - -"
    )
    assert board_page(client, night, 1).status_code == 200


def test_names_are_never_written_as_formulas(client, night):
    Pair.objects.filter(section=night, number=1, direction="NS").update(
        names='=HYPERLINK("http://example.com","x")'
    )
    sheet = workbook_of(client, night.session.event_id)["Ranking"]
    names = [cell for cell in sheet["E"][1:] if str(cell.value).startswith("=")]
    assert names and all(cell.data_type == "s" for cell in names)


def test_a_pairs_scorecard_charts_its_percentage_board_by_board(client, night):
    pair = Pair.objects.get(section=night, number=2, direction="EW")
    response = client.get(reverse("results:pair", args=[night.pk, pair.pk]))
    chart = response.context["chart"]
    # 25, 100, 25, 0, 50, 87.5 % on a 112-pixel scale centred on 50 %.
    assert [(bar.label, bar.above, bar.height) for bar in chart.bars] == [
        ("1", False, 28.0),
        ("2", True, 56.0),
        ("3", False, 28.0),
        ("4", False, 56.0),
        ("5", True, 1.0),
        ("6", True, 42.0),
    ]
    svg = response.content.decode()
    svg = svg[svg.index('<svg class="chart"') : svg.index("</svg>")]
    assert svg.count("<rect") == 6 and 'class="below"' in svg
    assert "Board 6: 87.5" in svg


def test_a_french_reader_gets_a_french_workbook(client, night):
    """Headers and sheet titles follow the reader's language; the numbers and
    their formats do not change."""
    event_id = night.session.event_id
    response = client.get(
        reverse("results:excel", args=[event_id]), HTTP_ACCEPT_LANGUAGE="fr"
    )
    workbook = load_workbook(BytesIO(response.content))
    assert workbook.sheetnames[:2] == ["Classement", "Feuilles ambulantes"]
    assert "Paire 1NS" in workbook.sheetnames
    english = workbook_of(Client(HTTP_ACCEPT_LANGUAGE="en"), event_id)
    french, source = workbook["Classement"], english["Ranking"]
    header = [cell.value for cell in french[1]]
    with translation.override("fr"):
        tied = translation.gettext("Tied")
    assert header[:5] == ["Classement", "Rang", tied, "Paire", "Noms"]
    rows = zip(french.iter_rows(min_row=2), source.iter_rows(min_row=2), strict=True)
    for row_fr, row_en in rows:
        assert [c.value for c in row_fr] == [c.value for c in row_en]
        assert [c.number_format for c in row_fr] == [c.number_format for c in row_en]
    assert french.cell(row=2, column=header.index("%") + 1).number_format == "0.00%"


@pytest.mark.parametrize(
    ("kind", "first_sheet"),
    [
        ("teams", "Classement"),
        ("whiz", "Classement"),
        ("barbu", "Classement"),
        ("chinese", "Classement"),
    ],
)
def test_every_kind_of_workbook_speaks_french(demo_events, client, kind, first_sheet):
    Event.objects.update(published=True)
    event = Event.objects.filter(kind=kind).first()
    response = client.get(
        reverse("results:excel", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 200
    workbook = load_workbook(BytesIO(response.content))
    assert workbook.sheetnames[0] == first_sheet
    english = [
        s for s in workbook.sheetnames if s in ("Ranking", "Travellers", "Matches")
    ]
    assert english == []
