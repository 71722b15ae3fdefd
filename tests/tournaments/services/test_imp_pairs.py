"""Pairs events scored by IMPs: stored by the scorer, printed by ``score_event``,
shown on the results pages and in the workbook.

The oracles are two Compscore3 sessions published in USEBIO (abftech/cobalt
test files ``butler_howell.xml`` and ``cross_imp_howell.xml``): their lines
are stored as an imported Howell, then rescored as the scoring task does.
"""

from __future__ import annotations

import datetime as dt
import json
import xml.etree.ElementTree as ET
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from openpyxl import load_workbook
from page_text import cell_text, table_rows
from section_play import enter_board

from scoring.imps import butler_datum
from tournaments.models import Board, Event, Pair, PairScore, Result, Section, Source
from tournaments.rescore import rescore_section
from tournaments.services.events import MovementChoice, event_create, section_create

pytestmark = pytest.mark.django_db


def published_pairs(path: Path) -> dict[int, tuple[float, str]]:
    """Each pair's published TOTAL_SCORE (IMPs) and PLACE."""
    root = ET.parse(path).getroot()
    return {
        int(pair.findtext("PAIR_NUMBER", "0")): (
            float(pair.findtext("TOTAL_SCORE", "nan")),
            pair.findtext("PLACE", ""),
        )
        for pair in root.iter("PAIR")
    }


def store_usebio(boards, event: Event, number: int = 1) -> Section:
    """Store a USEBIO session's lines as an imported Howell of ``event``."""
    session = event.sessions.get_or_create(number=number)[0]
    section = Section.objects.create(
        session=session,
        movement=Section.Movement.NONE,
        tables=max(len(board.lines) for board in boards),
        rounds=0,
        boards_per_round=0,
    )
    numbers = {
        int(n) for b in boards for li in b.lines for n in (li.ns_pair, li.ew_pair)
    }
    pairs = {
        n: Pair.objects.create(section=section, number=n, names=f"Pair {n}")
        for n in sorted(numbers)
    }
    for board in boards:
        stored = Board.objects.create(section=section, number=board.number)
        Result.objects.bulk_create(
            Result(
                board=stored,
                ns_pair=pairs[int(line.ns_pair)],
                ew_pair=pairs[int(line.ew_pair)],
                score_ns=line.score,
                source=Source.IMPORT,
            )
            for line in board.lines
        )
    rescore_section(section.pk)
    return section


@pytest.fixture
def butler_night(usebio_boards) -> Section:
    event = event_create(
        name="Monday Butler", date=dt.date(2026, 3, 9), method="butler"
    )
    return store_usebio(usebio_boards("butler_howell.xml"), event)


@pytest.fixture
def cross_night(usebio_boards) -> Section:
    event = event_create(
        name="Cross-IMP night", date=dt.date(2026, 3, 9), method="cross-imps"
    )
    return store_usebio(usebio_boards("cross_imp_howell.xml"), event)


def stored_lines(section: Section) -> list[Result]:
    return list(
        Result.objects.filter(board__section=section).order_by(
            "board__number", "ns_pair__number"
        )
    )


def published_lines(boards) -> list[tuple[float, float]]:
    return sorted(
        ((b.number, int(li.ns_pair)), (li.ns_points, li.ew_points))
        for b in boards
        for li in b.lines
    )


def stored_scores(section: Section) -> dict[int, tuple[float, str]]:
    return {
        s.pair.number: (round(s.imps, 2), s.rank)
        for s in PairScore.objects.filter(pair__section=section).select_related("pair")
    }


def test_rescoring_stores_the_compscore_butler_figures(
    butler_night, usebio_boards, data_dir
):
    """Every line's IMPs, every board's datum, every pair's total and place."""
    boards = usebio_boards("butler_howell.xml")
    lines = stored_lines(butler_night)
    ours = sorted(
        ((r.board.number, r.ns_pair.number), (r.imp_ns, r.imp_ew)) for r in lines
    )
    assert ours == published_lines(boards)
    assert {(r.mp_ns, r.pct_ns, r.top) for r in lines} == {(None, None, None)}
    datums = dict(butler_night.boards.values_list("number", "datum"))
    assert datums == {board.number: board.average for board in boards}
    assert stored_scores(butler_night) == published_pairs(
        data_dir / "usebio" / "butler_howell.xml"
    )
    scores = PairScore.objects.filter(pair__section=butler_night)
    assert {(s.mp, s.top, s.pct, s.boards, s.ranking) for s in scores} == {
        (None, None, None, 35, "")
    }


def test_rescoring_stores_the_compscore_cross_imps(
    cross_night, usebio_boards, data_dir
):
    boards = usebio_boards("cross_imp_howell.xml")
    ours = sorted(
        ((r.board.number, r.ns_pair.number), (round(r.imp_ns, 2), round(r.imp_ew, 2)))
        for r in stored_lines(cross_night)
    )
    assert ours == published_lines(boards)
    assert set(cross_night.boards.values_list("datum", flat=True)) == {None}
    assert stored_scores(cross_night) == published_pairs(
        data_dir / "usebio" / "cross_imp_howell.xml"
    )


def test_going_back_to_matchpoints_clears_the_imps(butler_night):
    Event.objects.filter(pk=butler_night.session.event_id).update(method="mp")
    rescore_section(butler_night.pk)
    lines = stored_lines(butler_night)
    assert {(r.imp_ns, r.imp_ew) for r in lines} == {(None, None)}
    assert all(r.pct_ns is not None for r in lines)
    assert set(butler_night.boards.values_list("datum", flat=True)) == {None}
    scores = PairScore.objects.filter(pair__section=butler_night)
    assert {s.imps for s in scores} == {None}
    assert all(s.pct is not None for s in scores)


def test_a_mitchell_butler_night_goes_through_the_scoring_task(
    django_capture_on_commit_callbacks,
):
    """Board 1 of a 3-table Mitchell: 4H= (+420), 4H+1 (+450) and an A+/A-.

    Two real results are too few to trim, so the datum is their mean, 435,
    rounded 5 away from zero to 440: +420 is -1 IMP (-20), +450 is 0 (10).
    The A+/A- line is +3 / -3 IMPs and takes no part in the datum.
    """
    event = event_create(name="Butler night", date=dt.date(2026, 11, 24))
    Event.objects.filter(pk=event.pk).update(method="butler")
    section = section_create(
        session=event.sessions.get(), choice=MovementChoice("mitchell", 3, 2)
    )
    with django_capture_on_commit_callbacks(execute=True):
        enter_board(section, 1, [("4H", "N", 10), ("4H", "N", 11), None])
    board = section.boards.get(number=1)
    assert board.datum == 440
    lines = sorted(
        (r.score_ns or 0, r.imp_ns, r.imp_ew)
        for r in Result.objects.filter(board=board)
    )
    assert lines == [(0, 3, -3), (420, -1, 1), (450, 0, 0)]
    rankings = {s.ranking for s in PairScore.objects.filter(pair__section=section)}
    assert rankings == {"NS", "EW"}


def score_event(event_id: int, *args: str) -> dict:
    out = StringIO()
    call_command("score_event", str(event_id), "--json", *args, stdout=out)
    return json.loads(out.getvalue())


def test_score_event_prints_the_butler_shape(butler_night, usebio_boards):
    event_id = butler_night.session.event_id
    report = score_event(event_id)
    assert report["method"] == "butler"
    boards = usebio_boards("butler_howell.xml")
    assert [b["datum"] for b in report["boards"]] == [b.average for b in boards]
    line = report["boards"][0]["lines"][0]
    assert set(line) == {
        "ns", "ew", "contract", "declarer", "tricks", "lead", "score_ns",
        "adjusted", "absent", "mp_ns", "mp_ew", "pct_ns", "pct_ew", "imp_ns",
        "imp_ew",
    }  # fmt: skip
    assert line["absent"] is None
    published = boards[0].lines[0]
    assert (line["imp_ns"], line["imp_ew"]) == (
        published.ns_points,
        published.ew_points,
    )
    (ranking,) = report["rankings"]
    assert ranking["direction"] is None
    first = ranking["entries"][0]
    assert (first["rank"], first["pair"], first["imps"], first["boards"]) == (
        "1", "4", 34, 35,
    )  # fmt: skip
    assert (first["mp"], first["pct"]) == (None, None)


def test_score_event_options_change_the_datum(butler_night, usebio_boards):
    """ACBLscore's choices: 5 % of 4 results drops none, 5 goes to the even ten."""
    report = score_event(
        butler_night.session.event_id,
        "--butler-trim", "5pct", "--butler-rounding", "half-even",
    )  # fmt: skip
    boards = usebio_boards("butler_howell.xml")
    expected = [
        butler_datum(
            [line.score for line in board.lines],
            drop_fraction=0.05,
            rounding="half-even",
        )
        for board in boards
    ]
    assert [b["datum"] for b in report["boards"]] == expected
    assert expected != [board.average for board in boards]


def test_score_event_scores_another_method_than_the_events(
    butler_night, cross_night, usebio_boards
):
    crossed = score_event(butler_night.session.event_id, "--method", "cross-imps")
    assert crossed["method"] == "cross-imps"
    assert all("datum" not in board for board in crossed["boards"])
    for board in crossed["boards"]:
        assert sum(x["imp_ns"] for x in board["lines"]) == pytest.approx(0, abs=0.03)
    matchpoints = score_event(cross_night.session.event_id, "--method", "mp")
    assert "imp_ns" not in matchpoints["boards"][0]["lines"][0]
    assert all(x["pct_ns"] is not None for x in matchpoints["boards"][0]["lines"])
    butler = score_event(cross_night.session.event_id, "--method", "butler")
    boards = usebio_boards("cross_imp_howell.xml")
    assert [b["datum"] for b in butler["boards"]] == [
        butler_datum([line.score for line in board.lines]) for board in boards
    ]


def test_score_event_prints_imps_as_text(butler_night):
    out = StringIO()
    call_command("score_event", str(butler_night.session.event_id), stdout=out)
    first = out.getvalue().splitlines()[1]
    assert first.split()[:4] == ["1", "4", "34.00", "IMPs"]


def test_the_event_page_ranks_by_imps(client, cross_night):
    response = client.get(reverse("results:event", args=[cross_night.session.event_id]))
    assert response.status_code == 200
    rows = table_rows(response.content.decode())
    assert rows[0] == ["Rank", "Pair", "Names", "IMPs", "Boards", "IMPs per board"]
    assert rows[1] == ["1", "2", "Pair 2", "30.33", "24", "1.26"]
    assert rows[-1][:4] == ["9", "8", "Pair 8", "-42"]
    assert "Cross-IMPs" in response.content.decode()


def test_the_board_page_shows_the_datum_and_the_imps(client, butler_night):
    response = client.get(reverse("results:board", args=[butler_night.pk, 1]))
    assert response.status_code == 200
    page = response.content.decode()
    assert "Butler datum: NS 160" in cell_text(page)
    rows = table_rows(page)
    assert rows[0][-2:] == ["IMP NS", "IMP EW"]
    assert "MP NS" not in rows[0]
    by_ns = {row[0]: row for row in rows[1:]}
    for line in response.context["lines"]:
        shown = by_ns[str(line.result.ns_pair.number)][-2:]
        assert shown == [f"{line.imp_ns:g}", f"{line.imp_ew:g}"]


def test_the_pair_page_adds_up_its_imps(client, butler_night):
    pair = Pair.objects.get(section=butler_night, number=4)
    response = client.get(reverse("results:pair", args=[butler_night.pk, pair.pk]))
    assert response.status_code == 200
    rows = response.context["rows"]
    assert len(rows) == 35
    assert sum(row["imps"] for row in rows) == 34
    page = response.content.decode()
    assert "34 IMPs" in cell_text(page)
    # "Total" twice: the wide and the narrow (phone) heading of the same row.
    assert table_rows(page)[-1] == ["Total", "Total", "34"]


def test_two_imp_sessions_add_up(client, butler_night, usebio_boards, data_dir):
    store_usebio(usebio_boards("butler_howell.xml"), butler_night.session.event, 2)
    response = client.get(
        reverse("results:event", args=[butler_night.session.event_id])
    )
    (rows,) = response.context["rankings"].values()
    published = published_pairs(data_dir / "usebio" / "butler_howell.xml")
    assert {row.pair.number: (row.imps, row.rank, row.boards) for row in rows} == {
        n: (2 * imps, place, 70) for n, (imps, place) in published.items()
    }


def sheet_rows(workbook, title: str) -> list[dict[str, object]]:
    sheet = workbook[title]
    header = [cell.value for cell in sheet[1]]
    return [
        dict(zip(header, row, strict=True))
        for row in sheet.iter_rows(min_row=2, values_only=True)
    ]


def test_the_workbook_holds_the_imps_and_the_datums(
    client, butler_night, usebio_boards, data_dir
):
    response = client.get(
        reverse("results:excel", args=[butler_night.session.event_id])
    )
    assert response.status_code == 200
    workbook = load_workbook(BytesIO(response.content))
    ranking = sheet_rows(workbook, "Ranking")
    assert list(ranking[0]) == [
        "Ranking", "Rank", "Tied", "Pair", "Names", "IMPs", "Boards",
        "IMPs per board",
    ]  # fmt: skip
    published = published_pairs(data_dir / "usebio" / "butler_howell.xml")
    assert {
        r["Pair"]: (r["IMPs"], f"{r['Rank']}{r['Tied'] or ''}") for r in ranking
    } == published
    assert ranking[0]["IMPs per board"] == round(34 / 35, 2)
    assert {c.number_format for c in workbook["Ranking"]["F"][1:]} == {"0.00"}
    travellers = sheet_rows(workbook, "Travellers")
    boards = usebio_boards("butler_howell.xml")
    assert "MP NS" not in travellers[0]
    assert sorted(
        ((r["Board"], r["NS"]), (r["IMP NS"], r["IMP EW"])) for r in travellers
    ) == published_lines(boards)
    datums = {board.number: board.average for board in boards}
    assert all(r["Datum"] == datums[r["Board"]] for r in travellers)
    card = sheet_rows(workbook, "Pair 4")
    assert list(card[0])[-1] == "IMPs"
    assert sum(r["IMPs"] for r in card) == 34
