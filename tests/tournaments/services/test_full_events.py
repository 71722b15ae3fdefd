"""Whole club nights through HTTP: entries, travellers, ranking and Excel.

A 7-table Mitchell (14 pairs, 7 rounds x 3 boards) and a 4-table Howell
(8 pairs, 7 rounds x 3 boards), every traveller typed in the director's form,
with results designed so that the matchpoints can be worked out by hand.
"""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from director_forms import NEW_EVENT_SETTINGS, new_section_form, typed_line
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.models import Event, Result, Section

pytestmark = pytest.mark.django_db


def create_event(director, name: str) -> Event:
    response = director.post(
        reverse("director:event-new"),
        {"name": name, "date": "2026-11-24"} | NEW_EVENT_SETTINGS,
    )
    assert response.status_code == 302
    return Event.objects.get(name=name)


def start_section(director, event: Event, pairs: int, kind: str) -> Section:
    url, data = new_section_form(
        director,
        event,
        pairs,
        lambda i: (f"North{i + 1}", f"South{i + 1}"),
        kind=kind,
        boards_per_round=3,
        rounds=7,
    )
    response = director.post(url, data)
    assert response.status_code == 302, response.context["form"].errors
    return Section.objects.get(session__event=event)


def enter_all_travellers(director, section, line_for, capture) -> None:
    """Type every board's traveller; ``line_for(row)`` gives (contract, by, result)."""
    for board in section.boards.order_by("number"):
        url = reverse("director:traveller", args=[section.pk, board.number])
        rows = director.get(url).context["rows"]
        data = {"next": ""}
        for row in rows:
            data |= typed_line(row.index, *line_for(row))
        with capture(execute=True):
            response = director.post(url, data)
        assert response.status_code == 302


def number(label: str) -> int:
    return int(re.match(r"\d+", label).group())


def test_a_seven_table_mitchell_from_entries_to_excel(
    director, django_capture_on_commit_callbacks
):
    event = create_event(director, "Tuesday Mitchell")
    section = start_section(director, event, 14, "mitchell")
    assert (section.tables, section.rounds, section.boards.count()) == (7, 7, 21)

    # At the table where NS pair t sits, 1NT by North takes 6 + t tricks:
    # 90, 120, ... 270 for t = 1..7 whatever the vulnerability.  On every
    # board NS pair t beats the t - 1 lower pairs: 2(t - 1) MP of a top of 12,
    # so over 21 boards NS pair t scores (t - 1) / 6 = 0, 16.67, ... 100 %.
    # Every EW pair meets every NS pair on 3 boards: 126 of 252, 50 %.
    def line_for(row):
        return "1NT", "N", str(6 + number(row.ns_label))

    enter_all_travellers(
        director, section, line_for, django_capture_on_commit_callbacks
    )
    assert Result.objects.filter(board__section=section).count() == 147

    page = director.get(reverse("results:event", args=[event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    expected_ns = {t: round(100 * (t - 1) / 6, 2) for t in range(1, 8)}
    for pct in expected_ns.values():
        assert f"{pct:.2f}" in html
    rankings = {
        ranking["direction"]: ranking["entries"] for ranking in section_rankings(event)
    }
    assert [(e["pair"], e["pct"], e["rank"]) for e in rankings["NS"]] == [
        (str(t), expected_ns[t], str(8 - t)) for t in range(7, 0, -1)
    ]
    assert {(e["pct"], e["rank"]) for e in rankings["EW"]} == {(50.0, "1=")}
    assert all(e["mp"] == 126 and e["boards"] == 21 for e in rankings["EW"])

    workbook = load_workbook(
        BytesIO(director.get(reverse("results:excel", args=[event.pk])).content)
    )
    sheet = workbook["Ranking"]
    header = [cell.value for cell in sheet[1]]
    assert header[:4] == ["Ranking", "Rank", "Tied", "Pair"]
    assert sheet.freeze_panes == "A2"
    rows = [dict(zip(header, row, strict=True)) for row in sheet.iter_rows(
        min_row=2, values_only=True)]  # fmt: skip
    assert len(rows) == 14
    excel = {(row["Ranking"], str(row["Pair"])): row for row in rows}
    for direction, entries in rankings.items():
        for entry in entries:
            row = excel[direction, entry["pair"]]
            assert round(row["%"] * 100, 2) == entry["pct"]
            assert row["MP"] == entry["mp"]
            assert f"{row['Rank']}{row['Tied'] or ''}" == entry["rank"]
    assert sheet.cell(row=2, column=header.index("%") + 1).number_format == "0.00%"
    travellers = workbook["Travellers"]
    assert travellers.max_row == 1 + 147
    assert "Pair 1NS" in workbook.sheetnames and "Pair 7EW" in workbook.sheetnames


def section_rankings(event: Event) -> list[dict]:
    from tournaments.selectors.pairs import event_sections, stored_report
    from tournaments.selectors.pairs_json import report_json

    return report_json(event, [stored_report(s) for s in event_sections(event)])[
        "rankings"
    ]


def howell_score(ns: int) -> tuple[str, str, str]:
    """NS pair p's result: -120, -90 for pairs 1, 2; then 90, 120 ... 240."""
    if ns == 1:
        return "1NT", "E", "8"
    if ns == 2:
        return "1NT", "E", "7"
    return "1NT", "N", str(4 + ns)


def test_a_four_table_howell_from_entries_to_ranking(
    director, django_capture_on_commit_callbacks
):
    event = create_event(director, "Thursday Howell")
    section = start_section(director, event, 8, "howell")
    assert (section.tables, section.rounds, section.boards.count()) == (4, 7, 21)

    enter_all_travellers(
        director,
        section,
        lambda row: howell_score(number(row.ns_label)),
        django_capture_on_commit_callbacks,
    )
    assert Result.objects.filter(board__section=section).count() == 84

    # Worked independently of the scorer: on each board the NS pairs are
    # ranked by their number; NS p gets 2 MP per lower-numbered NS pair on
    # the board, EW gets the top (6) minus its opponents' MP.
    lines = Result.objects.filter(board__section=section).select_related(
        "board", "ns_pair", "ew_pair"
    )
    by_board: dict[int, list] = {}
    for line in lines:
        by_board.setdefault(line.board.number, []).append(line)
    earned: dict[int, float] = {}
    for board_lines in by_board.values():
        for line in board_lines:
            mp = 2 * sum(
                other.ns_pair.number < line.ns_pair.number for other in board_lines
            )
            earned[line.ns_pair.number] = earned.get(line.ns_pair.number, 0) + mp
            earned[line.ew_pair.number] = earned.get(line.ew_pair.number, 0) + 6 - mp
    (ranking,) = section_rankings(event)
    assert ranking["direction"] is None
    assert len(ranking["entries"]) == 8
    for entry in ranking["entries"]:
        mp = earned[int(entry["pair"])]
        assert entry["mp"] == mp
        assert entry["pct"] == round(100 * mp / 126, 2)
    # Pair 8 is top whenever it sits NS and bottom's opposite when EW.
    assert ranking["entries"][0]["pair"] == "8"
    page = director.get(reverse("results:event", args=[event.pk])).content.decode()
    assert f"{ranking['entries'][0]['pct']:.2f}" in page
